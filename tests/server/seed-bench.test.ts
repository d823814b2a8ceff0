import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirFor } from '../../server/db/client';

// `npm run seed:bench` writes its listings oldest first, as a marketplace does, so the tables lie
// in date order on disk: the word index's walks depend on it (docs/decisions.md, "Listings in
// the order they were written"). On the embedded database only: the script is the same on both.

const run = promisify(execFile);
const TOTAL = 700;
let dir: string;
let firstOutput: string;

const seed = async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/scripts/seed-bench.ts', '--listings', String(TOTAL), '--data-dir', dir], { env, timeout: 120_000 });
  return stdout;
};

const isSorted = (dates: number[]) => dates.every((d, i) => i === 0 || dates[i - 1]! <= d);

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm run seed:bench', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'seed-bench-'));
    firstOutput = await seed();
  }, 150_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes the generated listings and their words oldest first, and adds nothing a second time', async () => {
    // "Adding 400 listings (300 → 700), oldest first": the demo seed's listings come first.
    const [, demoCount] = /\((\d+) → \d+\), oldest first/.exec(firstOutput) ?? [];
    const demo = Number(demoCount);
    expect(demo).toBeGreaterThan(0);
    const database = await openDatabase({ databaseUrl: null, pgliteDir: pgliteDirFor(dir) });
    try {
      const rows = <T>(query: ReturnType<typeof sql>) => database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
      const listings = await rows<{ id: string; created_at: string }>(sql`select id, created_at from listings order by ctid`);
      expect(listings).toHaveLength(TOTAL);
      // The demo's listings first, in the demo seed's order; then the generated ones by date.
      const generated = listings.slice(demo);
      const dates = generated.map((r) => new Date(r.created_at).getTime());
      expect(new Set(dates).size).toBeGreaterThan(100);
      expect(isSorted(dates)).toBe(true);
      const words = await rows<{ created_at: string }>(sql`select w.created_at from listing_words w
        where w.listing_id in (select id from listings order by ctid offset ${demo}) order by w.ctid`);
      expect(words.length).toBeGreaterThan(generated.length * 20);
      expect(isSorted(words.map((r) => new Date(r.created_at).getTime()))).toBe(true);
    } finally {
      await database.close();
    }
    expect(await seed()).toMatch(new RegExp(`${TOTAL} listings already, nothing to add`));
  }, 150_000);
});
