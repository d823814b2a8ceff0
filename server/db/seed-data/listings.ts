/**
 * Demo companies and listings in the database: the companies and texts of demo.ts, with distinct
 * generated JPEGs (gradients and shapes, no text) stored as owner-less files.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, isNull, and } from 'drizzle-orm';
import sharp from 'sharp';
import type { FileStore } from '../../platform/file-store';
import { insertGeneratedImages, writeGeneratedImages, type GeneratedImage, type StoredGeneratedImages } from '../../modules/files/service';
import { bumpCatalogue } from '../../modules/listings/service';
import { CompanyStatus } from '../../../src/domain/companies';
import { ListingStatus } from '../../../src/domain/listings';
import type { Db } from '../client';
import {
  categories, categoryServices, companies, counties, listings, regions, subCategories, subCategoryServices,
} from '../schema';
import {
  SEED_COMPANY_COUNT, SEED_LISTING_COUNT, demoCompanies, demoListingPlans, demoListingText, prng, slug,
} from './demo';

export { SEED_COMPANY_COUNT, SEED_LISTING_COUNT, prng } from './demo';

const BANNER_POOL = 40;
const GALLERY_POOL = 60;

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

export const VIDEO_LINKS = ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'https://www.youtube.com/watch?v=ScMzIvxBSi4',
  'https://vimeo.com/76979871', 'https://vimeo.com/22439234', 'https://www.youtube.com/watch?v=LXb3EKWsInQ'];
export const PRICES = [1500, 2500, 4900, 7500, 9900, 12000, 15000, 19900, 25000, 35000, 49000, 75000];

/** The seed's images written to the file store ahead of the rows (prepareSeedImages), for these category names in order. */
export interface PreparedSeedImages {
  categoryNames: readonly string[];
  files: StoredGeneratedImages;
}

/**
 * Generates the seed's images and writes their bytes to the file store: one card per listing,
 * shared pools of banners and gallery pictures, one logo per company, one picture per category
 * (`categoryNames` in the seed's order). The slow part of seeding listings, so the demo-data reset
 * runs it before its transaction; seedListings inserts the rows.
 */
export async function prepareSeedImages(fileStore: FileStore, categoryNames: readonly string[]): Promise<PreparedSeedImages> {
  const jobs: (() => Promise<GeneratedImage>)[] = [
    ...Array.from({ length: SEED_LISTING_COUNT }, (_, i) => () => jpeg(400, 250, 1000 + i, `card-${i + 1}.jpg`)),
    ...Array.from({ length: BANNER_POOL }, (_, i) => () => jpeg(960, 320, 2000 + i, `banner-${i + 1}.jpg`)),
    ...Array.from({ length: GALLERY_POOL }, (_, i) => () => jpeg(640, 400, 3000 + i, `gallery-${i + 1}.jpg`)),
    ...Array.from({ length: SEED_COMPANY_COUNT }, (_, i) => () => jpeg(256, 256, 4000 + i, `logo-${i + 1}.jpg`)),
    ...categoryNames.map((name, i) => () => jpeg(400, 300, 5000 + i, `category-${slug(name)}.jpg`)),
  ];
  return { categoryNames: [...categoryNames], files: await writeGeneratedImages(fileStore, await inBatches(jobs)) };
}

/**
 * Seeds companies and listings when there are none, after the taxonomy and regions. Images go
 * through the file store (`prepared` when they were made ahead for the same categories); the file
 * manifest version is bumped once for all of them. The texts, towns and companies come from
 * demo.ts; categories, sub-categories and places are looked up by name, and a listing whose
 * category, sub-category or town is no longer there is left out.
 */
