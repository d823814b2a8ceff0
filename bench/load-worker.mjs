// The load generator, in plain JavaScript so it runs in a worker thread without a TS loader.
// `concurrency` keep-alive clients send back to back for `seconds`; bounded in time, and only
// ever aimed at the local server. Reports throughput and latency percentiles.
//
// Client, server and database share this machine's two cores, so every microsecond the client
// spends is taken from what it measures. The default client ('socket') writes one pre-encoded
// request per keep-alive socket and reads only the status line, the length and the body's end:
// less than half of node:http's CPU per request (bench/README.md, "A lighter load generator").
// `client: 'node-http'` (BENCH_LOAD_CLIENT=node-http) keeps the older client, to compare figures
// taken with it.
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { encodeRequest, responseReader } from './http-wire.mjs';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

function summary(spec, latencies, errors, start) {
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { name: spec.name, requests: latencies.length, errors, seconds, rps: latencies.length / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

// --- node:http -------------------------------------------------------------------------------

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

async function loadNodeHttp(spec) {
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
  return summary(spec, latencies, errors, start);
}

// --- raw keep-alive sockets ------------------------------------------------------------------

function loadSockets(spec) {
  const concurrency = spec.concurrency ?? 64;
  const url = new URL(spec.url);
  const port = Number(url.port || 80);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const bytes = encodeRequest(spec);
  const expect = spec.expect ?? [200];
  const latencies = [];
  let errors = 0;
  const start = performance.now();
  const end = start + (spec.seconds ?? 5) * 1000;
  return new Promise((resolve) => {
    let open = concurrency;
    const finished = () => {
      open -= 1;
      if (open === 0) resolve(summary(spec, latencies, errors, start));
    };
    const client = () => {
      let sentAt = 0;
      let waiting = false;
      let connected = false;
      const read = responseReader();
      const socket = connect({ port, host, noDelay: true });
      const next = () => {
        if (performance.now() >= end) {
          socket.end();
          return;
        }
        sentAt = performance.now();
        waiting = true;
        socket.write(bytes);
      };
      socket.on('connect', () => {
        connected = true;
        next();
      });
      socket.on('data', (chunk) => {
        for (const status of read(chunk)) {
          latencies.push(performance.now() - sentAt);
          waiting = false;
          if (!expect.includes(status)) errors += 1;
          next();
        }
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        // A refused connection is an error, as node:http counted it (a scenario on a dead server is not 0 errors).
        if (!connected) errors += 1;
        // A request the server never answered is an error; its client starts again on a new socket.
        if (waiting) {
          errors += 1;
          latencies.push(performance.now() - sentAt);
          if (performance.now() < end) return client();
        }
        finished();
      });
    };
    for (let i = 0; i < concurrency; i += 1) client();
  });
}

function load(spec) {
  return spec.client === 'node-http' ? loadNodeHttp(spec) : loadSockets(spec);
}

parentPort.postMessage(await load(workerData));
