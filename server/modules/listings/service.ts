import { and, desc, eq, inArray } from 'drizzle-orm';
import { LISTING_LIST_LIMIT, type Listing, type ListingCard } from '../../../src/domain/listings';
import { listings } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { findPublicListing, isPublic, selectCards } from './queries';
import type { SearchBody } from './schemas';
import { listingSearch } from './search';

/** For other modules: whether a listing exists (and is public, when asked). */
export { listingExists } from './queries';
/** For writers of listings, companies, categories and sub-categories: empties the search caches. */
export { bumpCatalogue } from './search-cache';

const newest = [desc(listings.createdAt), desc(listings.id)];

/** Public listing reads and search (spec 1 §7, spec 2 §7). Only approved, active listings are shown. */
export function listingService(deps: AppDeps) {
  const { db } = deps;
  const searches = listingSearch(deps);

  return {
    list: (): Promise<ListingCard[]> => selectCards(db, isPublic, newest, LISTING_LIST_LIMIT),

    /** Cards in the order asked for; unknown or hidden ids are left out. */
    async byIds(ids: string[]): Promise<ListingCard[]> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      const cards = await selectCards(db, and(isPublic, inArray(listings.id, unique)), newest, unique.length);
      const byId = new Map(cards.map((c) => [c.id, c]));
      return unique.flatMap((id) => byId.get(id) ?? []);
    },

    byCompany: (companyId: string): Promise<ListingCard[]> =>
      selectCards(db, and(isPublic, eq(listings.companyId, companyId)), newest, 1000),

    /** Encoded JSON (often from the cache). */
    search: (body: SearchBody): Promise<Buffer> => searches.search(body),

    /** Encoded JSON: listing counts per category for a text query. */
    categoryCounts: (query: string): Promise<Buffer> => searches.categoryCounts(query),

    async get(id: string): Promise<Listing> {
      const listing = await findPublicListing(db, id);
      if (!listing) throw notFound('Listing not found');
      return listing;
    },
  };
}
