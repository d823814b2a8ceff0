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
  categories, categoryServices, companies, counties, listings, subCategories, subCategoryServices,
} from '../db/schema';
import { seedDemoData } from '../db/seed';
import { bumpCatalogue } from '../modules/listings/search-cache';
import {
  ADJECTIVES, CITIES, EXTRA_EN, EXTRA_NO, NAME_FIRST, NAME_SECOND, PHRASES, PRICES, VIDEO_LINKS, prng,
} from '../db/seed-data/listings';
import { diskFileStore } from '../platform/file-store';

/** bench/search.ts reads the same default. */
const DEFAULT_BENCH_DATA_DIR = '.tmp/bench-data';
const BATCH = 2000;
const PROGRESS_EVERY = 10_000;
const BENCH_SEED = 0xbe7c4;
/** Fixed, so the generated dates do not depend on when the seed ran. */
const BASE_TIME = Date.UTC(2026, 10, 1);

/**
 * More sentences than the demo's, each listing taking a few, so the words people search for
 * ('bryllup', 'fotograf', 'catering', 'music'...) match a realistic share of the listings
 * rather than all or none.
 */
const MORE_NO = [
  'Perfekt til bryllup, jubileum og firmafest.', 'Fotograf med lang erfaring fra bryllup og portretter.',
  'Vi tilbyr catering med lokale råvarer.', 'Levende musikk til middag og dans.', 'Julebord og sommerfest for bedrifter.',
  'Barnebursdag med aktiviteter for de minste.', 'Konfirmasjon med mat, pynt og underholdning.', 'Vi har vegetar- og glutenfrie alternativer.',
  'Fotografering av produkter, arrangementer og ansatte.', 'Lyd, lys og scene til konserter.', 'Vi kjører over hele Vestlandet.',
  'Blomsterdekorasjoner til bord og kirke.', 'Selskapslokale med plass til 120 gjester.', 'Tapas, buffet eller treretters meny.',
];
const MORE_EN = [
  'Great for weddings, anniversaries and company parties.', 'Live music for dinners, receptions and late-night dancing.',
  'Full catering service with a seasonal menu.', 'A photographer who tells the story of your day.', 'Christmas parties and summer events for companies.',
  'Children\'s birthday parties with games and entertainment.', 'Vegetarian and gluten-free options on request.',
  'Sound, lighting and stage for concerts and conferences.', 'Flower arrangements for tables, churches and venues.',
  'A venue with room for 120 guests and a large garden.', 'Tapas, buffet or a three-course menu.', 'Photo booth with props and instant prints.',
];
const NAME_TAILS = ['pakke', 'opplevelse', 'service', 'package', 'experience', 'deluxe', 'basic', 'premium', 'for 50', 'for 100'];

interface Pools {
  cats: { id: string; name: string }[];
  subsByCategory: Map<string, { id: string; name: string }[]>;
  catServices: Map<string, string[]>;
  subServices: Map<string, string[]>;
  companies: { id: string; name: string }[];
  regions: [string, string[]][];
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
  const [cats, subs, cs, ss, comps, countyRows, images] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(categories.id),
    db.select({ id: subCategories.id, name: subCategories.name, categoryId: subCategories.categoryId }).from(subCategories).orderBy(subCategories.id),
    db.select({ id: categoryServices.id, categoryId: categoryServices.categoryId }).from(categoryServices).orderBy(categoryServices.id),
    db.select({ id: subCategoryServices.id, subCategoryId: subCategoryServices.subCategoryId }).from(subCategoryServices).orderBy(subCategoryServices.id),
    db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(companies.id),
    db.select({ id: counties.id, regionId: counties.regionId }).from(counties).orderBy(counties.id),
    db.select({ card: listings.cardImageUri, banner: listings.bannerImageUri, gallery: listings.galleryImageIds })
      .from(listings).orderBy(listings.createdAt, listings.id).limit(50),
  ]);
  if (cats.length === 0 || comps.length === 0 || countyRows.length === 0) {
    throw new Error('The demo data is missing (categories, companies or regions); seed it first.');
  }
  const regions = [...group(countyRows, (c) => c.regionId)].map(([regionId, rows]) => [regionId, rows.map((r) => r.id)] as [string, string[]])
    .sort((a, b) => a[0].localeCompare(b[0]));
  return {
    cats,
    subsByCategory: group(subs, (s) => s.categoryId),
    catServices: new Map([...group(cs, (s) => s.categoryId)].map(([k, v]) => [k, v.map((s) => s.id)])),
    subServices: new Map([...group(ss, (s) => s.subCategoryId)].map(([k, v]) => [k, v.map((s) => s.id)])),
    companies: comps,
    regions,
    cards: [...new Set(images.flatMap((r) => (r.card ? [r.card] : [])))],
    banners: [...new Set(images.flatMap((r) => (r.banner ? [r.banner] : [])))],
    gallery: [...new Set(images.flatMap((r) => r.gallery))],
  };
}

