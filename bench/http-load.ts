import { Worker } from 'node:worker_threads';

export interface LoadSpec {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Statuses that count as success (default 200). */
  expect?: number[];
  concurrency?: number;
  seconds?: number;
  /** 'socket' (default): raw keep-alive sockets; 'node-http': node:http's client, used for every figure before 2026-11-24 17:25 UTC (BENCH_LOAD_CLIENT). */
  client?: 'socket' | 'node-http';
}

export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
}

/** Runs the load from a worker thread, so the client does not share the server's event loop. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const client = spec.client ?? (process.env.BENCH_LOAD_CLIENT === 'node-http' ? 'node-http' : 'socket');
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: { ...spec, client } });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
  });
}

export function printTable(results: LoadResult[]): void {
  console.table(results.map((r) => ({
    scenario: r.name, requests: r.requests, errors: r.errors, 'req/s': Math.round(r.rps),
    'p50 ms': r.p50.toFixed(1), 'p95 ms': r.p95.toFixed(1),
  })));
}
