/**
 * Demo companies and listings: a deterministic generator (fixed PRNG seed) over word lists, with
 * distinct generated JPEGs (gradients and shapes, no text) stored as owner-less files.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, isNull, and } from 'drizzle-orm';
import sharp from 'sharp';
import type { FileStore } from '../../platform/file-store';
import { storeGeneratedImages, type GeneratedImage } from '../../modules/files/routes';
import { bumpCatalogue } from '../../modules/listings/search-cache';
import type { Db } from '../client';
import {
  categories, categoryServices, companies, counties, listings, subCategories, subCategoryServices,
} from '../schema';

export const SEED_COMPANY_COUNT = 60;
export const SEED_LISTING_COUNT = 300;
const BANNER_POOL = 40;
const GALLERY_POOL = 60;

/** mulberry32: small, fast and the same on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const copy = [...list];
    const n = Math.min(copy.length, int(min, max));
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
    return out;
  };
  return { next, int, pick, some };
}

// ---- Images ----

/** A gradient with a few translucent shapes; colours follow from `n`. Raw pixels, so no fonts or SVG renderer. */
function pattern(width: number, height: number, n: number): Buffer {
  const rng = prng(0x5eed + n * 7919);
  const colour = () => [rng.int(30, 230), rng.int(30, 230), rng.int(30, 230)] as const;
  const [a, b] = [colour(), colour()];
  const buf = Buffer.alloc(width * height * 3);
  // Diagonal gradient: one row computed, the next rows shifted by the vertical step.
  for (let y = 0; y < height; y++) {
    const ty = y / height / 2;
    let o = y * width * 3;
    for (let x = 0; x < width; x++, o += 3) {
      const t = x / width / 2 + ty;
      buf[o] = a[0] + (b[0] - a[0]) * t;
      buf[o + 1] = a[1] + (b[1] - a[1]) * t;
      buf[o + 2] = a[2] + (b[2] - a[2]) * t;
    }
  }
  // Shapes: only their bounding boxes are visited.
  for (let k = 0; k < 3; k++) {
    const cx = rng.int(0, width), cy = rng.int(0, height);
    const r = rng.int(Math.floor(Math.min(width, height) / 8), Math.floor(Math.min(width, height) / 2.5));
    const square = rng.next() < 0.4;
    const c = colour();
    const alpha = 0.35 + rng.next() * 0.4;
    for (let y = Math.max(0, cy - r); y < Math.min(height, cy + r); y++) {
      const dy = y - cy;
      const half = square ? r : Math.floor(Math.sqrt(r * r - dy * dy));
      const x0 = Math.max(0, cx - half), x1 = Math.min(width, cx + half);
      for (let x = x0, o = (y * width + x0) * 3; x < x1; x++, o += 3) {
        buf[o] = buf[o]! + (c[0] - buf[o]!) * alpha;
        buf[o + 1] = buf[o + 1]! + (c[1] - buf[o + 1]!) * alpha;
        buf[o + 2] = buf[o + 2]! + (c[2] - buf[o + 2]!) * alpha;
      }
    }
  }
  return buf;
}

async function jpeg(width: number, height: number, n: number, name: string): Promise<GeneratedImage> {
  const bytes = await sharp(pattern(width, height, n), { raw: { width, height, channels: 3 } }).jpeg({ quality: 70 }).toBuffer();
  return { bytes, contentType: 'image/jpeg', width, height, originalName: name };
}

/** Runs the jobs a few at a time (sharp has its own threads; this keeps memory flat). */
async function inBatches<T>(jobs: (() => Promise<T>)[], parallel = 3): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  }));
  return out;
}

// ---- Words ----

export const NAME_FIRST = ['Fjord', 'Nord', 'Vinter', 'Sommer', 'Lys', 'Skog', 'Fjell', 'Hav', 'Bjørke', 'Solberg', 'Lind', 'Eik', 'Strand',
  'Berg', 'Dal', 'Elv', 'Kyst', 'Måne', 'Stjerne', 'Vik', 'Sjö', 'Ängs', 'Björk', 'Gran', 'Mølle', 'Holm', 'Lunde', 'Østvik', 'Ek', 'Sund'];
