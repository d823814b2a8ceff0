import { beforeEach, describe, expect, it } from 'vitest';
import { db, type SearchPageRecord } from '../../../../src/db/database';
import { cardRow } from '../../../../src/db/listings';
import { searchPageKey, searchQueryKey } from '../../../../src/db/search-key';
import type { SearchRequest } from '../../../../src/domain/listings';
import { feedRequest } from '../../../../src/features/home/constants';
import { findOfflineFeed, latestStoredFeedSeed } from '../../../../src/features/home/offline-feed';
import { card } from '../../sync/fixtures';

beforeEach(async () => {
  await db.delete();
  await db.open();
});

/** Stores one page of a request, fetched at `fetchedAt`, with its cards. */
async function storePage(request: SearchRequest, fetchedAt: number, ids: string[]) {
  const page: SearchPageRecord = {
    key: searchPageKey(request),
    queryKey: searchQueryKey(request),
    pageNumber: request.pageNumber ?? 1,
    pageSize: request.pageSize ?? 12,
    listingIds: ids,
    totalCount: ids.length,
    totalPages: 1,
    hasNextPage: false,
    hasPreviousPage: false,
    sortBy: request.sortBy ?? 'newest',
    sortDirection: 'desc',
    seed: request.seed === undefined ? null : String(request.seed),
    fetchedAt,
  } as SearchPageRecord;
  await db.searchPages.put(page);
  await db.listings.bulkPut(ids.map((id) => cardRow(card(id), fetchedAt)));
}

describe('the offline home feed', () => {
  it("keeps the tab's own seed when its pages are stored", async () => {
    await storePage({ ...feedRequest('111'), pageNumber: 1 }, 1, ['a']);
    await storePage({ ...feedRequest('222'), pageNumber: 1 }, 2, ['b']);
    expect(await findOfflineFeed('111')).toEqual({ kind: 'pages', seed: '111' });
  });

  it('takes the seed of the feed stored last when the tab has none (a new window offline)', async () => {
    await storePage({ ...feedRequest('111'), pageNumber: 1 }, 10, ['a']);
    await storePage({ ...feedRequest('222'), pageNumber: 1 }, 20, ['b']);
    await storePage({ ...feedRequest('222'), pageNumber: 2 }, 21, ['c']);
    // Newer, but not the feed: a browse page, a random browse with another size, a category's random order.
    await storePage({ pageNumber: 1, pageSize: 12, sortBy: 'newest' }, 30, ['d']);
    await storePage({ pageNumber: 1, pageSize: 12, sortBy: 'random', seed: '333' }, 31, ['e']);
    await storePage({ ...feedRequest('444'), categoryId: 'cat-1', pageNumber: 1 }, 32, ['f']);
    expect(await latestStoredFeedSeed()).toBe('222');
    expect(await findOfflineFeed('999')).toEqual({ kind: 'pages', seed: '222' });
  });

  it('with no feed stored, shows the stored listings, most recently fetched first, up to the limit', async () => {
    await storePage({ pageNumber: 1, pageSize: 12, sortBy: 'newest' }, 5, ['old']);
    await db.listings.bulkPut([cardRow(card('newer'), 6), cardRow(card('newest'), 7)]);
    const feed = await findOfflineFeed('999', 2);
    expect(feed.kind).toBe('listings');
    expect(feed.kind === 'listings' && feed.listings.map((l) => l.id)).toEqual(['newest', 'newer']);
  });

  it('says so when nothing is stored', async () => {
    expect(await latestStoredFeedSeed()).toBeNull();
    expect(await findOfflineFeed('999')).toEqual({ kind: 'none' });
  });
});
