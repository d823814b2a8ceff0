// The load generator, in plain JavaScript so it runs in a worker thread without a TS loader.
// `concurrency` keep-alive clients send back to back for `seconds`; bounded in time, and only
// ever aimed at the local server. Reports throughput and latency percentiles.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

function send(agent, spec) {
  return new Promise((resolve, reject) => {
    const req = request(spec.url, { method: spec.method ?? 'GET', headers: spec.headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(spec.body);
  });
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

async function load(spec) {
  const concurrency = spec.concurrency ?? 64;
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let errors = 0;
  const start = performance.now();
  const end = start + (spec.seconds ?? 5) * 1000;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        if (!(spec.expect ?? [200]).includes(await send(agent, spec))) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  }));
  agent.destroy();
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { name: spec.name, requests: latencies.length, errors, seconds, rps: latencies.length / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

parentPort.postMessage(await load(workerData));
