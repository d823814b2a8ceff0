import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vacuumAnalyze } from '../../server/db/maintenance';
import { listingFixture } from './helpers/listings';
import { createTestApp, type TestApp } from './helpers/test-app';

// The embedded database has no autovacuum: `npm run db:vacuum` sets the visibility map that the
// word index's index-only scans need, and the planner's statistics.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const f = await listingFixture(t);
  for (let i = 0; i < 40; i += 1) await f.add({ name: `Live music ${i}`, description: '<p>Band and DJ for weddings</p>' });
});
afterAll(() => t.close());

const visiblePages = async () => {
  const [row] = await t.deps.rawQuery<{ pages: number; visible: number }>({
    name: null, values: [], text: "select relpages::int as pages, relallvisible::int as visible from pg_class where relname = 'listing_words'",
  });
  return row!;
};

describe('vacuumAnalyze', () => {
  it('marks the word index table all-visible and counts its rows for the planner', async () => {
    await vacuumAnalyze(t.deps.db);
    const after = await visiblePages();
    expect(after.pages).toBeGreaterThan(0);
    expect(after.visible).toBe(after.pages);
    // Written since: no longer all-visible until the next vacuum.
    await t.deps.db.execute(sql`update listings set name = name || ' live' where name = 'Live music 0'`);
    await vacuumAnalyze(t.deps.db);
    const again = await visiblePages();
    expect(again.visible).toBe(again.pages);
    const [counted] = await t.deps.rawQuery<{ n: number }>({ name: null, values: [], text: "select reltuples::int as n from pg_class where relname = 'listing_words'" });
    expect(counted!.n).toBeGreaterThan(40 * 5);
  });
});
