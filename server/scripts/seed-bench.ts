/**
 * npm run seed:bench -- --listings 100000 [--data-dir .tmp/bench-data]
 *
 * Fills a database for `npm run bench`: the embedded PGlite under the data dir (or the PostgreSQL
 * database of DATABASE_URL), with the demo data when empty, then generated listings up to the
 * requested total. Row i always comes from the same PRNG seed, so the data is the same on every
 * machine and a second run with the same count adds nothing. No new images: the listings share a
 * small pool of the demo seed's image files.
 */
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase, pgliteDirFor, type Db } from '../db/client';
import {
  categories, categoryServices, companies, counties, listings, regions, subCategories, subCategoryServices,
} from '../db/schema';
import { seedDemoData } from '../db/seed';
import { bumpCatalogue } from '../modules/listings/service';
import { PRICES, VIDEO_LINKS } from '../db/seed-data/listings';
import { demoCompanies, demoListingText, prng, type DemoCompany, type DemoLanguage } from '../db/seed-data/demo';
import { diskFileStore } from '../platform/file-store';

/** bench/search.ts reads the same default. */
const DEFAULT_BENCH_DATA_DIR = '.tmp/bench-data';
const BATCH = 2000;
const PROGRESS_EVERY = 10_000;
const BENCH_SEED = 0xbe7c4;
/** Fixed, so the generated dates do not depend on when the seed ran. */
const BASE_TIME = Date.UTC(2026, 10, 1);

/** Added to half the names before the town ('Ballsal med scene, premium – Bergen'), in the listing's language. */
const NAME_TAILS: Record<DemoLanguage, readonly string[]> = {
  nb: ['pakke', 'opplevelse', 'premium', 'for 50', 'for 100', 'helg', 'sommer', 'vinter'],
  sv: ['paket', 'upplevelse', 'premium', 'för 50', 'för 100', 'helg', 'sommar', 'vinter'],
  en: ['package', 'experience', 'premium', 'for 50', 'for 100', 'weekend', 'summer', 'winter'],
};

interface Pools {
  categoryByName: Map<string, string>;
  subsByCategory: Map<string, { id: string; name: string }[]>;
  catServices: Map<string, string[]>;
  subServices: Map<string, string[]>;
  /** The demo companies in the database, with their town, category and language. */
  companies: { id: string; demo: DemoCompany }[];
  regionByName: Map<string, string>;
  countiesByRegion: Map<string, { id: string; name: string }[]>;
  cards: string[];
  banners: string[];
  gallery: string[];
}

const group = <T>(rows: T[], key: (r: T) => string) => {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
};

async function loadPools(db: Db): Promise<Pools> {
  const [cats, subs, cs, ss, comps, regionRows, countyRows, images] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(categories.id),
    db.select({ id: subCategories.id, name: subCategories.name, categoryId: subCategories.categoryId }).from(subCategories).orderBy(subCategories.id),
    db.select({ id: categoryServices.id, categoryId: categoryServices.categoryId }).from(categoryServices).orderBy(categoryServices.id),
    db.select({ id: subCategoryServices.id, subCategoryId: subCategoryServices.subCategoryId }).from(subCategoryServices).orderBy(subCategoryServices.id),
    db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(companies.id),
    db.select({ id: regions.id, name: regions.name }).from(regions).orderBy(regions.id),
    db.select({ id: counties.id, regionId: counties.regionId, name: counties.name }).from(counties).orderBy(counties.id),
    db.select({ card: listings.cardImageUri, banner: listings.bannerImageUri, gallery: listings.galleryImageIds })
      .from(listings).orderBy(listings.createdAt, listings.id).limit(50),
  ]);
  const demoByName = new Map(demoCompanies().map((c) => [c.name, c]));
  const demo = comps.flatMap((c) => {
    const d = demoByName.get(c.name);
    return d ? [{ id: c.id, demo: d }] : [];
  });
  if (cats.length === 0 || demo.length === 0 || countyRows.length === 0) {
    throw new Error('The demo data is missing (categories, demo companies or regions); seed it first.');
  }
  return {
    categoryByName: new Map(cats.map((c) => [c.name, c.id])),
    subsByCategory: group(subs, (s) => s.categoryId),
    catServices: new Map([...group(cs, (s) => s.categoryId)].map(([k, v]) => [k, v.map((s) => s.id)])),
    subServices: new Map([...group(ss, (s) => s.subCategoryId)].map(([k, v]) => [k, v.map((s) => s.id)])),
    companies: demo,
    regionByName: new Map(regionRows.map((r) => [r.name, r.id])),
    countiesByRegion: group(countyRows, (c) => c.regionId),
    cards: [...new Set(images.flatMap((r) => (r.card ? [r.card] : [])))],
    banners: [...new Set(images.flatMap((r) => (r.banner ? [r.banner] : [])))],
    gallery: [...new Set(images.flatMap((r) => r.gallery))],
  };
}

type BenchRow = typeof listings.$inferInsert & { createdAt: Date };

/** A sub-category an admin added has no demo texts: its listings are left out. */
function textOrNull<T>(make: () => T): T | null {
  try {
    return make();
  } catch {
    return null;
  }
}

/**
 * Listing number `i`, the same for the same `i` and the same demo data: a listing of a demo
 * company, coherent like the demo's (its category, town and language), with repeated names; null (left out) where the
 * demo's category, sub-category or town is no longer in the database.
 */