/** Listing number `i`, the same for the same `i` and the same demo data. */
function benchListing(i: number, p: Pools): typeof listings.$inferInsert {
  const rng = prng(BENCH_SEED + Math.imul(i, 2654435761));
  const category = rng.pick(p.cats);
  const subs = p.subsByCategory.get(category.id) ?? [];
  const sub = subs.length > 0 && rng.next() < 0.9 ? rng.pick(subs) : null;
  const company = rng.pick(p.companies);
  const [region, regionCounties] = rng.pick(p.regions);
  const wholeRegion = rng.next() < 0.3;
  const adjective = rng.pick(ADJECTIVES);
  const phrase = PHRASES[category.name] ?? { no: '', en: '' };
  const subName = (sub?.name ?? category.name).toLowerCase();
  const brand = `${rng.pick(NAME_FIRST)}${rng.pick(NAME_SECOND)}`;
  const name = [
    () => `${adjective} ${subName} – ${rng.pick(CITIES)}`,
    () => `${brand} ${subName}`,
    () => `${adjective} ${subName} ${rng.pick(NAME_TAILS)}`,
    () => `${subName[0]!.toUpperCase()}${subName.slice(1)} i ${rng.pick(CITIES)}`,
  ][rng.int(0, 3)]!();
  const norwegianFirst = rng.next() < 0.5;
  const short = norwegianFirst ? `${rng.pick(MORE_NO)} ${phrase.no}` : `${rng.pick(MORE_EN)} ${phrase.en}`;
  const r = rng.next();
  const status = rng.next();
  const createdAt = new Date(BASE_TIME - Math.floor(rng.next() * 3 * 365 * 86_400_000));
  return {
    companyId: company.id,
    name: name.slice(0, 50),
    shortDescription: `${short} ${company.name}.`.slice(0, 150),
    description: [
      `<p>${phrase.en} ${rng.some(MORE_EN, 1, 2).join(' ')} ${rng.pick(EXTRA_EN)}</p>`,
      `<p>${phrase.no} ${rng.some(MORE_NO, 1, 2).join(' ')} ${rng.pick(EXTRA_NO)}</p>`,
      `<ul><li>${rng.pick(EXTRA_EN)}</li><li>${rng.pick(EXTRA_NO)}</li></ul>`,
    ].join(''),
    cardImageUri: p.cards.length ? rng.pick(p.cards) : null,
    bannerImageUri: p.banners.length ? rng.pick(p.banners) : null,
    galleryImageIds: rng.some(p.gallery, 3, 8),
    videoLinks: rng.next() < 0.2 ? rng.some(VIDEO_LINKS, 1, 2) : [],
    categoryId: category.id,
    subCategoryId: sub?.id ?? null,
    categoryServiceIds: rng.some(p.catServices.get(category.id) ?? [], 0, 3),
    subCategoryServiceIds: sub ? rng.some(p.subServices.get(sub.id) ?? [], 1, 3) : [],
    regionIds: wholeRegion ? [region] : [],
    countyIds: wholeRegion ? [] : rng.some(regionCounties, 1, 4),
    price: r < 0.15 ? null : r < 0.2 ? 0 : rng.pick(PRICES) + rng.int(0, 20) * 100,
    // Mostly public; a few pending or switched off, so the public filter has something to drop.
    status: status < 0.03 ? 'pending' : 'approved',
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
    console.log(`Adding ${total - existing} listings (${existing} → ${total}), ${BATCH} per insert...`);
    const insertStart = performance.now();
    let nextReport = Math.floor(existing / PROGRESS_EVERY) * PROGRESS_EVERY + PROGRESS_EVERY;
    for (let from = existing; from < total; from += BATCH) {
      const to = Math.min(total, from + BATCH);
      const rows = Array.from({ length: to - from }, (_, k) => benchListing(from + k, pools));
      await db.insert(listings).values(rows);
      // Only this process's caches (none are open here); servers elsewhere see it after their TTL.
      bumpCatalogue();
      if (to >= nextReport || to === total) {
        const s = (performance.now() - insertStart) / 1000;
        console.log(`  ${to} listings (${Math.round((to - existing) / s)} rows/s, ${s.toFixed(1)} s)`);
        nextReport = Math.floor(to / PROGRESS_EVERY) * PROGRESS_EVERY + PROGRESS_EVERY;
      }
    }
    const insertSeconds = (performance.now() - insertStart) / 1000;
    const analyzeStart = performance.now();
    // VACUUM also flushes the full-text index's pending list and fills the visibility map.
    try {
      await db.execute(sql`VACUUM ANALYZE listings`);
    } catch {
      await db.execute(sql`ANALYZE listings`);
    }
    await db.execute(sql`ANALYZE`);
    console.log(`Inserted ${total - existing} listings in ${insertSeconds.toFixed(1)} s (${Math.round((total - existing) / insertSeconds)} rows/s), `
      + `ANALYZE ${((performance.now() - analyzeStart) / 1000).toFixed(1)} s, total ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