export const NAME_SECOND = ['lys', 'hus', 'gården', 'stua', 'kompaniet', 'verket', 'huset', 'bakeriet', 'studio', 'ateljén', 'scenen', 'hagen'];
const COMPANY_SUFFIX_NO = ['AS', 'AS', 'Event AS', '& Co AS', 'Eventbyrå AS'];
const COMPANY_SUFFIX_SE = ['AB', 'Event AB', '& Co AB', 'Produktion AB'];
export const CITIES = ['Oslo', 'Bergen', 'Trondheim', 'Stavanger', 'Tromsø', 'Kristiansand', 'Ålesund', 'Bodø', 'Drammen', 'Lillehammer',
  'Stockholm', 'Göteborg', 'Malmö', 'Uppsala', 'Västerås', 'Örebro', 'Linköping', 'Umeå', 'Lund', 'Karlstad'];
export const ADJECTIVES = ['Elegant', 'Rustic', 'Modern', 'Classic', 'Cosy', 'Grand', 'Intimate', 'Nordic', 'Festive', 'Relaxed', 'Exclusive', 'Charming'];
export const EXTRA_NO = ['Vi tar hånd om alt fra planlegging til gjennomføring.', 'Lokale leverandører og sesongens beste råvarer.',
  'Fleksible pakker for store og små arrangementer.', 'Erfarne folk som elsker det de gjør.', 'Vi leverer i hele regionen.'];
export const EXTRA_EN = ['We have worked with weddings, birthdays and company parties for over ten years.',
  'Every booking includes a planning meeting and a written plan for the day.', 'Friendly, punctual and easy to reach.',
  'We adapt to your budget and your guests.', 'Ask us for references from recent events.'];
/** Sentences per category so text search has something to find in both languages. */
export const PHRASES: Record<string, { no: string; en: string }> = {
  Venues: { no: 'Et vakkert lokale for bryllup, konfirmasjon og selskap.', en: 'A beautiful venue for weddings, parties and conferences.' },
  Catering: { no: 'Kokker og servitører som lager maten på stedet.', en: 'Chefs and waiters cooking fresh food for your guests.' },
  'Photo & Video': { no: 'Erfaren bryllupsfotograf og filmskaper med et naturlig blikk.', en: 'An experienced photographer and filmmaker with a natural eye.' },
  'Music & Entertainment': { no: 'Musikere og DJ som får alle ut på dansegulvet.', en: 'Musicians and DJs who fill the dance floor all night.' },
  'Decoration & Flowers': { no: 'Blomster og dekorasjon tilpasset sesongen.', en: 'Flowers and decorations styled for the season.' },
  'Planning & Coordination': { no: 'Planlegger som koordinerer leverandørene dine.', en: 'A planner who coordinates all your suppliers.' },
  Transport: { no: 'Sjåfører, veteranbiler og busser for gjestene.', en: 'Drivers, vintage cars and buses for your guests.' },
  'Equipment & Tents': { no: 'Telt, møbler og lydanlegg til utleie.', en: 'Tents, furniture and sound systems for rent.' },
  'Cakes & Desserts': { no: 'Bryllupskake og desserter bakt fra bunnen.', en: 'Wedding cakes and desserts baked from scratch.' },
  'Beauty & Styling': { no: 'Hår og sminke for brud og gjester.', en: 'Hair and make-up for the bride and the guests.' },
};
export const VIDEO_LINKS = ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'https://www.youtube.com/watch?v=ScMzIvxBSi4',
  'https://vimeo.com/76979871', 'https://vimeo.com/22439234', 'https://www.youtube.com/watch?v=LXb3EKWsInQ'];
export const PRICES = [1500, 2500, 4900, 7500, 9900, 12000, 15000, 19900, 25000, 35000, 49000, 75000];

const slug = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '');

