import { randomUUID } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingCard, SearchResponse } from '../../src/domain/listings';
import { seedDemoData } from '../../server/db/seed';
import { shuffleStart } from '../../server/modules/listings/search-sql';
import { companies, listings } from '../../server/db/schema';
import { PASSWORD } from './helpers/accounts';
import { listingFixture } from './helpers/listings';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let f: Awaited<ReturnType<typeof listingFixture>>;
/** Ids of the public listings of the fixture, oldest first. */
const visible: { id: string; name: string; price: number | null }[] = [];
let draftId: string;
let inactiveId: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await listingFixture(t);
  // 8 public listings in category A (names and prices in different orders), 2 in B, plus hidden ones.
  const names = ['Delta', 'alpha', 'Charlie', 'Bravo', 'Echo', 'Golf', 'Foxtrot', 'Hotel'];
  const prices = [500, null, 300, 0, 900, 700, 100, null];
  for (let i = 0; i < names.length; i++) {
    const row = await f.add({ name: names[i], price: prices[i], subCategoryId: i % 2 === 0 ? f.subA1.id : f.subA2.id,
      countyIds: i === 0 ? [f.county1.id] : [], regionIds: i === 1 ? [f.region.id] : [] });
    visible.push(row);
  }
  visible.push(await f.add({ name: 'India', categoryId: f.catB.id, subCategoryId: f.subB1.id, price: 50,
    description: '<p>Vår <b>bryllupsfotograf</b> tar bilder hele dagen.</p>', regionIds: [f.region2.id] }));
  visible.push(await f.add({ name: 'Juliett', categoryId: f.catB.id, subCategoryId: null, price: 60,
    shortDescription: 'The best wedding photographer in town' }));
  draftId = (await f.add({ name: 'Draft bryllupsfotograf photographer', status: 0 })).id;
  inactiveId = (await f.add({ name: 'Inactive bryllupsfotograf photographer', isActive: false })).id;
  await f.add({ name: 'Pending one', status: 100 });
});
afterAll(() => t.close());

const search = async (body: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url: '/api/listing/search', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
};
const names = (r: SearchResponse) => r.listings.map((l) => l.name);
const all = { pageSize: 96 };

