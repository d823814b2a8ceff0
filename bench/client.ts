/**
 * The app's data layer, timed in Node: Dexie on fake-indexeddb (IndexedDB semantics in memory;
 * a browser's IndexedDB differs, so read these as the cost of our code paths, not of Chromium's
 * storage) and the write queue replaying against the real API in this process.
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { eq, and } from 'drizzle-orm';
import { configureApiOrigin, configureAuth } from '../src/api/http';
import { db } from '../src/db/database';
import { putCards } from '../src/db/listings';
import { searchPageQuery } from '../src/db/queries';
import { searchPageKey, searchQueryKey } from '../src/db/search-key';
import type { ListingCard, SearchRequest } from '../src/domain/listings';
import { queueWrite, userEntries } from '../src/sync/outbox';
import { createReplayer } from '../src/sync/replay';
import { addFavorite, removeFavorite } from '../src/sync/entities/favorites';
import { idempotencyKeys } from '../server/db/schema';
import { createTestApp } from '../tests/server/helpers/test-app';
import { signUp } from '../tests/server/helpers/accounts';
import { listingFixture } from '../tests/server/helpers/listings';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function card(i: number): ListingCard {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Listing ${i}`,
    shortDescription: 'A venue for weddings, parties and conferences in Oslo.',
    price: i % 7 === 0 ? null : 1000 + i,
    cardImageUri: null,
    categoryId: `cat-${i % 8}`,
    subCategoryId: `sub-${i % 24}`,
    subCategoryServiceIds: [],
    company: { id: `co-${i % 60}`, name: `Company ${i % 60}`, logoImageUri: null },
  };
}

/** Mirror 10,000 listings (one transaction, as a pull writes them), then read one browse page of 24. */
async function dexieFigures() {
  await db.delete();
  await db.open();
  const cards = Array.from({ length: 10_000 }, (_, i) => card(i));
  const mirrorRuns: number[] = [];
  for (let run = 0; run < 3; run++) {
    await db.listings.clear();
    const start = performance.now();
    await db.transaction('rw', [db.listings], () => putCards(cards, Date.now()));
    mirrorRuns.push(performance.now() - start);
  }
  const request: SearchRequest = { categoryId: 'cat-3', pageNumber: 2, pageSize: 24 };
  await db.searchPages.put({
    key: searchPageKey(request), queryKey: searchQueryKey(request), pageNumber: 2, pageSize: 24,
    listingIds: cards.filter((c) => c.categoryId === 'cat-3').slice(24, 48).map((c) => c.id),
    totalCount: 1250, totalPages: 53, hasNextPage: true, hasPreviousPage: true, sortBy: 'newest', sortDirection: 'desc', seed: null, fetchedAt: Date.now(),
  });
  const readRuns: number[] = [];
  for (let run = 0; run < 50; run++) {
    const start = performance.now();
    const page = await searchPageQuery(request);
    readRuns.push(performance.now() - start);
    if (page?.listings.length !== 24) throw new Error('the browse page did not read back 24 cards');
  }
  return { mirror: median(mirrorRuns), read: median(readRuns) };
}

/** 1,000 queued favourite writes (add and remove over 20 listings) replayed to the local API. */
async function replayFigures() {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  configureApiOrigin(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  try {
    const f = await listingFixture(t);
    const listings: string[] = [];
    for (let i = 0; i < 20; i++) listings.push((await f.add()).id);
    const user = await signUp(t);
    configureAuth({ getAccessToken: () => user.accessToken, refresh: () => Promise.reject(new Error('no refresh')), onSessionExpired: () => {} });
    await db.delete();
    await db.open();
    for (let i = 0; i < 1000; i++) {
      const listingId = listings[i % 20]!;
      await queueWrite(Math.floor(i / 20) % 2 === 0 ? addFavorite : removeFavorite, { listingId }, user.user.id);
    }
    const replayer = createReplayer({ getUserId: () => user.user.id, lock: (fn) => fn() });
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    await replayer.run();
    const ms = performance.now() - start;
    // Client and server share this process: its CPU time is the work done, whatever else the machine ran.
    const cpu = process.cpuUsage(cpuStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    replayer.stop();
    const applied = await t.deps.db.select().from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, user.user.id), eq(idempotencyKeys.state, 'done')));
    return { ms, cpuMs, applied: applied.length, left: (await userEntries(user.user.id)).length };
  } finally {
    configureApiOrigin('');
    await t.close();
  }
}

export async function clientBench(): Promise<void> {
  const dexie = await dexieFigures();
  const replay = await replayFigures();
  const met = (ok: boolean) => (ok ? 'met' : 'not met');
  console.log('\nClient data layer (Node, Dexie on fake-indexeddb; the API in this process on PGlite):');
  console.log('| measure | figure | target | |');
  console.log('|---|---:|---:|---|');
  console.log(`| mirror 10,000 listings into Dexie (median of 3) | ${dexie.mirror.toFixed(0)} ms | ≤ 500 ms | ${met(dexie.mirror <= 500)} |`);
  console.log(`| read one browse page of 24 from them (median of 50) | ${dexie.read.toFixed(1)} ms | ≤ 30 ms | ${met(dexie.read <= 30)} |`);
  console.log(`| replay 1,000 queued writes to the local API | ${replay.ms.toFixed(0)} ms | ≤ 3,000 ms | ${met(replay.ms <= 3000)} |`);
  console.log(`| CPU time of this process during the replay (client + server) | ${replay.cpuMs.toFixed(0)} ms | – | |`);
  console.log(`| writes the server applied (Idempotency-Key rows done) | ${replay.applied} | = 1,000 | ${met(replay.applied === 1000)} |`);
  console.log(`| entries left in the outbox | ${replay.left} | 0 | ${met(replay.left === 0)} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) void clientBench();
