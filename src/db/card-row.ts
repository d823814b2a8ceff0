import type { Listing, ListingCard, SearchRequest, SearchResponse } from '../domain/listings';
import type { SearchPageRecord, StoredListing } from './database';
import { searchPageKey, searchQueryKey } from './search-key';

/** The stored rows of a listing, without Dexie: device-feed.ts builds them in the first view. */
export const cardRow = (card: ListingCard, fetchedAt: number): StoredListing =>
  ({ ...card, companyId: card.company.id, detail: false, fetchedAt });

export const detailRow = (listing: Listing, fetchedAt: number): StoredListing => ({ ...listing, detail: true, fetchedAt });

/**
 * The stored record of one search page (its cards are stored apart, by id), without Dexie: the
 * browse screen builds it from a server-rendered page's answer in the first view, as the pull
 * does from the API's.
 */
export function searchPageRow(request: SearchRequest, res: SearchResponse, fetchedAt: number): SearchPageRecord {
  return {
    key: searchPageKey(request),
    queryKey: searchQueryKey(request),
    pageNumber: res.pageNumber,
    pageSize: res.pageSize,
    listingIds: res.listings.map((card) => card.id),
    totalCount: res.totalCount,
    totalPages: res.totalPages,
    hasNextPage: res.hasNextPage,
    hasPreviousPage: res.hasPreviousPage,
    sortBy: res.sortBy,
    sortDirection: res.sortDirection,
    seed: res.seed,
    fetchedAt,
  };
}