export async function seedListings(db: Db, fileStore: FileStore, now = new Date(), prepared?: PreparedSeedImages): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(listings);
  if ((row?.n ?? 0) > 0) return false;
  const [cats, subs, catServices, subServices, regionRows, countyRows] = await Promise.all([
    db.select().from(categories), db.select().from(subCategories), db.select().from(categoryServices),
    db.select().from(subCategoryServices), db.select({ id: regions.id, name: regions.name }).from(regions),
    db.select({ id: counties.id, regionId: counties.regionId, name: counties.name }).from(counties),
  ]);
  if (cats.length === 0 || countyRows.length === 0) return false;
  cats.sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
  const rng = prng(20240601);

  const names = cats.map((c) => c.name);
  const madeFor = prepared?.categoryNames;
  // Images made ahead for other categories would put the wrong picture on a card: made again here.
  const images = prepared && madeFor?.length === names.length && madeFor.every((n, i) => n === names[i])
    ? prepared
    : await prepareSeedImages(fileStore, names);
  const ids = await insertGeneratedImages(db, images.files);
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

  const demo = demoCompanies();
  const companyIds = demo.map(() => randomUUID());
  const companyRows: (typeof companies.$inferInsert)[] = demo.map((c, i) => ({
    id: companyIds[i]!,
    name: c.name,
    shortDescription: c.shortDescription,
    description: c.description,
    logoImageUri: logoIds[i]!,
    bannerImageUri: bannerIds[i % BANNER_POOL]!,
    organizationNumber: c.organizationNumber,
    websiteUrl: c.websiteUrl,
    facebookUrl: c.facebookUrl,
    instagramUrl: c.instagramUrl,
    phoneNumber: c.phoneNumber,
    email: c.email,
    status: CompanyStatus.Active,
    createdAt: new Date(now.getTime() - c.ageDays * 86_400_000),
  }));

  const regionByName = new Map(regionRows.map((r) => [r.name, r.id]));
  const countiesByRegion = new Map<string, typeof countyRows>();
  for (const c of countyRows) countiesByRegion.set(c.regionId, [...(countiesByRegion.get(c.regionId) ?? []), c]);
  for (const list of countiesByRegion.values()) list.sort((a, b) => a.name.localeCompare(b.name));
  const listingRows: (typeof listings.$inferInsert)[] = [];
  for (const [i, plan] of demoListingPlans(demo).entries()) {
    const category = cats.find((c) => c.name === plan.company.categoryName);
    const sub = subs.find((s) => s.categoryId === category?.id && s.name === plan.subCategoryName);
    const regionId = regionByName.get(plan.company.city.region);
    const regionCounties = regionId ? countiesByRegion.get(regionId) ?? [] : [];
    const home = regionCounties.find((c) => c.name === plan.company.city.county);
    if (!category || !sub || !regionId || !home) continue;
    const text = demoListingText(plan.company, plan.subCategoryName, plan.variant, rng);
    // The whole fylke/län, or the home kommune with up to three neighbours in the same region.
    const wholeRegion = rng.next() < 0.3;
    const neighbours = rng.some(regionCounties.filter((c) => c.id !== home.id).map((c) => c.id), 0, 3);
    const r = rng.next();
    const createdAt = new Date(now.getTime() - Math.floor(rng.next() * 365 * 86_400_000));
    listingRows.push({
      companyId: companyIds[plan.company.index]!,
      ...text,
      cardImageUri: cardIds[i]!,
      bannerImageUri: rng.pick(bannerIds),
      galleryImageIds: rng.some(galleryIds, 3, 10),
      videoLinks: rng.next() < 0.2 ? rng.some(VIDEO_LINKS, 1, 2) : [],
      categoryId: category.id,
      subCategoryId: sub.id,
      categoryServiceIds: rng.some(catServices.filter((s) => s.categoryId === category.id).map((s) => s.id), 0, 3),
      subCategoryServiceIds: rng.some(subServices.filter((s) => s.subCategoryId === sub.id).map((s) => s.id), 1, 3),
      regionIds: wholeRegion ? [regionId] : [],
      countyIds: wholeRegion ? [] : [home.id, ...neighbours],
      price: r < 0.15 ? null : r < 0.2 ? 0 : rng.pick(PRICES),
      status: ListingStatus.Approved,
      isActive: true,
      createdAt,
      updatedAt: createdAt,
    });
  }
  await db.transaction(async (tx) => {
    await tx.insert(companies).values(companyRows);
    for (let i = 0; i < listingRows.length; i += 100) await tx.insert(listings).values(listingRows.slice(i, i + 100));
  });
  // New public listings and category images: cached search answers are stale.
  bumpCatalogue();
  return true;
}
