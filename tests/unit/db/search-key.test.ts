import { describe, expect, it } from 'vitest';
import { searchPageKey, searchQueryKey, stableStringify, toSearchBody } from '../../../src/db/search-key';

describe('search page keys', () => {
  it('are the same for the same request written in another key order', () => {
    const a = searchPageKey({ categoryId: 'c1', pageNumber: 2, pageSize: 24, sortBy: 'priceAsc', regions: ['r1', 'r2'] });
    const b = searchPageKey({ regions: ['r2', 'regions/r1'], sortBy: 'priceAsc', pageSize: 24, pageNumber: 2, categoryId: 'c1' });
    expect(a).toBe(b);
  });

  it('treat defaults, blanks, sort aliases and seeds of non-random sorts as the server does', () => {
    const base = searchPageKey({});
    expect(searchPageKey({ pageNumber: 1, pageSize: 12, sortBy: 'newest', categoryId: '', searchQuery: '  ', seed: 7 })).toBe(base);
    expect(searchPageKey({ sortBy: 'createdAt', sortDirection: 'desc' })).toBe(base);
    expect(searchPageKey({ sortBy: 'price', sortDirection: 'desc' })).toBe(searchPageKey({ sort: 'priceDesc' }));
    expect(searchPageKey({ sortBy: 'random', seed: 7 })).toBe(searchPageKey({ sortBy: 'random', seed: '7' }));
    expect(searchPageKey({ sortBy: 'random', seed: 7 })).not.toBe(searchPageKey({ sortBy: 'random', seed: 8 }));
  });

  it('differ by page number while the query key is shared', () => {
    expect(searchPageKey({ pageNumber: 1 })).not.toBe(searchPageKey({ pageNumber: 2 }));
    expect(searchQueryKey({ pageNumber: 1 })).toBe(searchQueryKey({ pageNumber: 2 }));
  });

  it('sends the normalized body', () => {
    expect(toSearchBody({ searchQuery: ' foto ', subCategoryIds: ['b', 'a', 'b'], isInfiniteMode: true })).toEqual({
      pageNumber: 1, pageSize: 12, sortBy: 'newest', searchQuery: 'foto', subCategoryIds: ['a', 'b'], isInfiniteMode: true,
    });
    // The infinite flag travels to the server but does not change which page is stored.
    expect(searchPageKey({ isInfiniteMode: true })).toBe(searchPageKey({}));
  });

  it('stableStringify sorts keys at every level', () => {
    expect(stableStringify({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
  });
});
