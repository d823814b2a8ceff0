import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { db } from '../../../src/db/database';
import { MetaKeys } from '../../../src/db/meta';
import { categoriesQuery, favoritesQuery, listingQuery, searchPageQuery } from '../../../src/db/queries';
import type { Region } from '../../../src/domain/locations';
import {
  pullFavorites, pullListing, pullListingsByIds, pullManifest, pullRegions, pullRegionsAfterWrite, pullSearchCategories, pullSearchPage,
  pullTaxonomy, pullTaxonomyAfterWrite,
} from '../../../src/sync/pull';
import { calls, card, category, detail, json, searchAnswer, stubApi } from './fixtures';

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => vi.unstubAllGlobals());

const region = (id: string, name: string): Region => ({ id, name, country: 'NO', version: 1, counties: [{ id: `${id}-c`, name: `${name} kommune` }] });

describe('taxonomy and regions', () => {
  it('write what the API returned, in its order, and drop rows the server no longer has', async () => {
    await db.categories.put({ ...category(9), position: 0 });
    stubApi({
      'GET /category': () => json(200, [category(2), category(1)]),
      'GET /subcategory': () => json(200, [{ id: 's1', categoryId: 'cat-1', name: 'Sub', shortDescription: '', description: '', imageUri: null, version: 1 }]),
      'GET /categoryService': () => json(200, []),
      'GET /subCategoryService': () => json(200, [{ id: 'ss1', subCategoryId: 's1', name: 'Svc', groupName: '', shortDescription: '', version: 1 }]),
      'GET /locations': () => json(200, [region('r2', 'Agder'), region('r1', 'Oslo')]),
    });
    await pullTaxonomy();
    await pullRegions();
    expect((await categoriesQuery()).map((c) => c.id)).toEqual(['cat-2', 'cat-1']);
    expect(await db.subCategories.where('categoryId').equals('cat-1').count()).toBe(1);
    expect(await db.subCategoryServices.get('ss1')).toMatchObject({ name: 'Svc' });
    const regions = await db.regions.orderBy('position').toArray();
    expect(regions.map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(regions[0]!.counties).toEqual([{ id: 'r2-c', name: 'Agder kommune' }]);
  });

  it('leave rows with pending local writes alone', async () => {
    await db.categories.put({ ...category(1), name: 'Edited offline', position: 0 });
    await db.outbox.add({
      id: 'op-1', userId: 'admin', kind: 'category.update', method: 'PUT', path: '/category/cat-1', body: {},
      entity: 'categories', entityId: 'cat-1', baseVersion: 1, createdAt: 0, attempts: 0, state: 'pending', lastError: null,
    });
    stubApi({
      'GET /category': () => json(200, [category(1)]),
      'GET /subcategory': () => json(200, []),
      'GET /categoryService': () => json(200, []),
      'GET /subCategoryService': () => json(200, []),
    });
    await pullTaxonomy();
    expect((await db.categories.get('cat-1'))?.name).toBe('Edited offline');
  });
});

describe('a pull asked for while the same one runs', () => {
  /** The taxonomy routes, each answering `names` (a name per call: what the server has at that moment). */
  function taxonomyServer(names: string[]) {
    let served = 0;
    return stubApi({
      'GET /category': () => json(200, [{ ...category(1), name: names[Math.min(served++, names.length - 1)]! }]),
      'GET /subcategory': () => json(200, []),
      'GET /categoryService': () => json(200, []),
      'GET /subCategoryService': () => json(200, []),
      'GET /locations': () => json(200, [region('r1', 'Oslo')]),
    });
  }

  it('shares its requests: the home page and the sync engine ask together on a first visit', async () => {
    const fetchMock = taxonomyServer(['One']);
    const [a, b] = await Promise.all([pullTaxonomy(), pullTaxonomy()]);
    await Promise.all([pullRegions(), pullRegions()]);
    expect([a, b]).toEqual([1, 1]);
    expect(calls(fetchMock, '/category')).toHaveLength(1);
    expect(calls(fetchMock, '/subCategoryService')).toHaveLength(1);
    expect(calls(fetchMock, '/locations')).toHaveLength(1);
    // Once it is done, the next pull asks the server again.
    await pullTaxonomy();
    await pullRegions();
    expect(calls(fetchMock, '/category')).toHaveLength(2);
    expect(calls(fetchMock, '/locations')).toHaveLength(2);
  });

  it('is not joined after a write: that pull may have been answered before it, so a new one is sent', async () => {
    const fetchMock = taxonomyServer(['Before the write', 'After the write']);
    const running = pullTaxonomy();
    const afterWrite = pullTaxonomyAfterWrite();
    // A pull asked for now joins the newer one.
    const later = pullTaxonomy();
    await Promise.all([running, afterWrite, later]);
    expect(calls(fetchMock, '/category')).toHaveLength(2);
    expect((await db.categories.get('cat-1'))?.name).toBe('After the write');
    await Promise.all([pullRegions(), pullRegionsAfterWrite()]);
    expect(calls(fetchMock, '/locations')).toHaveLength(2);
  });

  it('is asked again after a failure, and a failure reaches every caller that shared it', async () => {
    let fail = true;
    const fetchMock = stubApi({
      // A 4xx: the client does not retry it, so each request here is one the pulls sent.
      'GET /category': () => (fail ? json(404, { message: 'Not found' }) : json(200, [category(1)])),
      'GET /subcategory': () => json(200, []),
      'GET /categoryService': () => json(200, []),
      'GET /subCategoryService': () => json(200, []),
    });
    const results = await Promise.allSettled([pullTaxonomy(), pullTaxonomy()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(pullTaxonomy()).resolves.toBe(1);
    expect(calls(fetchMock, '/category')).toHaveLength(2);
  });
});

describe('search pages', () => {
  it('store the cards and the page record, keeping the server order', async () => {
    const fetchMock = stubApi({
      'POST /listing/search': () => json(200, searchAnswer([card('c'), card('a'), card('b')], { totalCount: 30, totalPages: 3, hasNextPage: true })),
    });
    const request = { categoryId: 'cat-1', pageNumber: 1, sortBy: 'nameAsc' as const };
    const { page } = await pullSearchPage(request);
    expect(page.listingIds).toEqual(['c', 'a', 'b']);
    expect(JSON.parse(calls(fetchMock, '/listing/search')[0]![1]!.body as string)).toEqual({
      pageNumber: 1, pageSize: 12, sortBy: 'nameAsc', categoryId: 'cat-1',
    });
    const stored = await searchPageQuery({ sortBy: 'nameAsc', categoryId: 'cat-1' });
    expect(stored?.listings.map((l) => l.id)).toEqual(['c', 'a', 'b']);
    expect(stored?.page).toMatchObject({ totalCount: 30, totalPages: 3, hasNextPage: true, hasPreviousPage: false });
  });

  it('never overwrite a fetched detail with a card', async () => {
    stubApi({
      'GET /listing/a': () => json(200, detail('a')),
      'POST /listing/search': () => json(200, searchAnswer([card('a', { name: 'Card name' }), card('b')])),
    });
    await pullListing('a');
    await pullSearchPage({});
    const a = await listingQuery('a');
    expect(a?.detail).toBe(true);
    expect(a?.detail && a.description).toBe('<p>Full description</p>');
    expect((await listingQuery('b'))?.detail).toBe(false);
  });

  it('category counts are stored by their trimmed query', async () => {
    stubApi({
      'GET /listing/search/categories': ({ url }) => json(200, {
        searchQuery: url.searchParams.get('q'), totalListings: 3,
        categoryResults: [{ categoryId: 'cat-1', categoryName: 'Foto', listingCount: 3, imageUri: null }],
      }),
    });
    await pullSearchCategories('  foto ');
    expect(await db.searchCategoryResults.get('foto')).toMatchObject({ totalListings: 3, searchQuery: 'foto' });
  });
});

describe('listings', () => {
  it('a detail replaces a card; a 404 removes the local copy', async () => {
    stubApi({ 'POST /listing/byIds': () => json(200, [card('a')]), 'GET /listing/a': () => json(200, detail('a')) });
    await pullListingsByIds(['a']);
    expect((await listingQuery('a'))?.detail).toBe(false);
    await pullListing('a');
    expect((await listingQuery('a'))?.detail).toBe(true);
    stubApi({});
    expect(await pullListing('a')).toBeUndefined();
    expect(await listingQuery('a')).toBeUndefined();
  });

  it('by ids: asks in chunks of 100 and removes ids the server left out', async () => {
    await db.listings.put({ ...card('gone'), companyId: 'co-1', detail: false, fetchedAt: 1 });
    const fetchMock = stubApi({
      'POST /listing/byIds': (init) => json(200, (JSON.parse(init.body as string) as { ids: string[] }).ids.filter((id) => id !== 'gone').map((id) => card(id))),
    });
    const ids = ['gone', ...Array.from({ length: 150 }, (_, i) => `l${i}`)];
    const cards = await pullListingsByIds(ids);
    expect(cards).toHaveLength(150);
    expect(calls(fetchMock, '/listing/byIds')).toHaveLength(2);
    expect(await db.listings.get('gone')).toBeUndefined();
    expect(await db.listings.count()).toBe(150);
  });
});

describe('favourites', () => {
  it('replace that user\'s set, fetch the missing listings and drop those that fail', async () => {
    await db.favorites.bulkPut([
      { userId: 'u1', listingId: 'old', position: 0 },
      { userId: 'u2', listingId: 'x', position: 0 },
    ]);
    await db.listings.put({ ...card('a'), companyId: 'co-1', detail: false, fetchedAt: 1 });
    const fetchMock = stubApi({
      'GET /Favorites': () => json(200, { favoriteListings: ['b', 'a', 'hidden'] }),
      'POST /listing/byIds': () => json(200, [card('b')]),
    });
    const listings = await pullFavorites('u1');
    expect(listings.map((l) => l.id)).toEqual(['b', 'a']);
    expect(JSON.parse(calls(fetchMock, '/listing/byIds')[0]![1]!.body as string)).toEqual({ ids: ['b', 'hidden'] });
    expect((await db.favorites.where('userId').equals('u1').toArray()).map((f) => f.listingId).sort()).toEqual(['a', 'b', 'hidden']);
    expect(await db.favorites.where('userId').equals('u2').count()).toBe(1);
    expect((await favoritesQuery('u1')).map((l) => l.id)).toEqual(['b', 'a']);
  });

  it('keep the favourites when the listings cannot be fetched, and reject when the list itself fails', async () => {
    stubApi({ 'GET /Favorites': () => json(200, { favoriteListings: ['b'] }), 'POST /listing/byIds': () => json(400, { message: 'bad' }) });
    expect(await pullFavorites('u1')).toEqual([]);
    expect(await db.favorites.count()).toBe(1);
    stubApi({ 'GET /Favorites': () => json(401, { message: 'Unauthorized' }) });
    await expect(pullFavorites('u1')).rejects.toMatchObject({ status: 401 });
    expect(await db.favorites.count()).toBe(1);
  });
});

describe('file manifest', () => {
  it('keeps the ETag, sends it back, and keeps the data on a 304', async () => {
    const fetchMock = stubApi({
      'GET /files/manifest': (init) =>
        (init.headers as Record<string, string>)['if-none-match'] === 'W/"manifest-1"'
          ? json(304, null, { etag: 'W/"manifest-1"' })
          : json(200, [{ blobFileId: 'f1', shA256Hash: 'h1' }], { etag: 'W/"manifest-1"' }),
    });
    expect(await pullManifest()).toEqual({ changed: true, entries: [{ blobFileId: 'f1', shA256Hash: 'h1' }] });
    expect((await db.meta.get(MetaKeys.manifestEtag))?.value).toBe('W/"manifest-1"');
    const second = await pullManifest();
    expect(second.changed).toBe(false);
    expect(second.entries).toEqual([{ blobFileId: 'f1', shA256Hash: 'h1' }]);
    expect(await db.files.get('f1')).toEqual({ blobFileId: 'f1', shA256Hash: 'h1' });
    expect(calls(fetchMock, '/files/manifest')).toHaveLength(2);
  });

  it('replaces the manifest when it changed', async () => {
    await db.files.put({ blobFileId: 'old', shA256Hash: 'x' });
    stubApi({ 'GET /files/manifest': () => json(200, [{ blobFileId: 'f2', shA256Hash: 'h2' }], { etag: 'W/"manifest-2"' }) });
    await pullManifest();
    expect(await db.files.toArray()).toEqual([{ blobFileId: 'f2', shA256Hash: 'h2' }]);
  });
});
