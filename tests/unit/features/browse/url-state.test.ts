import { describe, expect, it } from 'vitest';
import { pageItems } from '../../../../src/features/browse/pagination';
import {
  DEFAULT_BROWSE_STATE, locationIds, newSeed, parseBrowseState, serializeBrowseState, toSearchRequest, withFilters,
  withPage, withPageSize, withSort, withoutFilters, type BrowseState,
} from '../../../../src/features/browse/url-state';

const full: BrowseState = {
  categoryId: 'cat-1',
  search: 'dj oslo',
  subCategoryIds: ['s1', 's2'],
  regions: ['r1'],
  counties: ['c9'],
  sort: 'random',
  seed: '4242',
  page: 3,
  pageSize: 48,
};

describe('browse URL state', () => {
  it('round-trips every field through the query string', () => {
    const query = serializeBrowseState(full);
    expect(query).toBe('categoryId=cat-1&search=dj+oslo&sub=s1&sub=s2&region=r1&county=c9&sort=random&seed=4242&page=3&size=48');
    expect(parseBrowseState(`?${query}`)).toEqual(full);
  });

  it('leaves the defaults out of the URL', () => {
    expect(serializeBrowseState(DEFAULT_BROWSE_STATE)).toBe('');
    expect(parseBrowseState('')).toEqual(DEFAULT_BROWSE_STATE);
    expect(serializeBrowseState({ ...DEFAULT_BROWSE_STATE, categoryId: 'c' })).toBe('categoryId=c');
  });

  it('falls back to the defaults on invalid values and drops a seed without the random sort', () => {
    expect(parseBrowseState('sort=cheapest&page=-2&size=13&seed=9&search=%20%20')).toEqual(DEFAULT_BROWSE_STATE);
    expect(parseBrowseState('page=2.5').page).toBe(1);
    expect(parseBrowseState('sort=priceDesc&seed=9')).toMatchObject({ sort: 'priceDesc', seed: null });
  });

  it('accepts comma-joined lists and removes duplicates', () => {
    expect(parseBrowseState('sub=a,b&sub=b&region=r1,,r2').subCategoryIds).toEqual(['a', 'b']);
    expect(parseBrowseState('region=r1,,r2').regions).toEqual(['r1', 'r2']);
  });
});

describe('browse state changes', () => {
  it('a new sort goes back to page 1; random draws a fresh seed each time it is chosen', () => {
    const onPage3 = { ...full, sort: 'newest' as const, seed: null };
    expect(withSort(onPage3, 'priceAsc')).toMatchObject({ sort: 'priceAsc', seed: null, page: 1 });
    const first = withSort(onPage3, 'random');
    expect(first).toMatchObject({ sort: 'random', page: 1 });
    expect(first.seed).toMatch(/^\d+$/);
    const second = withSort({ ...first, page: 4 }, 'random');
    expect(second.seed).not.toBe(first.seed);
    expect(second.page).toBe(1);
    expect(withSort(full, 'random', () => 'fixed').seed).toBe('fixed');
  });

  it('a new page size goes back to page 1; a page change keeps the rest', () => {
    expect(withPageSize(full, 96)).toEqual({ ...full, pageSize: 96, page: 1 });
    expect(withPage(full, 7)).toEqual({ ...full, page: 7 });
  });

  it('new filters go back to page 1; a new category clears the sub-categories', () => {
    expect(withFilters(full, { regions: ['r2'] })).toEqual({ ...full, regions: ['r2'], page: 1 });
    expect(withFilters(full, { categoryId: 'cat-2' })).toMatchObject({ categoryId: 'cat-2', subCategoryIds: [], page: 1 });
    expect(withFilters(full, { categoryId: 'cat-1' }).subCategoryIds).toEqual(['s1', 's2']);
    expect(withoutFilters(full)).toEqual({ ...full, categoryId: null, subCategoryIds: [], regions: [], counties: [], page: 1 });
  });

  it('newSeed never repeats the previous seed', () => {
    const values = [0.5, 0.5, 0.25];
    const seed = newSeed(String(Math.floor(0.5 * 2 ** 31)), () => values.shift() ?? 0);
    expect(seed).toBe(String(Math.floor(0.25 * 2 ** 31)));
  });
});

describe('search request', () => {
  it('sends the chosen regions and counties once each (the server expands a region to its counties)', () => {
    expect(locationIds({ regions: ['r2'], counties: ['c1', 'c1'] })).toEqual(['r2', 'c1']);
    expect(locationIds({ regions: [], counties: [] })).toEqual([]);
  });

  it('maps the state to the POST /listing/search body', () => {
    expect(toSearchRequest({ ...full, regions: ['r1'], counties: ['c9'] })).toEqual({
      pageNumber: 3, pageSize: 48, sortBy: 'random', seed: '4242', categoryId: 'cat-1',
      subCategoryIds: ['s1', 's2'], searchQuery: 'dj oslo', regions: ['r1', 'c9'],
    });
    expect(toSearchRequest(DEFAULT_BROWSE_STATE)).toEqual({ pageNumber: 1, pageSize: 12, sortBy: 'newest' });
  });
});

describe('pagination items', () => {
  it('shows first, last and the neighbours of the current page, with gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 5)).toEqual([1, 2, 'gap', 5]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 9, 10]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 0)).toEqual([]);
  });
});
