import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategorySearchResult, SearchResponse } from '../../src/domain/listings';
import { loadConfig } from '../../server/config';
import { listings } from '../../server/db/schema';
import { bumpCatalogue, catalogueVersion, SearchCache } from '../../server/modules/listings/search-cache';
import { signUpAdmin } from './helpers/accounts';
import { listingFixture } from './helpers/listings';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('SearchCache', () => {
  let now = 0;
  const cache = (maxEntries: number, maxBytes = 1_000_000, ttlMs = 30_000) =>
    new SearchCache<string>({ maxEntries, maxBytes, ttlMs }, (v) => v.length * 2, () => now);

  it('keeps at most maxEntries, evicting the least recently used', () => {
    const c = cache(3);
    for (const k of ['a', 'b', 'c']) c.set(k, k.repeat(10), catalogueVersion());
    expect(c.get('a')).toBe('aaaaaaaaaa'); // a is now the most recently used
    c.set('d', 'd', catalogueVersion());
    expect(c.size).toBe(3);
    expect(c.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => c.get(k) !== undefined)).toEqual([true, true, true]);
  });

  it('keeps at most maxBytes, and never stores a value larger than that', () => {
    const c = cache(100, 100);
    for (let i = 0; i < 10; i++) c.set(`k${i}`, 'x'.repeat(20), catalogueVersion()); // 4 + 40 bytes each
    expect(c.approximateBytes).toBeLessThanOrEqual(100);
    expect(c.size).toBe(2);
    expect(c.get('k9')).toBeDefined();
    c.set('huge', 'x'.repeat(100), catalogueVersion());
    expect(c.get('huge')).toBeUndefined();
    expect(c.get('k9')).toBeDefined();
  });

  it('expires entries after the TTL', () => {
    const c = cache(10, 1000, 30_000);
    c.set('k', 'v', catalogueVersion());
    now += 29_999;
    expect(c.get('k')).toBe('v');
    now += 1;
    expect(c.get('k')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('empties on a catalogue bump and drops answers read before one', async () => {
    const c = cache(10);
    c.set('k', 'v', catalogueVersion());
    bumpCatalogue();
    expect(c.get('k')).toBeUndefined();
    // A load during which a write commits must not be stored: it may hold the old rows.
    const value = await c.getOrLoad('k', async () => { bumpCatalogue(); return 'old'; });
    expect(value).toBe('old');
    expect(c.get('k')).toBeUndefined();
    expect(await c.getOrLoad('k', async () => 'new')).toBe('new');
    expect(c.get('k')).toBe('new');
  });

  it('shares one load between concurrent misses, and loads every time when off', async () => {
    let loads = 0;
    const load = async () => { loads += 1; await new Promise((r) => setTimeout(r, 5)); return 'v'; };
    const c = cache(10);
    expect(await Promise.all([c.getOrLoad('k', load), c.getOrLoad('k', load), c.getOrLoad('k', load)])).toEqual(['v', 'v', 'v']);
    expect(loads).toBe(1);
    const off = cache(0);
    await Promise.all([off.getOrLoad('k', load), off.getOrLoad('k', load)]);
    expect(loads).toBe(3);
    expect(off.size).toBe(0);
  });

  it('is on by default and turned off by SEARCH_CACHE=off (answers) and SEARCH_TOTALS_CACHE=off (totals)', () => {
    const env = { DATA_DIR: '/tmp/unused', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(env).searchCache).toMatchObject({ enabled: true, totals: true, ttlMs: 30_000 });
    expect(loadConfig({ ...env, SEARCH_CACHE: 'off', SEARCH_CACHE_TTL_SECONDS: '5' }).searchCache).toMatchObject({ enabled: false, totals: true, ttlMs: 5_000 });
    expect(loadConfig({ ...env, SEARCH_TOTALS_CACHE: 'off' }).searchCache).toMatchObject({ enabled: true, totals: false });
  });

  it('takes the pool size from DATABASE_POOL_MAX (10 by default) and refuses a nonsense one', () => {
    const env = { DATA_DIR: '/tmp/unused', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(env).databasePoolMax).toBe(10);
    expect(loadConfig({ ...env, DATABASE_POOL_MAX: '4' }).databasePoolMax).toBe(4);
    expect(() => loadConfig({ ...env, DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });
});

describe('cached search answers', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof listingFixture>>;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    f = await listingFixture(t);
    for (let i = 0; i < 5; i++) await f.add({ name: `Cached ${i}`, subCategoryId: f.subA2.id });
    adminToken = (await signUpAdmin(t)).accessToken;
  });
  afterAll(() => t.close());

  const search = async (body: Record<string, unknown>) => {
    const res = await t.request({ method: 'POST', url: '/api/listing/search', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.json() as SearchResponse;
  };
  /** A public listing written behind the cache's back (no bump), as another server process would. */
  const addUnannounced = (name: string) => t.deps.db.insert(listings).values({
    companyId: f.company.id, name, categoryId: f.catA.id, status: 200, isActive: true, createdAt: new Date('2030-01-01T00:00:00Z'),
  });

  it('answers a repeated search from the cache, equal to a fresh answer', async () => {
    const body = { pageSize: 2, pageNumber: 2, sortBy: 'random', seed: 7, subCategoryIds: [f.subA2.id, f.subA2.id] };
    const first = await search(body);
    expect(first).toMatchObject({ totalCount: 5, totalPages: 3, pageNumber: 2, seed: '7' });
    const cached = await search({ ...body, subCategoryIds: [f.subA2.id] }); // same filter, other spelling
    expect(cached).toEqual(first);
    bumpCatalogue();
    expect(await search(body)).toEqual(first);
  });

  it('serves the cached answer until a write bumps the catalogue', async () => {
    const before = await search({ pageSize: 50 });
    await addUnannounced('Unannounced');
    // Proves the answer is cached: the new row is not in it yet.
    expect(await search({ pageSize: 50 })).toEqual(before);
    // Page 2 is new, but its total comes from the cached count of the same filter.
    expect((await search({ pageSize: 50, pageNumber: 2 })).totalCount).toBe(before.totalCount);
    bumpCatalogue();
    const after = await search({ pageSize: 50 });
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.listings[0]!.name).toBe('Unannounced');
  });

  it('expires cached answers after the TTL (30 s by default)', async () => {
    const before = await search({ sortBy: 'nameAsc', pageSize: 50 });
    await addUnannounced('Aaa expiring');
    t.advance(29_000);
    expect(await search({ sortBy: 'nameAsc', pageSize: 50 })).toEqual(before);
    t.advance(1_000);
    const after = await search({ sortBy: 'nameAsc', pageSize: 50 });
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.listings[0]!.name).toBe('Aaa expiring');
  });

  it('sees category and sub-category changes made through the admin routes', async () => {
    const counts = async () => (await t.request({ method: 'GET', url: '/api/listing/search/categories?q=' })).json() as CategorySearchResult;
    const before = await counts();
    expect(before.categoryResults.find((c) => c.categoryId === f.catA.id)?.categoryName).toBe(f.catA.name);
    const renamed = await t.request({ method: 'PUT', url: `/api/category/${f.catA.id}`, payload: { name: 'Renamed', sortOrder: 1 },
      headers: { authorization: `Bearer ${adminToken}` } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await counts()).categoryResults.find((c) => c.categoryId === f.catA.id)?.categoryName).toBe('Renamed');

    const filtered = { subCategoryIds: [f.subA2.id], pageSize: 50 };
    expect((await search(filtered)).totalCount).toBe(5);
    const remove = () => t.request({ method: 'DELETE', url: `/api/subcategory/${f.subA2.id}`, headers: { authorization: `Bearer ${adminToken}` } });
    // Listings still use it: refused, and the answer stays as it was.
    expect((await remove()).statusCode).toBe(409);
    expect((await search(filtered)).totalCount).toBe(5);
    // Moved away behind the cache's back (no writer bumps it): the cached answer still counts them …
    await t.deps.db.update(listings).set({ subCategoryId: f.subA1.id }).where(eq(listings.subCategoryId, f.subA2.id));
    expect((await search(filtered)).totalCount).toBe(5);
    // … until the admin delete, which bumps the catalogue.
    const removed = await remove();
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await search(filtered)).totalCount).toBe(0);
  });

  it('reads through when the cache is off', async () => {
    const off = await createTestApp({ searchCache: { ...t.config.searchCache, enabled: false, totals: false } });
    try {
      const g = await listingFixture(off);
      await g.add({ name: 'One' });
      const first = (await off.request({ method: 'POST', url: '/api/listing/search', payload: {} })).json() as SearchResponse;
      await off.deps.db.update(listings).set({ name: 'Changed' }).where(eq(listings.id, first.listings[0]!.id));
      await off.deps.db.insert(listings).values({ companyId: g.company.id, name: 'Two', categoryId: g.catA.id, status: 200, isActive: true });
      const second = (await off.request({ method: 'POST', url: '/api/listing/search', payload: {} })).json() as SearchResponse;
      expect(second.listings.map((l) => l.name).sort()).toEqual(['Changed', 'Two']);
      expect(second.totalCount).toBe(first.totalCount + 1);
    } finally {
      await off.close();
    }
  });

  it('with answers off, reads every page but counts each filter once until a write bumps the catalogue', async () => {
    const pagesOnly = await createTestApp({ searchCache: { ...t.config.searchCache, enabled: false, totals: true } });
    try {
      const g = await listingFixture(pagesOnly);
      for (const name of ['One', 'Two', 'Three']) await g.add({ name });
      const search = async (body: Record<string, unknown>) =>
        (await pagesOnly.request({ method: 'POST', url: '/api/listing/search', payload: { pageSize: 2, ...body } })).json() as SearchResponse;
      const first = await search({ sortBy: 'nameAsc' });
      expect(first).toMatchObject({ totalCount: 3, totalPages: 2 });
      // Behind the cache's back (no bump): the page is read again, the filter's total is not.
      await pagesOnly.deps.db.update(listings).set({ name: 'Aaa renamed' }).where(eq(listings.id, first.listings[1]!.id));
      await pagesOnly.deps.db.insert(listings).values({ companyId: g.company.id, name: 'Aab unannounced', categoryId: g.catA.id, status: 200, isActive: true });
      const stale = await search({ sortBy: 'nameAsc' });
      expect(stale.listings.map((l) => l.name)).toEqual(['Aaa renamed', 'Aab unannounced']);
      expect(stale).toMatchObject({ totalCount: 3, totalPages: 2 });
      // Another sort or page of the same filter shares the total; another filter counts its own.
      expect((await search({ sortBy: 'newest', pageNumber: 2 })).totalCount).toBe(3);
      expect((await search({ categoryId: g.catA.id })).totalCount).toBe(4);
      bumpCatalogue();
      expect(await search({ sortBy: 'nameAsc' })).toMatchObject({ totalCount: 4, totalPages: 2 });
    } finally {
      await pagesOnly.close();
    }
  });
});

