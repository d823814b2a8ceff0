import { and, desc, eq, inArray } from 'drizzle-orm';
import { LISTING_LIST_LIMIT, type Listing, type ListingCard, type OwnedListingCard } from '../../../src/domain/listings';
import { listings } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { canManage, findCompany, type Caller } from './ownership';
import { findListing, isNotDeleted, isPublic, selectCards, selectOwnedCards } from './queries';
import type { SearchBody } from './schemas';
import { listingSearch } from './search';

/** For other modules: whether a listing exists (and is public, when asked). */
export { listingExists } from './queries';
/** For writers of listings, companies, categories and sub-categories: empties the search caches. */
export { bumpCatalogue } from './search-cache';
/** For the approvals: a listing as its owner or an Admin sees it (findListing(db, id, 'owner')). */
export { findListing, selectOwnedCards } from './queries';
export { listingWrites } from './writes';
export type { Caller } from './ownership';
/** For the planner events' company match: the public-listing filter and the company owner's check. */
export { isPublic } from './queries';
export { managedCompany } from './ownership';

/** Most listings one company's list answers. */
const COMPANY_LIST_LIMIT = 1000;

const newest = [desc(listings.createdAt), desc(listings.id)];

/**
 * Listing reads and search (spec 1 §7, spec 2 §7). Visitors see approved listings of active
 * companies only; a company's owner and Admins also see its other listings (not deleted ones).
 */
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

    /**
     * A company's listings: for its owner or an Admin every status but Deleted with status and
     * version (the company's listings view); for anyone else the public cards.
     */
    async byCompany(companyId: string, caller: Caller | null): Promise<ListingCard[] | OwnedListingCard[]> {
      const company = caller ? await findCompany(db, companyId) : null;
      if (company && canManage(company, caller)) {
        return selectOwnedCards(db, and(eq(listings.companyId, companyId), isNotDeleted), newest, COMPANY_LIST_LIMIT);
      }
      return selectCards(db, and(isPublic, eq(listings.companyId, companyId)), newest, COMPANY_LIST_LIMIT);
    },

    /** Encoded JSON (often from the cache). */
    search: (body: SearchBody): Promise<Buffer> => searches.search(body),

    /** Encoded JSON: listing counts per category for a text query. */
    categoryCounts: (query: string): Promise<Buffer> => searches.categoryCounts(query),

    /** A public listing; its company's owner and Admins also get it in any status but Deleted (editing, review). */
    async get(id: string, caller: Caller | null): Promise<Listing> {
      const shown = await findListing(db, id, 'public');
      if (shown) return shown;
      const owned = caller ? await findListing(db, id, 'owner') : null;
      const company = owned ? await findCompany(db, owned.companyId) : null;
      if (owned && company && canManage(company, caller)) return owned;
      throw notFound('Listing not found');
    },
  };
}