/**
 * Seeds companies and listings when there are none, after the taxonomy and regions. Images go
 * through the file store; the file manifest version is bumped once for all of them.
 */
export async function seedListings(db: Db, fileStore: FileStore, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(listings);
  if ((row?.n ?? 0) > 0) return false;
  const [cats, subs, catServices, subServices, countyRows] = await Promise.all([
    db.select().from(categories), db.select().from(subCategories), db.select().from(categoryServices),
    db.select().from(subCategoryServices), db.select({ id: counties.id, regionId: counties.regionId }).from(counties),
  ]);
  if (cats.length === 0 || countyRows.length === 0) return false;
  cats.sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
  const rng = prng(20240601);

  // Images: one card per listing, shared pools of banners and gallery pictures, one logo per company.
  const jobs: (() => Promise<GeneratedImage>)[] = [
    ...Array.from({ length: SEED_LISTING_COUNT }, (_, i) => () => jpeg(400, 250, 1000 + i, `card-${i + 1}.jpg`)),
    ...Array.from({ length: BANNER_POOL }, (_, i) => () => jpeg(960, 320, 2000 + i, `banner-${i + 1}.jpg`)),
    ...Array.from({ length: GALLERY_POOL }, (_, i) => () => jpeg(640, 400, 3000 + i, `gallery-${i + 1}.jpg`)),
    ...Array.from({ length: SEED_COMPANY_COUNT }, (_, i) => () => jpeg(256, 256, 4000 + i, `logo-${i + 1}.jpg`)),
    ...cats.map((c, i) => () => jpeg(400, 300, 5000 + i, `category-${slug(c.name)}.jpg`)),
  ];
  const ids = await storeGeneratedImages(db, fileStore, await inBatches(jobs));
  const cardIds = ids.slice(0, SEED_LISTING_COUNT);
  const bannerIds = ids.slice(SEED_LISTING_COUNT, SEED_LISTING_COUNT + BANNER_POOL);
  const galleryIds = ids.slice(SEED_LISTING_COUNT + BANNER_POOL, SEED_LISTING_COUNT + BANNER_POOL + GALLERY_POOL);
  const logoStart = SEED_LISTING_COUNT + BANNER_POOL + GALLERY_POOL;
  const logoIds = ids.slice(logoStart, logoStart + SEED_COMPANY_COUNT);
  const categoryImageIds = ids.slice(logoStart + SEED_COMPANY_COUNT);
  // Category cards on the home page show these; an image an admin already chose is kept.
  for (const [i, category] of cats.entries()) {
    await db.update(categories).set({ imageUri: categoryImageIds[i]! })
      .where(and(eq(categories.id, category.id), isNull(categories.imageUri)));
  }

  const companyRows: (typeof companies.$inferInsert)[] = [];
  const companyCategory: (typeof cats)[number][] = [];
  const usedNames = new Set<string>();
  for (let i = 0; i < SEED_COMPANY_COUNT; i++) {
    const swedish = i % 3 === 2;
    let name = '';
    do {
      name = `${rng.pick(NAME_FIRST)}${rng.pick(NAME_SECOND)} ${rng.pick(swedish ? COMPANY_SUFFIX_SE : COMPANY_SUFFIX_NO)}`;
    } while (usedNames.has(name));
    usedNames.add(name);
    const category = cats[i % cats.length]!;
    companyCategory.push(category);
    const city = CITIES[(swedish ? 10 : 0) + rng.int(0, 9)]!;
    const domain = `${slug(name)}.${swedish ? 'se' : 'no'}`;
    companyRows.push({
      id: randomUUID(),
      name,
      shortDescription: `${category.name} in ${city} and the surrounding area.`,
      description: `<p>${name} is based in ${city}. ${PHRASES[category.name]?.en ?? ''}</p><p>${PHRASES[category.name]?.no ?? ''}</p>`,
      logoImageUri: logoIds[i]!,
      bannerImageUri: bannerIds[i % BANNER_POOL]!,
      organizationNumber: swedish ? `55${rng.int(10000000, 99999999)}` : `9${rng.int(10000000, 99999999)}`,
      websiteUrl: `https://www.${domain}`,
      facebookUrl: rng.next() < 0.6 ? `https://www.facebook.com/${slug(name)}` : null,
      instagramUrl: rng.next() < 0.6 ? `https://www.instagram.com/${slug(name)}` : null,
      phoneNumber: swedish ? `+46 70${rng.int(1000000, 9999999)}` : `+47 9${rng.int(1000000, 9999999)}`,
      email: `post@${domain}`,
      status: 'approved',
      createdAt: new Date(now.getTime() - rng.int(200, 400) * 86_400_000),
    });
  }

  const countiesByRegion = new Map<string, string[]>();
  for (const c of countyRows) countiesByRegion.set(c.regionId, [...(countiesByRegion.get(c.regionId) ?? []), c.id]);
  const regionIds = [...countiesByRegion.keys()].sort();
  const listingRows: (typeof listings.$inferInsert)[] = [];
  for (let i = 0; i < SEED_LISTING_COUNT; i++) {
    const companyIndex = i % SEED_COMPANY_COUNT;
    // Mostly the company's own category; every fifth listing somewhere else, so all categories fill.
    const category = i % 5 === 4 ? cats[(i * 7) % cats.length]! : companyCategory[companyIndex]!;
    const ownSubs = subs.filter((s) => s.categoryId === category.id);
    const sub = ownSubs.length > 0 ? ownSubs[i % ownSubs.length]! : null;
    const region = regionIds[i % regionIds.length]!;
    const regionCounties = countiesByRegion.get(region)!;
    const wholeRegion = rng.next() < 0.3;
    const adjective = rng.pick(ADJECTIVES);
    const phrase = PHRASES[category.name] ?? { no: '', en: '' };
    const subName = sub?.name ?? category.name;
    const r = rng.next();
    listingRows.push({
      companyId: companyRows[companyIndex]!.id!,
      name: `${adjective} ${subName.toLowerCase()} – ${rng.pick(CITIES)}`.slice(0, 50),
      shortDescription: `${adjective} ${subName.toLowerCase()} from ${companyRows[companyIndex]!.name}. ${phrase.en}`.slice(0, 150),
      description: [
        `<p>${phrase.en} ${rng.pick(EXTRA_EN)}</p>`,
        `<p>${phrase.no} ${rng.pick(EXTRA_NO)}</p>`,
        `<ul><li>${rng.pick(EXTRA_EN)}</li><li>${rng.pick(EXTRA_NO)}</li></ul>`,
      ].join(''),
      cardImageUri: cardIds[i]!,
      bannerImageUri: rng.pick(bannerIds),
      galleryImageIds: rng.some(galleryIds, 3, 10),
      videoLinks: rng.next() < 0.2 ? rng.some(VIDEO_LINKS, 1, 2) : [],
      categoryId: category.id,
      subCategoryId: sub?.id ?? null,
      categoryServiceIds: rng.some(catServices.filter((s) => s.categoryId === category.id).map((s) => s.id), 0, 3),
      subCategoryServiceIds: sub ? rng.some(subServices.filter((s) => s.subCategoryId === sub.id).map((s) => s.id), 1, 3) : [],
      regionIds: wholeRegion ? [region] : [],
      countyIds: wholeRegion ? [] : rng.some(regionCounties, 1, 4),
      price: r < 0.15 ? null : r < 0.2 ? 0 : rng.pick(PRICES),
      status: 'approved',
      isActive: true,
      createdAt: new Date(now.getTime() - Math.floor(rng.next() * 365 * 86_400_000)),
    });
    listingRows[i]!.updatedAt = listingRows[i]!.createdAt;
  }
  await db.transaction(async (tx) => {
    await tx.insert(companies).values(companyRows);
    for (let i = 0; i < listingRows.length; i += 100) await tx.insert(listings).values(listingRows.slice(i, i + 100));
  });
  // New public listings and category images: cached search answers are stale.
  bumpCatalogue();
  return true;
}
