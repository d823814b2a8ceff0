/**
 * npm run bench: figures on this machine, printed as tables (targets are read by people, never
 * asserted in tests): bundle sizes, the API, listing search, the client data layer (Dexie and the
 * write queue) and the app in Chromium (offline warm start, Lighthouse). The API scenarios run on a fresh embedded database in this process;
 * the search scenarios (bench/search.ts) on the database of `npm run seed:bench` when it exists.
 * BENCH_SECONDS sets the seconds per scenario; BENCH_SCENARIOS=search (or api) runs only those.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedDemoData } from '../server/db/seed';
import { createRuntime } from '../server/runtime';
import { printTable, runLoad, type LoadResult } from './http-load';
import { bundleBench } from './bundle';
import { searchBench } from './search';

async function apiBench(seconds: number) {
  const dataDir = await mkdtemp(join(tmpdir(), 'em-bench-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_AUTH_PER_MINUTE: '1000000', PORT: '0' }), staticDir: null };
  const { deps, database } = await createRuntime(config);
  await seedDemoData(deps.db, config.demoPassword, deps.fileStore);
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const json = { 'content-type': 'application/json' };
  try {
    const login = await (await fetch(`${base}/auth/login`, {
      method: 'POST', headers: json, body: JSON.stringify({ email: 'user@example.com', password: config.demoPassword }),
    })).json() as { accessToken: string };
    const manifestEtag = (await fetch(`${base}/files/manifest`)).headers.get('etag') ?? '';
    const loginBody = JSON.stringify({ email: 'user@example.com', password: config.demoPassword });
    const results: LoadResult[] = [];
    results.push(await runLoad({ name: 'GET /health (one DB ping)', url: `${base}/health`, seconds }));
    results.push(await runLoad({ name: 'GET /files/manifest (304)', url: `${base}/files/manifest`, headers: { 'if-none-match': manifestEtag }, expect: [304], seconds }));
    results.push(await runLoad({ name: 'GET /users/profile (JWT + DB)', url: `${base}/users/profile`, headers: { authorization: `Bearer ${login.accessToken}` }, seconds }));
    results.push(await runLoad({ name: 'POST /auth/login (argon2id), 8 clients', url: `${base}/auth/login`, method: 'POST', headers: json, body: loginBody, concurrency: 8, seconds }));
    console.log(`\nAPI on embedded PGlite, ${seconds} s per scenario, 64 concurrent clients unless noted (Node ${process.version}).`);
    printTable(results);
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** BENCH_SCENARIOS: a comma list of api, search, chat, stats, bundle, client, browser (default: all). */
async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const only = new Set((process.env.BENCH_SCENARIOS ?? 'api,search,chat,stats,bundle,client,browser').toLowerCase().split(',').map((x) => x.trim()));
  if (only.has('bundle')) bundleBench();
  if (only.has('api')) await apiBench(seconds);
  if (only.has('search')) await searchBench(seconds);
  if (only.has('chat')) await (await import('./chat-hub')).chatHubBench(seconds);
  if (only.has('stats')) await (await import('./stats')).statsBench();
  if (only.has('client')) await (await import('./client')).clientBench();
  if (only.has('browser')) await (await import('./browser')).browserBench();
}

// Exits when done: a scenario that could not close everything (bench/search.ts) must not keep the bench alive.
void main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
