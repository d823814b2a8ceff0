import {
  DEFAULT_PAGE_SIZE, DEFAULT_SORT, PAGE_SIZES, SORT_OPTIONS, type SearchRequest, type SortOption,
} from '../../domain/listings';

/**
 * The browse screen's state lives in the query string of /listings, so reload, back/forward and
 * shared links keep it. Parameters (defaults are left out of the URL):
 *
 * | param        | meaning                                              | default  |
 * |--------------|------------------------------------------------------|----------|
 * | `categoryId` | the category (spec 1 §2 name)                        | none     |
 * | `search`     | the text search (spec 1 §2 name)                     | none     |
 * | `sub`        | a sub-category id; repeated for several              | none     |
 * | `region`     | a whole region (fylke/län) id; repeated              | none     |
 * | `county`     | a county (kommune) id; repeated                      | none     |
 * | `sort`       | newest, oldest, priceAsc, priceDesc, nameAsc, nameDesc, random | newest |
 * | `seed`       | the random order's seed (only with `sort=random`)    | none     |
 * | `page`       | the page number, from 1                              | 1        |
 * | `size`       | the page size: 12, 24, 48 or 96                      | 12       |
 *
 * Example: `/listings?categoryId=c1&search=dj&sub=s1&sub=s2&region=r1&sort=priceAsc&page=2&size=24`.
 * Repeated parameters may also be comma-joined (`sub=s1,s2`) when typed by hand.
 */
export interface BrowseState {
  categoryId: string | null;
  search: string | null;
  subCategoryIds: string[];
  regions: string[];
  counties: string[];
  sort: SortOption;
  /** Only with the random sort. */
  seed: string | null;
  page: number;
  pageSize: number;
}

/** The filters the sidebar and the dialog edit. */
export type BrowseFilters = Pick<BrowseState, 'categoryId' | 'subCategoryIds' | 'regions' | 'counties'>;

export const Params = {
  categoryId: 'categoryId',
  search: 'search',
  sub: 'sub',
  region: 'region',
  county: 'county',
  sort: 'sort',
  seed: 'seed',
  page: 'page',
  size: 'size',
} as const;

export const DEFAULT_BROWSE_STATE: BrowseState = {
  categoryId: null,
  search: null,
  subCategoryIds: [],
  regions: [],
  counties: [],
  sort: DEFAULT_SORT,
  seed: null,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const text = (value: string | null): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

const list = (params: URLSearchParams, name: string): string[] =>
  [...new Set(params.getAll(name).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean))];

const isSort = (value: string | null): value is SortOption => SORT_OPTIONS.some((s) => s === value);

/** The state in a query string (with or without '?'); anything unknown or invalid gives the default. */
export function parseBrowseState(search: string): BrowseState {
  const params = new URLSearchParams(search);
  const sortParam = params.get(Params.sort);
  const sort = isSort(sortParam) ? sortParam : DEFAULT_SORT;
  const page = Number(params.get(Params.page));
  const size = Number(params.get(Params.size));
  return {
    categoryId: text(params.get(Params.categoryId)),
    search: text(params.get(Params.search)),
    subCategoryIds: list(params, Params.sub),
    regions: list(params, Params.region),
    counties: list(params, Params.county),
    sort,
    seed: sort === 'random' ? text(params.get(Params.seed)) : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: PAGE_SIZES.some((s) => s === size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The query string (without '?') for a state, defaults left out, in a fixed order. */
export function serializeBrowseState(state: BrowseState): string {
  const params = new URLSearchParams();
  if (state.categoryId) params.set(Params.categoryId, state.categoryId);
  if (state.search?.trim()) params.set(Params.search, state.search.trim());
  for (const id of state.subCategoryIds) params.append(Params.sub, id);
  for (const id of state.regions) params.append(Params.region, id);
  for (const id of state.counties) params.append(Params.county, id);
  if (state.sort !== DEFAULT_SORT) params.set(Params.sort, state.sort);
  if (state.sort === 'random' && state.seed) params.set(Params.seed, state.seed);
  if (state.page > 1) params.set(Params.page, String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set(Params.size, String(state.pageSize));
  return params.toString();
}

/** A fresh random seed, different from `previous`. */
export function newSeed(previous: string | null = null, random: () => number = Math.random): string {
  for (;;) {
    const seed = String(Math.floor(random() * 2 ** 31));
    if (seed !== previous) return seed;
  }
}

/** New filters: back to page 1; a new category drops the sub-categories of the old one. */
export function withFilters(state: BrowseState, filters: Partial<BrowseFilters>): BrowseState {
  const categoryChanged = filters.categoryId !== undefined && filters.categoryId !== state.categoryId;
  return {
    ...state,
    ...filters,
    subCategoryIds: filters.subCategoryIds ?? (categoryChanged ? [] : state.subCategoryIds),
    page: 1,
  };
}

/** A new sort: back to page 1; choosing random always draws a fresh seed (spec 1 §9). */
export function withSort(state: BrowseState, sort: SortOption, seed: () => string = () => newSeed(state.seed)): BrowseState {
  return { ...state, sort, seed: sort === 'random' ? seed() : null, page: 1 };
}

/** A new page size: back to page 1 (spec 1 §9). */
export const withPageSize = (state: BrowseState, pageSize: number): BrowseState => ({ ...state, pageSize, page: 1 });

export const withPage = (state: BrowseState, page: number): BrowseState => ({ ...state, page: Math.max(1, Math.floor(page)) });

export const withSearch = (state: BrowseState, search: string | null): BrowseState => ({ ...state, search: text(search), page: 1 });

/** Filters cleared (category, sub-categories, regions, counties); search, sort and page size stay. */
export const withoutFilters = (state: BrowseState): BrowseState =>
  ({ ...state, categoryId: null, subCategoryIds: [], regions: [], counties: [], page: 1 });

export const hasFilters = (state: BrowseFilters): boolean =>
  Boolean(state.categoryId) || state.subCategoryIds.length > 0 || state.regions.length > 0 || state.counties.length > 0;

/** How many filters are set (for the mobile Filters button). */
export const filterCount = (state: BrowseFilters): number =>
  (state.categoryId ? 1 : 0) + state.subCategoryIds.length + state.regions.length + state.counties.length;

/** The location ids sent as `regions`: the chosen regions and counties (the server finds a region's counties itself). */
export const locationIds = (state: Pick<BrowseState, 'regions' | 'counties'>): string[] => [...new Set([...state.regions, ...state.counties])];

/** The POST /listing/search request for a state. */
export function toSearchRequest(state: BrowseState): SearchRequest {
  const ids = locationIds(state);
  return {
    pageNumber: state.page,
    pageSize: state.pageSize,
    sortBy: state.sort,
    ...(state.sort === 'random' && state.seed ? { seed: state.seed } : {}),
    ...(state.categoryId ? { categoryId: state.categoryId } : {}),
    ...(state.subCategoryIds.length ? { subCategoryIds: state.subCategoryIds } : {}),
    ...(state.search ? { searchQuery: state.search } : {}),
    ...(ids.length ? { regions: ids } : {}),
  };
}
