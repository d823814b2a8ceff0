import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredOwnedCompany, type StoredOwnedListing } from './database';

/**
 * Live reads of the company side: the user's listings of one company (newest first), one of
 * them, the user's stored company, and the services the listing form offers. Undefined while the
 * first read runs.
 */

const newestFirst = (a: StoredOwnedListing, b: StoredOwnedListing) => b.createdAt.localeCompare(a.createdAt);

export const ownListingsQuery = async (companyId: string, userId: string): Promise<StoredOwnedListing[]> =>
  (await db.ownListings.where('companyId').equals(companyId).toArray()).filter((row) => row.userId === userId).sort(newestFirst);

export const useOwnListings = (companyId: string | null | undefined, userId: string | null | undefined) =>
  useLiveQuery(async () => (companyId && userId ? ownListingsQuery(companyId, userId) : []), [companyId, userId]);

/** One of the user's listings; null when it is not stored. */
export const useOwnListing = (id: string | null | undefined, userId: string | null | undefined) =>
  useLiveQuery(async (): Promise<StoredOwnedListing | null> => {
    if (!id || !userId) return null;
    const row = await db.ownListings.get(id);
    return row && row.userId === userId ? row : null;
  }, [id, userId]);

/** The user's company as stored by the companies pull; null when it is not stored. */
export const useOwnCompany = (id: string | null | undefined, userId: string | null | undefined) =>
  useLiveQuery(async (): Promise<StoredOwnedCompany | null> => {
    if (!id || !userId) return null;
    const row = await db.ownCompanies.get(id);
    return row && row.userId === userId ? row : null;
  }, [id, userId]);

// The service hooks moved to hooks.ts (read through the lazily loaded mirror); kept here for their callers.
export { useCategoryServices, useSubCategoryServices } from './hooks';
