import type { SearchRequest } from '../domain/listings';
import { db, type OutboxEntry, type SearchCategoryRecord, type SearchPageRecord, type StoredListing } from './database';
import { searchPageKey, searchQueryKey } from './search-key';

/**
 * Read helpers for screens: plain async functions over Dexie, usable in `useLiveQuery` (see
 * hooks.ts) or `liveQuery`, so a pull that writes the rows they read re-runs them.
 */

export const categoriesQuery = () => db.categories.orderBy('position').toArray();

export const categoryQuery = async (id: string) => (await db.categories.get(id)) ?? null;

/** How many sub-categories each category has (the API sends no count). */
export async function subCategoryCountsQuery(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  await db.subCategories.each((sub) => counts.set(sub.categoryId, (counts.get(sub.categoryId) ?? 0) + 1));
  return counts;
}

/** Every stored sub-category, in the server's order (by name). */
export const allSubCategoriesQuery = () => db.subCategories.orderBy('position').toArray();

export const subCategoryQuery = async (id: string) => (await db.subCategories.get(id)) ?? null;

export const subCategoriesQuery = (categoryId: string) =>
  db.subCategories.where('categoryId').equals(categoryId).sortBy('position');

export const categoryServicesQuery = (categoryId: string) =>
  db.categoryServices.where('categoryId').equals(categoryId).sortBy('position');

export const subCategoryServicesQuery = (subCategoryId: string) =>
  db.subCategoryServices.where('subCategoryId').equals(subCategoryId).sortBy('position');

/** Every stored category service / sub-category service, in the server's order (by name). */
export const allCategoryServicesQuery = () => db.categoryServices.orderBy('position').toArray();
export const allSubCategoryServicesQuery = () => db.subCategoryServices.orderBy('position').toArray();

export const regionsQuery = () => db.regions.orderBy('position').toArray();

export const listingQuery = (id: string): Promise<StoredListing | undefined> => db.listings.get(id);

export const companyQuery = (id: string) => db.companies.get(id);

export const companyListingsQuery = (companyId: string) => db.listings.where('companyId').equals(companyId).toArray();

/** The rows for ids, in that order, leaving out ids not stored. */
async function listingsInOrder(ids: readonly string[]): Promise<StoredListing[]> {
  return (await db.listings.bulkGet([...ids])).filter((row): row is StoredListing => row !== undefined);
}

export interface StoredSearchPage {
  page: SearchPageRecord;
  listings: StoredListing[];
}

/** A stored search page with its cards in the server's order; undefined if never fetched. */
export async function searchPageQuery(request: SearchRequest): Promise<StoredSearchPage | undefined> {
  const page = await db.searchPages.get(searchPageKey(request));
  return page && { page, listings: await listingsInOrder(page.listingIds) };
}

/** Every stored page of one browse (any page number), in page order: the home feed's pages 1…n. */
export async function searchPagesQuery(request: SearchRequest): Promise<StoredSearchPage[]> {
  const pages = await db.searchPages.where('queryKey').equals(searchQueryKey(request)).sortBy('pageNumber');
  return Promise.all(pages.map(async (page) => ({ page, listings: await listingsInOrder(page.listingIds) })));
}

export const searchCategoriesQuery = (q: string): Promise<SearchCategoryRecord | undefined> =>
  db.searchCategoryResults.get(q.trim());

/** The user's favourite listing ids, newest first. */
export async function favoriteIdsQuery(userId: string): Promise<string[]> {
  const rows = await db.favorites.where('[userId+position]').between([userId, -Infinity], [userId, Infinity]).toArray();
  return rows.map((row) => row.listingId);
}

/** The user's favourite listings, newest first; favourites whose listing is not stored are left out. */
export async function favoritesQuery(userId: string): Promise<StoredListing[]> {
  return listingsInOrder(await favoriteIdsQuery(userId));
}

/** The stored SHA-256 of a file, or undefined when the manifest does not list it. */
export const fileHashQuery = async (blobFileId: string) => (await db.files.get(blobFileId))?.shA256Hash;

/** The queued writes of one entity, oldest first. */
export const entityEntriesQuery = async (entity: string, entityId: string): Promise<OutboxEntry[]> =>
  (await db.outbox.where('[entity+entityId]').equals([entity, entityId]).toArray()).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
