/**
 * Statistics reads on a year of events for 1,000 listings (BENCH_SCENARIOS=stats): the events are
 * generated in SQL (generate_series) on a fresh embedded database (or DATABASE_URL, where what it
 * wrote is deleted again at the end: that is the search scenarios' database), then the
 * company statistics of one 20-listing company over 7/30/90/365 days and a listing's unique views
 * are timed through the service the routes call. The covering index on listing_events
 * (listing_id, created_at) INCLUDE (event_type) comes from migration 0011, like in production; a
 * VACUUM after the load sets the visibility map its index-only scans need. Figures are printed,
 * never asserted.
 * BENCH_STATS_EVENTS sets the number of events (default 2,000,000).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '../src/domain/constants';
import { openDatabase } from '../server/db/client';
import { categories, companies, listings, subCategories } from '../server/db/schema';
import { statisticsService } from '../server/modules/statistics/service';

const LISTINGS = 1000;
const PER_COMPANY = 20;
const BATCH = 250_000;
const RUNS = 5;
const DAY_MS = 86_400_000;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed<T>(run: () => Promise<T>): Promise<{ first: number; median: number; result: T }> {
  const times: number[] = [];
  let result!: T;
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    result = await run();
    times.push(performance.now() - start);
  }
  return { first: times[0]!, median: median(times.slice(1)), result };
}

export async function statsBench(): Promise<void> {
  const total = Number(process.env.BENCH_STATS_EVENTS ?? 2_000_000);
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || null, pgliteDir: null });
  const { db } = database;
  try {
    const now = new Date();
    const [category] = await db.insert(categories).values({ name: 'Bench', sortOrder: 1 }).returning();
    const [sub] = await db.insert(subCategories).values({ categoryId: category!.id, name: 'Bench' }).returning();
    const companyIds: string[] = [];
    for (let c = 0; c < LISTINGS / PER_COMPANY; c += 1) {
      const [company] = await db.insert(companies).values({ name: `Bench ${c} AS`, status: 100 }).returning();
      companyIds.push(company!.id);
      await db.insert(listings).values(Array.from({ length: PER_COMPANY }, (_, i) => ({
        companyId: company!.id, name: `Listing ${c}-${i}`, shortDescription: 'Short text', description: '<p>Bench</p>',
        categoryId: category!.id, subCategoryId: sub!.id, status: 200, isActive: true, price: 100,
      })));
    }
    // Half the events are views; device ids repeat within a listing (about 50 devices each) so
    // the unique-view windows have real chains to follow.
    const insertStart = performance.now();
    for (let from = 1; from <= total; from += BATCH) {
      const to = Math.min(total, from + BATCH - 1);
      await db.execute(sql`
        WITH ids AS (SELECT array_agg(id ORDER BY id) AS a FROM listings WHERE category_id = ${category!.id})
        INSERT INTO listing_events (listing_id, event_type, user_id, metadata, created_at)
        SELECT ids.a[1 + (g % ${LISTINGS})],
          (ARRAY['view','view','view','view','favorite','linkopen','chatstart','phoneclick'])[1 + ((g / ${LISTINGS}) % 8)],
          NULL,
          jsonb_build_object('deviceId', 'dev-' || ((g / ${LISTINGS}) % 50)),
          ${now.toISOString()}::timestamptz - (g * 31 % ${total}) * (interval '365 days' / ${total})
        FROM generate_series(${from}::int, ${to}::int) g, ids`);
    }
    const insertSeconds = (performance.now() - insertStart) / 1000;
    // Autovacuum would do this on a long-lived database; here the table was just written.
    await db.execute(sql`VACUUM ANALYZE listing_events`);
    await db.execute(sql`ANALYZE`);
    console.log(`\nStatistics on ${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}: ${total.toLocaleString('en')} events over 365 days for ${LISTINGS} listings, inserted in ${insertSeconds.toFixed(1)} s; ${RUNS} runs each, median of the warm ones.`);

    const service = statisticsService(db, () => now);
    const admin = { userId: '00000000-0000-0000-0000-000000000000', roles: [ADMIN_ROLE] };
    const rows: string[][] = [];
    const companyRuns = async () => {
      for (const days of [7, 30, 90, 365]) {
        const start = isoDay(new Date(now.getTime() - (days - 1) * DAY_MS));
        const r = await timed(() => service.company(companyIds[7]!, admin, start, isoDay(now)));
        const points = r.result.listingStatistics[0]?.dailyViews.length ?? 0;
        rows.push([`company, 20 listings, ${days} days (${r.result.bucket}, ${points} points)`, r.first.toFixed(1), r.median.toFixed(1), String(r.result.totalViews)]);
      }
    };
    await companyRuns();
    const [one] = await db.select({ id: listings.id }).from(listings).where(sql`company_id = ${companyIds[7]!}`).limit(1);
    for (const minutes of [10, 1440]) {
      const r = await timed(() => service.uniqueViews(one!.id, admin, minutes));
      rows.push([`unique views, one listing, all time, ${minutes} min`, r.first.toFixed(1), r.median.toFixed(1), `${r.result.uniqueViews} of ${(await service.allTime(one!.id, admin)).viewCount}`]);
    }
    const r = await timed(() => service.allTime(one!.id, admin));
    rows.push(['listing, all time', r.first.toFixed(1), r.median.toFixed(1), String(r.result.viewCount)]);
    console.table(rows.map(([query, first, warm, result]) => ({ query, 'first ms': first, 'warm median ms': warm, result })));
  } finally {
    // On DATABASE_URL only what this bench writes (this run's and any earlier run's 'Bench'
    // rows): its companies take their listings and those their events with them (ON DELETE CASCADE).
    await db.execute(sql`DELETE FROM companies WHERE name LIKE 'Bench % AS' AND id IN (
      SELECT company_id FROM listings WHERE category_id IN (SELECT id FROM categories WHERE name = 'Bench'))`);
    await db.execute(sql`DELETE FROM categories WHERE name = 'Bench'`);
    await database.close();
  }
}
