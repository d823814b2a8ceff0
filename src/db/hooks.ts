import { useLiveQuery } from 'dexie-react-hooks';
import type { SearchRequest } from '../domain/listings';
import { db, type StoredCategoryService, type StoredSubCategoryService } from './database';
import {
  allCategoryServicesQuery, allSubCategoriesQuery, allSubCategoryServicesQuery, categoriesQuery, categoryQuery, companyListingsQuery, companyQuery, favoriteIdsQuery, favoritesQuery, listingQuery, regionsQuery, searchCategoriesQuery,
  searchPageQuery, searchPagesQuery, subCategoriesQuery, subCategoryCountsQuery, subCategoryQuery,
  subCategoryServicesQuery,
} from './queries';
import { searchPageKey, searchQueryKey } from './search-key';

/**
 * Thin React hooks over queries.ts. Each returns undefined while the first read runs, then the
 * stored value, and re-renders whenever a pull writes the rows it read.
 */

export const useCategories = () => useLiveQuery(categoriesQuery, []);

/** One stored category: undefined while the read runs, null when it is not stored. */
export const useCategory = (id: string) => useLiveQuery(() => categoryQuery(id), [id]);

export const useSubCategoryCounts = () => useLiveQuery(subCategoryCountsQuery, []);

export const useSubCategories = (categoryId: string | null | undefined) =>
  useLiveQuery(() => (categoryId ? subCategoriesQuery(categoryId) : []), [categoryId]);

export const useAllSubCategories = () => useLiveQuery(allSubCategoriesQuery, []);

/** Every stored service of one kind: category services or sub-category services. */
export const useAllServices = (kind: 'category' | 'subCategory') =>
  useLiveQuery<(StoredCategoryService | StoredSubCategoryService)[]>(
    () => (kind === 'category' ? allCategoryServicesQuery() : allSubCategoryServicesQuery()), [kind]);

/** One stored sub-category: undefined while the read runs, null when it is not stored. */
export const useSubCategory = (id: string) => useLiveQuery(() => subCategoryQuery(id), [id]);

export const useSubCategoryServices = (subCategoryId: string | null | undefined) =>
  useLiveQuery(() => (subCategoryId ? subCategoryServicesQuery(subCategoryId) : []), [subCategoryId]);

export const useRegions = () => useLiveQuery(regionsQuery, []);

export const useCompany = (id: string | null | undefined) =>
  useLiveQuery(() => (id ? companyQuery(id) : undefined), [id]);

/** Every stored listing of a company (cards and details); the overview keeps the public ones. */
export const useCompanyListings = (companyId: string | null | undefined) =>
  useLiveQuery(() => (companyId ? companyListingsQuery(companyId) : []), [companyId]);

export const useListing = (id: string | null | undefined) =>
  useLiveQuery(() => (id ? listingQuery(id) : undefined), [id]);

/** Keyed by the request's stable key, so a new object with the same content does not re-query. */
export function useSearchPage(request: SearchRequest) {
  const key = searchPageKey(request);
  // Deps are the request's content (its key), not the object's identity.
  return useLiveQuery(() => searchPageQuery(request), [key]);
}

export function useSearchPages(request: SearchRequest) {
  const key = searchQueryKey(request);
  // Deps are the request's content (its key), not the object's identity.
  return useLiveQuery(() => searchPagesQuery(request), [key]);
}

export const useSearchCategories = (q: string) => useLiveQuery(() => searchCategoriesQuery(q), [q]);

export const useFavorites = (userId: string | null | undefined) =>
  useLiveQuery(() => (userId ? favoritesQuery(userId) : []), [userId]);

export const useFavoriteIds = (userId: string | null | undefined) =>
  useLiveQuery(async () => new Set(userId ? await favoriteIdsQuery(userId) : []), [userId]);

/** The stored profile of a user (with edits queued on this device), live. */
export const useStoredProfile = (userId: string | null | undefined) =>
  useLiveQuery(() => (userId ? db.profiles.get(userId) : undefined), [userId]);