describe('catalogue writers', () => {
  /** Tables whose rows show in public search answers (cards, totals, category counts). */
  const tables = ['listings', 'companies', 'categories', 'subCategories'];
  const sqlTables = ['listings', 'companies', 'categories', 'sub_categories'];
  const writes = new RegExp([
    `\\.(insert|update|delete)\\((${tables.join('|')})\\)`,
    `(insert\\s+into|update|delete\\s+from)\\s+"?(${sqlTables.join('|')})\\b`,
  ].join('|'), 'i');

  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'migrations' ? [] : files(join(dir, e.name))) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);

  it('bump the catalogue generation in every server file that writes a catalogue table', () => {
    const root = join(import.meta.dirname, '..', '..');
    const writers = files(join(root, 'server')).filter((file) => writes.test(readFileSync(file, 'utf8')));
    expect(writers.length).toBeGreaterThan(0);
    const silent = writers.filter((file) => !readFileSync(file, 'utf8').includes('bumpCatalogue()')).map((file) => relative(root, file));
    expect(silent, 'these files write listings, companies or the taxonomy without bumpCatalogue() (search-cache.ts)').toEqual([]);
  });

  it('bump it in every admin CRUD table spec over a catalogue table (the writes happen inside server/lib/admin-crud.ts)', () => {
    const root = join(import.meta.dirname, '..', '..');
    const users = files(join(root, 'server')).filter((file) => /\badminCrud[<(]/.test(readFileSync(file, 'utf8')) && !file.endsWith('admin-crud.ts'));
    expect(users.length).toBeGreaterThan(0);
    // Each spec starts at its `table:`; the text up to the next spec must bump for a catalogue table.
    const specs = users.flatMap((file) => readFileSync(file, 'utf8').split(/\btable:\s*/).slice(1)
      .map((chunk) => ({ file: relative(root, file), table: /^\w+/.exec(chunk)?.[0] ?? '', chunk })));
    const catalogue = specs.filter((spec) => tables.includes(spec.table));
    expect(catalogue.map((spec) => spec.table).sort()).toEqual(['categories', 'subCategories']);
    const silent = catalogue.filter((spec) => !spec.chunk.includes('bumpCatalogue()')).map((spec) => `${spec.file}: ${spec.table}`);
    expect(silent, 'these admin CRUD specs write a catalogue table without afterWrite: bumpCatalogue()').toEqual([]);
  });
});
