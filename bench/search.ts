/**
 * POST /listing/search on the benchmark database (`npm run seed:bench -- --listings 100000`):
 * text search, a category filter and each sort, beside a trivial route in the same run. Only
 * reads; the targets are printed, never asserted.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { count } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { listings } from '../server/db/schema';
import { createRuntime } from '../server/runtime';
import { SORT_OPTIONS } from '../src/domain/listings';
import { printTable, runLoad, type LoadResult } from './http-load';

const P95_TARGET_MS = 25;
const THROUGHPUT_TARGET = 0.3;
/** Norwegian and English words with different selectivity on the generated data. */
const TEXT_QUERIES = ['bryllup', 'fotograf', 'catering', 'music'];
const PAGE_SIZE = 24;
/** Where `npm run seed:bench` puts the embedded database by default. */
const DEFAULT_BENCH_DATA_DIR = '.tmp/bench-data';

export async function searchBench(seconds: number): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || null;
  const dataDir = resolve(process.env.BENCH_DATA_DIR ?? DEFAULT_BENCH_DATA_DIR);
  if (!databaseUrl && !existsSync(join(dataDir, 'db', 'PG_VERSION'))) {
    console.log(`\nNo bench database in ${dataDir}: create it with \`npm run seed:bench -- --listings 100000\` (skipping the search scenarios).`);
    return;
  }
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }), staticDir: null };
  const { deps, database } = await createRuntime(config);
  const app = await buildApp(deps);
  try {
    const [all] = await deps.db.select({ n: count() }).from(listings);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    const categories = await (await fetch(`${base}/category`)).json() as { id: string; name: string }[];
    const category = categories.find((c) => c.name === 'Catering') ?? categories[0];
    const json = { 'content-type': 'application/json' };
    const search = (name: string, body: Record<string, unknown>) =>
      runLoad({ name, url: `${base}/listing/search`, method: 'POST', headers: json, body: JSON.stringify({ pageNumber: 1, pageSize: PAGE_SIZE, ...body }), seconds });

    const trivial = await runLoad({ name: 'trivial: GET /api/does-not-exist (JSON 404, no DB)', url: `${base}/does-not-exist`, expect: [404], seconds });
    const results: LoadResult[] = [];
    for (const q of TEXT_QUERIES) results.push(await search(`text '${q}' (newest)`, { searchQuery: q }));
    if (category) results.push(await search(`category ${category.name} (newest)`, { categoryId: category.id }));
    for (const sort of SORT_OPTIONS) results.push(await search(`sort ${sort}${sort === 'random' ? ' (seed 42)' : ''}, no filter`, { sort, ...(sort === 'random' ? { seed: '42' } : {}) }));

    const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite (${dataDir})`;
    console.log(`\nPOST /api/listing/search on ${where}, ${all?.n ?? 0} listings, page size ${PAGE_SIZE}, ${seconds} s per scenario, 64 concurrent clients.`);
    printTable([trivial, ...results]);
    const minRps = trivial.rps * THROUGHPUT_TARGET;
    const mark = (ok: boolean) => (ok ? 'met    ' : 'not met');
    console.log(`Target p95 ≤ ${P95_TARGET_MS} ms:`);
    for (const r of results) console.log(`  ${mark(r.p95 <= P95_TARGET_MS)}  ${r.name}: p95 ${r.p95.toFixed(1)} ms`);
    console.log(`Target ≥ ${THROUGHPUT_TARGET * 100} % of the trivial route's ${Math.round(trivial.rps)} req/s (≥ ${Math.round(minRps)} req/s):`);
    for (const r of results) console.log(`  ${mark(r.rps >= minRps)}  ${r.name}: ${Math.round(r.rps)} req/s (${((r.rps / trivial.rps) * 100).toFixed(1)} %)`);
  } finally {
    await app.close();
    await database.close();
  }
}
