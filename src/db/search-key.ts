import {
  DEFAULT_PAGE_SIZE, DEFAULT_SORT, SORT_FIELDS, SORT_OPTIONS,
  type SearchRequest, type SortDirection, type SortOption,
} from '../domain/listings';
import { stripRegionPrefix } from '../domain/locations';
import { stableStringify } from '../domain/stable-json';

/** A search request reduced to what changes the answer, in one shape: the key of its pages. */
export interface NormalizedSearch {
  pageNumber: number;
  pageSize: number;
  sortBy: SortOption;
  /** Only for the random sort; other sorts ignore it. */
  seed: string | null;
  categoryId: string | null;
  subCategoryIds: string[];
  searchQuery: string | null;
  regions: string[];
}

const sortNames = new Map<string, SortOption>(SORT_OPTIONS.map((s) => [s.toLowerCase(), s]));
const fieldNames = new Map<string, string>(SORT_FIELDS.map((f) => [f.toLowerCase(), f]));
const blank = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());
const sortedUnique = (list: readonly string[] | undefined) => [...new Set(list ?? [])].sort();

/** The named sort a request asks for, resolved the way the server does (`sort`, named `sortBy`, field + direction). */
export function resolveSort(request: Pick<SearchRequest, 'sort' | 'sortBy' | 'sortDirection'>): SortOption {
  const named = sortNames.get(request.sort?.toLowerCase() ?? '') ?? sortNames.get(request.sortBy?.toLowerCase() ?? '');
  if (named) return named;
  const direction: SortDirection | undefined = request.sortDirection?.toLowerCase() as SortDirection | undefined;
  switch (fieldNames.get(request.sortBy?.toLowerCase() ?? '')) {
    case 'createdAt': return direction === 'asc' ? 'oldest' : 'newest';
    case 'price': return direction === 'desc' ? 'priceDesc' : 'priceAsc';
    case 'name': return direction === 'desc' ? 'nameDesc' : 'nameAsc';
    case 'random': return 'random';
    default: return DEFAULT_SORT;
  }
}

export function normalizeSearch(request: SearchRequest): NormalizedSearch {
  const sortBy = resolveSort(request);
  const seed = request.seed == null || request.seed === '' ? null : String(request.seed);
  return {
    pageNumber: request.pageNumber ?? 1,
    pageSize: request.pageSize ?? DEFAULT_PAGE_SIZE,
    sortBy,
    seed: sortBy === 'random' ? seed : null,
    categoryId: blank(request.categoryId),
    subCategoryIds: sortedUnique(request.subCategoryIds),
    searchQuery: blank(request.searchQuery),
    regions: sortedUnique((request.regions ?? []).map(stripRegionPrefix)),
  };
}

export { stableStringify };

/** The key shared by every page of one browse (the request without its page number). */
export function searchQueryKey(request: SearchRequest): string {
  const { pageNumber: _page, ...rest } = normalizeSearch(request);
  return stableStringify(rest);
}

/** The key of one stored search page: the same request in any key order gives the same key. */
export function searchPageKey(request: SearchRequest): string {
  return `${searchQueryKey(request)}#${normalizeSearch(request).pageNumber}`;
}

/** The body sent to POST /listing/search for a request: its normalized form. */
export function toSearchBody(request: SearchRequest): SearchRequest {
  const n = normalizeSearch(request);
  return {
    pageNumber: n.pageNumber,
    pageSize: n.pageSize,
    sortBy: n.sortBy,
    ...(n.seed !== null ? { seed: n.seed } : {}),
    ...(n.categoryId !== null ? { categoryId: n.categoryId } : {}),
    ...(n.subCategoryIds.length ? { subCategoryIds: n.subCategoryIds } : {}),
    ...(n.searchQuery !== null ? { searchQuery: n.searchQuery } : {}),
    ...(n.regions.length ? { regions: n.regions } : {}),
    // Sent for the server's sake (spec search state); not part of the page key.
    ...(request.isInfiniteMode ? { isInfiniteMode: true } : {}),
  };
}
