import type { SearchRequest } from '../domain/listings';
import type { StoredCategoryService, StoredSubCategoryService } from './database';
import { useLive } from './live';
import { searchPageKey, searchQueryKey } from './search-key';

/**
 * Thin React hooks over queries.ts, read through the lazily loaded mirror (live.ts). Each returns
 * undefined while the first read runs (or the mirror is not loaded yet), then the stored value,
 * and re-renders whenever a pull writes the rows it read.
 */

export const useCategories = () => useLive((d) => d.categoriesQuery(), []);

/** One stored category: undefined while the read runs, null when it is not stored. */
export const useCategory = (id: string) => useLive((d) => d.categoryQuery(id), [id]);

export const useSubCategoryCounts = () => useLive((d) => d.subCategoryCountsQuery(), []);

export const useSubCategories = (categoryId: string | null | undefined) =>
  useLive((d) => (categoryId ? d.subCategoriesQuery(categoryId) : []), [categoryId]);

export const useAllSubCategories = () => useLive((d) => d.allSubCategoriesQuery(), []);

/** Every stored service of one kind: category services or sub-category services. */
export const useAllServices = (kind: 'category' | 'subCategory') =>
  useLive<(StoredCategoryService | StoredSubCategoryService)[]>(
    (d) => (kind === 'category' ? d.allCategoryServicesQuery() : d.allSubCategoryServicesQuery()), [kind]);

/** One stored sub-category: undefined while the read runs, null when it is not stored. */
export const useSubCategory = (id: string) => useLive((d) => d.subCategoryQuery(id), [id]);

export const useCategoryServices = (categoryId: string | null | undefined) =>
  useLive((d) => (categoryId ? d.categoryServicesQuery(categoryId) : []), [categoryId]);

export const useSubCategoryServices = (subCategoryId: string | null | undefined) =>
  useLive((d) => (subCategoryId ? d.subCategoryServicesQuery(subCategoryId) : []), [subCategoryId]);

export const useRegions = () => useLive((d) => d.regionsQuery(), []);

export const useCompany = (id: string | null | undefined) =>
  useLive((d) => (id ? d.companyQuery(id) : undefined), [id]);

/** Every stored listing of a company (cards and details); the overview keeps the public ones. */
export const useCompanyListings = (companyId: string | null | undefined) =>
  useLive((d) => (companyId ? d.companyListingsQuery(companyId) : []), [companyId]);

export const useListing = (id: string | null | undefined) =>
  useLive((d) => (id ? d.listingQuery(id) : undefined), [id]);

/** Keyed by the request's stable key, so a new object with the same content does not re-query. */
export function useSearchPage(request: SearchRequest) {
  const key = searchPageKey(request);
  // Deps are the request's content (its key), not the object's identity.
  return useLive((d) => d.searchPageQuery(request), [key]);
}

export function useSearchPages(request: SearchRequest) {
  const key = searchQueryKey(request);
  // Deps are the request's content (its key), not the object's identity.
  return useLive((d) => d.searchPagesQuery(request), [key]);
}

export const useSearchCategories = (q: string) => useLive((d) => d.searchCategoriesQuery(q), [q]);

export const useFavorites = (userId: string | null | undefined) =>
  useLive((d) => (userId ? d.favoritesQuery(userId) : []), [userId]);

export const useFavoriteIds = (userId: string | null | undefined) =>
  useLive(async (d) => new Set(userId ? await d.favoriteIdsQuery(userId) : []), [userId]);

/** The stored profile of a user (with edits queued on this device), live. */
export const useStoredProfile = (userId: string | null | undefined) =>
  useLive((d) => (userId ? d.db.profiles.get(userId) : undefined), [userId]);