describe('GET /listing and /listing/:id', () => {
  it('lists only public listings, newest first, as cards with the company', async () => {
    const res = await t.request({ method: 'GET', url: '/api/listing' });
    expect(res.statusCode).toBe(200);
    const cards = res.json() as ListingCard[];
    expect(cards.map((c) => c.id)).toEqual([...visible].reverse().map((v) => v.id));
    expect(cards[0]).toEqual({
      id: visible.at(-1)!.id, name: 'Juliett', shortDescription: 'The best wedding photographer in town', price: 60, cardImageUri: null,
      categoryId: f.catB.id, subCategoryId: null, subCategoryServiceIds: [], company: { id: f.company.id, name: f.company.name, logoImageUri: null },
    });
  });

  it('reads one public listing and 404s for hidden, unknown and malformed ids', async () => {
    const ok = await t.request({ method: 'GET', url: `/api/listing/${visible[0]!.id}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: visible[0]!.id, name: 'Delta', companyId: f.company.id, countyIds: [f.county1.id],
      locations: [f.county1.id], status: 200, company: { name: f.company.name, email: 'a@b.no' } });
    expect(ok.json()).not.toHaveProperty('search');
    for (const id of [draftId, inactiveId, randomUUID()]) {
      expect((await t.request({ method: 'GET', url: `/api/listing/${id}` })).statusCode).toBe(404);
    }
    const bad = await t.request({ method: 'GET', url: '/api/listing/not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('id');
  });

  it('byIds keeps the input order, drops hidden and unknown ids, and limits the count', async () => {
    const ids = [visible[3]!.id, draftId, visible[1]!.id, randomUUID(), inactiveId, visible[3]!.id];
    const res = await t.request({ method: 'POST', url: '/api/listing/byIds', payload: { ids } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((c: ListingCard) => c.id)).toEqual([visible[3]!.id, visible[1]!.id]);
    const bare = await t.request({ method: 'POST', url: '/api/listing/byIds', payload: [visible[0]!.id] });
    expect(bare.json().map((c: ListingCard) => c.id)).toEqual([visible[0]!.id]);
    const tooMany = await t.request({ method: 'POST', url: '/api/listing/byIds', payload: { ids: Array.from({ length: 101 }, () => randomUUID()) } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toEqual({ field: 'ids', message: 'At most 100 ids' });
    const badId = await t.request({ method: 'POST', url: '/api/listing/byIds', payload: { ids: ['x'] } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].field).toBe('ids.0');
  });

  it('lists a company\'s public listings', async () => {
    const res = await t.request({ method: 'GET', url: `/api/listing/company/${f.company.id}` });
    expect(res.json().length).toBe(visible.length);
    expect((await t.request({ method: 'GET', url: `/api/listing/company/${randomUUID()}` })).json()).toEqual([]);
  });
});

describe('POST /listing/search', () => {
  it('answers page 1 of 12 newest first by default, with the paging fields', async () => {
    const r = await search({});
    expect(r).toMatchObject({ totalCount: 10, totalPages: 1, hasNextPage: false, hasPreviousPage: false, sortBy: 'newest',
      sortDirection: 'desc', pageNumber: 1, pageSize: 12 });
    expect(r.listings.map((l) => l.id)).toEqual([...visible].reverse().map((v) => v.id));
  });

  it('sorts by each named sort and by sortBy + sortDirection', async () => {
    const nameAsc = names(await search({ ...all, sortBy: 'nameAsc' }));
    expect(nameAsc.filter((n) => n !== 'alpha')).toEqual(['Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliett']);
    expect(names(await search({ ...all, sortBy: 'nameDesc' }))).toEqual([...nameAsc].reverse());
    expect(names(await search({ ...all, sortBy: 'name', sortDirection: 'desc' }))).toEqual([...nameAsc].reverse());

    const priceAsc = await search({ ...all, sortBy: 'priceAsc' });
    expect(priceAsc.listings.map((l) => l.price)).toEqual([0, 50, 60, 100, 300, 500, 700, 900, null, null]);
    expect(priceAsc).toMatchObject({ sortBy: 'priceAsc', sortDirection: 'asc' });
    const priceDesc = await search({ ...all, sortBy: 'price', sortDirection: 'desc' });
    expect(priceDesc.listings.map((l) => l.price)).toEqual([900, 700, 500, 300, 100, 60, 50, 0, null, null]);
    expect(priceDesc.sortBy).toBe('priceDesc');
    expect(names(await search({ ...all, sort: 'priceDesc' }))).toEqual(names(priceDesc));

    const oldest = await search({ ...all, sortBy: 'oldest' });
    expect(oldest.listings.map((l) => l.id)).toEqual(visible.map((v) => v.id));
    expect(oldest.sortDirection).toBe('asc');
    expect((await search({ ...all, sortBy: 'createdAt', sortDirection: 'asc' })).listings.map((l) => l.id)).toEqual(visible.map((v) => v.id));
    expect((await search({ ...all, sortBy: 'CreatedAt', sortDirection: 'DESC' })).listings.map((l) => l.id)).toEqual([...visible].reverse().map((v) => v.id));
  });

  it('keeps a seeded random order stable across pages, covering every listing once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const r = await search({ sortBy: 'random', seed: 42, pageNumber: page, pageSize: 3 });
      expect(r).toMatchObject({ totalCount: 10, totalPages: 4, hasNextPage: page < 4, hasPreviousPage: page > 1, sortBy: 'random', seed: '42' });
      seen.push(...r.listings.map((l) => l.id));
    }
    expect(seen.length).toBe(10);
    expect(new Set(seen)).toEqual(new Set(visible.map((v) => v.id)));
    const again = await search({ sortBy: 'random', seed: '42', pageSize: 10 });
    expect(again.listings.map((l) => l.id)).toEqual(seen);
    // A seed is a start point in the stored shuffle: another order needs a point before another key.
    const keys = (await t.deps.db.select({ key: listings.shuffleKey }).from(listings)
      .where(inArray(listings.id, visible.map((v) => v.id)))).map((r) => r.key);
    const firstKey = (seed: string) => keys.filter((k) => k < shuffleStart(seed)).length % keys.length;
    const otherSeed = Array.from({ length: 100 }, (_, i) => `another seed ${i}`).find((s) => firstKey(s) !== firstKey('42'))!;
    const other = await search({ sortBy: 'random', seed: otherSeed, pageSize: 10 });
    expect(other.listings.map((l) => l.id)).not.toEqual(seen);
    const unseeded = await search({ sortBy: 'random' });
    expect(unseeded.seed).toMatch(/^[0-9a-f]+$/);
  });

  it('pages with the paging fields and an empty page past the end', async () => {
    const p2 = await search({ pageNumber: 2, pageSize: 4, isInfiniteMode: true });
    expect(p2).toMatchObject({ totalCount: 10, totalPages: 3, hasNextPage: true, hasPreviousPage: true, pageNumber: 2, pageSize: 4 });
    expect(p2.listings.map((l) => l.id)).toEqual([...visible].reverse().slice(4, 8).map((v) => v.id));
    const p3 = await search({ pageNumber: 3, pageSize: 4 });
    expect(p3).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(p3.listings.length).toBe(2);
    const past = await search({ pageNumber: 9, pageSize: 4 });
    expect(past.listings).toEqual([]);
    expect((await search({ pageSize: 9 })).listings.length).toBe(9);
  });

  it('filters by category, sub-categories and regions (region or county ids)', async () => {
    expect(names(await search({ ...all, categoryId: f.catB.id, sortBy: 'nameAsc' }))).toEqual(['India', 'Juliett']);
    expect((await search({ ...all, subCategoryIds: [f.subA2.id] })).totalCount).toBe(4);
    expect((await search({ ...all, subCategoryIds: [f.subA2.id, f.subB1.id] })).totalCount).toBe(5);
    expect(names(await search({ ...all, regions: [f.county1.id], sortBy: 'nameAsc' }))).toEqual(['Delta']);
    // A region also finds the listings tagged with one of its counties.
    expect(names(await search({ ...all, regions: [f.region.id] })).sort()).toEqual(['Delta', 'alpha'].sort());
    expect(names(await search({ ...all, regions: [f.region.id, f.county1.id], sortBy: 'nameAsc' })).sort()).toEqual(['Delta', 'alpha'].sort());
    expect(names(await search({ ...all, regions: [`regions/${f.region2.id}`] }))).toEqual(['India']);
    expect((await search({ ...all, categoryId: null, searchQuery: '', regions: null })).totalCount).toBe(10);
  });

  it('finds words in Norwegian and English through their stems, only among public listings', async () => {
    const no = await search({ searchQuery: 'bryllupsfotografer' });
    expect(names(no)).toEqual(['India']);
    const en = await search({ searchQuery: 'photographers' });
    expect(names(en)).toEqual(['Juliett']);
    expect((await search({ searchQuery: 'listing' })).totalCount).toBe(0);
    expect((await search({ searchQuery: 'golf' })).listings.map((l) => l.name)).toEqual(['Golf']);
    expect((await search({ searchQuery: '"wedding photographer" -zebra' })).totalCount).toBe(1);
    expect((await search({ searchQuery: 'nothingmatcheshere' })).totalCount).toBe(0);
  });

  it('rejects malformed bodies with field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pageSize: '12' }, 'pageSize'], [{ pageSize: 97 }, 'pageSize'], [{ pageSize: 0 }, 'pageSize'], [{ pageNumber: 0 }, 'pageNumber'],
      [{ categoryId: 'nope' }, 'categoryId'], [{ subCategoryIds: ['x'] }, 'subCategoryIds.0'], [{ regions: 'x' }, 'regions'],
      [{ sortBy: 'cheapest' }, 'sortBy'], [{ sortDirection: 'up' }, 'sortDirection'], [{ seed: {} }, 'seed'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request({ method: 'POST', url: '/api/listing/search', payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].field, JSON.stringify(body)).toBe(field);
    }
  });
});

describe('GET /listing/search/categories', () => {
  it('counts public matches per category, only categories with matches', async () => {
    const res = await t.request({ method: 'GET', url: '/api/listing/search/categories?q=photographers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ searchQuery: 'photographers', totalListings: 1,
      categoryResults: [{ categoryId: f.catB.id, categoryName: f.catB.name, listingCount: 1, imageUri: null }] });
    const everything = (await t.request({ method: 'GET', url: '/api/listing/search/categories?query=' })).json();
    expect(everything.totalListings).toBe(10);
    expect(everything.categoryResults.map((c: { listingCount: number }) => c.listingCount)).toEqual([8, 2]);
    const none = (await t.request({ method: 'GET', url: '/api/listing/search/categories?q=zzzzzz' })).json();
    expect(none).toEqual({ searchQuery: 'zzzzzz', totalListings: 0, categoryResults: [] });
  });
});

describe('companies', () => {
  it('shows approved companies only', async () => {
    const one = await t.request({ method: 'GET', url: `/api/company/${f.company.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: f.company.id, name: f.company.name, email: 'a@b.no', websiteUrl: null });
    expect((await t.request({ method: 'GET', url: `/api/company/${f.hiddenCompany.id}` })).statusCode).toBe(404);
    // The list of every company is the Admin's (tests/server/companies.test.ts).
    expect((await t.request({ method: 'GET', url: '/api/company' })).statusCode).toBe(401);
  });
});

describe('demo seed', () => {
  it('seeds companies, listings and images once, on a fresh database', async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedDemoData(fresh.deps.db, PASSWORD, fresh.deps.fileStore)).toBe(true);
      const [c] = await fresh.deps.db.select({ n: count() }).from(companies);
      const [l] = await fresh.deps.db.select({ n: count() }).from(listings);
      expect(c!.n).toBeGreaterThanOrEqual(60);
      expect(l!.n).toBeGreaterThanOrEqual(300);
      const manifest = await fresh.request({ method: 'GET', url: '/api/files/manifest' });
      expect(manifest.json().length).toBeGreaterThanOrEqual(300 + 60);
      expect(manifest.headers.etag).toBe('W/"manifest-1"');
      const page = await fresh.request({ method: 'POST', url: '/api/listing/search', payload: { pageSize: 96, sortBy: 'random', seed: 1 } });
      const cards = page.json().listings as ListingCard[];
      expect(new Set(cards.map((x) => x.cardImageUri)).size).toBe(96);
      const image = await fresh.request({ method: 'GET', url: `/api/files/${cards[0]!.cardImageUri}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const prices = (await fresh.deps.db.select({ price: listings.price }).from(listings)).map((r) => r.price);
      expect(prices.filter((p) => p === null).length).toBeGreaterThan(20);
      expect(prices.filter((p) => p === 0).length).toBeGreaterThan(0);
      // Every seeded category has its own image for the home page's cards.
      const categoryList = (await fresh.request({ method: 'GET', url: '/api/category' })).json() as { imageUri: string | null }[];
      expect(categoryList.every((x) => x.imageUri)).toBe(true);
      expect(new Set(categoryList.map((x) => x.imageUri)).size).toBe(categoryList.length);
      const categoriesHit = (await fresh.request({ method: 'GET', url: '/api/listing/search/categories' })).json();
      expect(categoriesHit.categoryResults.length).toBeGreaterThanOrEqual(8);
      expect((await fresh.request({ method: 'POST', url: '/api/listing/search', payload: { searchQuery: 'bryllupsfotografer' } })).json().totalCount).toBeGreaterThan(0);
      expect(await seedDemoData(fresh.deps.db, PASSWORD, fresh.deps.fileStore)).toBe(false);
      expect((await fresh.deps.db.select({ n: count() }).from(listings))[0]!.n).toBe(l!.n);
    } finally {
      await fresh.close();
    }
  });
});