function benchListing(i: number, p: Pools): BenchRow | null {
  const rng = prng(BENCH_SEED + Math.imul(i, 2654435761));
  const { id: companyId, demo } = rng.pick(p.companies);
  const categoryId = p.categoryByName.get(demo.categoryName);
  const subs = (categoryId && p.subsByCategory.get(categoryId)) || [];
  const regionId = p.regionByName.get(demo.city.region);
  const regionCounties = (regionId && p.countiesByRegion.get(regionId)) || [];
  const home = regionCounties.find((c) => c.name === demo.city.county);
  const sub = subs.length > 0 ? rng.pick(subs) : null;
  if (!categoryId || !sub || !regionId || !home) return null;
  const text = textOrNull(() => demoListingText(demo, sub.name, rng.int(0, 2), rng));
  if (!text) return null;
  const [title, town] = text.name.split(' – ') as [string, string | undefined];
  const name = town && rng.next() < 0.5 ? `${title}, ${rng.pick(NAME_TAILS[demo.language])} – ${town}` : text.name;
  const wholeRegion = rng.next() < 0.3;
  const r = rng.next();
  const status = rng.next();
  const createdAt = new Date(BASE_TIME - Math.floor(rng.next() * 3 * 365 * 86_400_000));
  return {
    companyId,
    ...text,
    name: name.slice(0, 100),
    cardImageUri: p.cards.length ? rng.pick(p.cards) : null,
    bannerImageUri: p.banners.length ? rng.pick(p.banners) : null,
    galleryImageIds: rng.some(p.gallery, 3, 8),
    videoLinks: rng.next() < 0.2 ? rng.some(VIDEO_LINKS, 1, 2) : [],
    categoryId,
    subCategoryId: sub.id,
    categoryServiceIds: rng.some(p.catServices.get(categoryId) ?? [], 0, 3),
    subCategoryServiceIds: rng.some(p.subServices.get(sub.id) ?? [], 1, 3),
    regionIds: wholeRegion ? [regionId] : [],
    countyIds: wholeRegion ? [] : [home.id, ...rng.some(regionCounties.filter((c) => c.id !== home.id).map((c) => c.id), 0, 3)],
    price: r < 0.15 ? null : r < 0.2 ? 0 : rng.pick(PRICES) + rng.int(0, 20) * 100,
    // Mostly public; a few pending or switched off, so the public filter has something to drop.
    status: status < 0.03 ? 100 : 200,
    isActive: !(status >= 0.03 && status < 0.05),
    createdAt,
    updatedAt: createdAt,
  };
}

function parseArgs(argv: string[]): { total: number; dataDir: string } {
  let total = NaN;
  let dataDir = process.env.BENCH_DATA_DIR ?? DEFAULT_BENCH_DATA_DIR;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? arg.split('=', 2) as [string, string] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--listings') total = Number(value());
    else if (flag === '--data-dir') dataDir = value() ?? dataDir;
    else throw new Error(`Unknown argument ${arg}`);
  }
  if (!Number.isInteger(total) || total < 0) {
    throw new Error('Usage: npm run seed:bench -- --listings 100000 [--data-dir .tmp/bench-data]');
  }
  return { total, dataDir: resolve(dataDir) };
}

async function main() {
  const { total, dataDir } = parseArgs(process.argv.slice(2));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? null : pgliteDirFor(dataDir) });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${join(dataDir, 'db')}`;
  console.log(`Bench database: ${where}`);
  try {
    const { db } = database;
    if (await seedDemoData(db, config.demoPassword, diskFileStore(join(dataDir, 'files')))) console.log('Seeded the demo data.');
    const [row] = await db.select({ n: count() }).from(listings);
    const existing = row?.n ?? 0;
    if (existing >= total) {
      console.log(`${existing} listings already, nothing to add (${((performance.now() - started) / 1000).toFixed(1)} s).`);
      return;
    }
    const pools = await loadPools(db);
    // Written oldest first, as a marketplace writes its listings: a table's physical order follows
    // its writes, and the word index's walks check visibility page by page in that order (a
    // random order costs a two-word page about 15 µs of PostgreSQL's time: bench/README.md,
    // "Session 25"). The rows are the same as in number order; only their order of writing differs.
    const rows = Array.from({ length: total - existing }, (_, k) => benchListing(existing + k, pools))
      .filter((r): r is BenchRow => r !== null)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    console.log(`Adding ${rows.length} listings (${existing} → ${existing + rows.length}), oldest first, ${BATCH} per insert...`);
    const insertStart = performance.now();
    let nextReport = PROGRESS_EVERY;
    for (let from = 0; from < rows.length; from += BATCH) {
      const to = Math.min(rows.length, from + BATCH);
      await db.insert(listings).values(rows.slice(from, to));
      // Only this process's caches (none are open here); servers elsewhere see it after their TTL.
      bumpCatalogue();
      if (to >= nextReport || to === rows.length) {
        const s = (performance.now() - insertStart) / 1000;
        console.log(`  ${existing + to} listings (${Math.round(to / s)} rows/s, ${s.toFixed(1)} s)`);
        nextReport = Math.floor(to / PROGRESS_EVERY) * PROGRESS_EVERY + PROGRESS_EVERY;
      }
    }
    const insertSeconds = (performance.now() - insertStart) / 1000;
    const analyzeStart = performance.now();
    // VACUUM also flushes the full-text index's pending list and fills the visibility map, which
    // the word index's index-only scans need (PGlite has no autovacuum to do it later; without it
    // a merge of two words' entries is planned as heap scans and sorts: 58 ms against 5).
    try {
      await db.execute(sql`VACUUM ANALYZE listings, listing_words`);
    } catch {
      await db.execute(sql`ANALYZE listings`);
    }
    await db.execute(sql`ANALYZE`);
    console.log(`Inserted ${rows.length} listings in ${insertSeconds.toFixed(1)} s (${Math.round(rows.length / insertSeconds)} rows/s), `
      + `ANALYZE ${((performance.now() - analyzeStart) / 1000).toFixed(1)} s, total ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
