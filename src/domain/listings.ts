/** Listing, company and search wire types (spec 1 §3, §9; spec 2 §3, §7), shared by the app and the server. */

/** Page sizes offered when browsing; the API default is the first. The home feed asks for 9. */
export const PAGE_SIZES = [12, 24, 48, 96] as const;
export const DEFAULT_PAGE_SIZE = 12;
export const HOME_PAGE_SIZE = 9;
export const MAX_PAGE_SIZE = 96;
/** At most this many ids in POST /listing/byIds, and this many rows from GET /listing. */
export const MAX_IDS_PER_REQUEST = 100;
export const LISTING_LIST_LIMIT = 100;

export const SORT_OPTIONS = ['newest', 'oldest', 'priceAsc', 'priceDesc', 'nameAsc', 'nameDesc', 'random'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'newest';
/** The field behind each named sort, as sent in `sortBy` with a `sortDirection`. */
export const SORT_FIELDS = ['createdAt', 'price', 'name', 'random'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

export const LISTING_EVENT_TYPES = ['view', 'linkopen', 'chatstart', 'phoneclick', 'favorite'] as const;
export type ListingEventType = (typeof LISTING_EVENT_TYPES)[number];

export interface CompanySummary {
  id: string;
  name: string;
  /** A file id, or null. */
  logoImageUri: string | null;
}

/** A listing as shown on cards. Prices are whole kroner; null = no price, 0 = 'Contact for Price'. */
export interface ListingCard {
  id: string;
  name: string;
  shortDescription: string;
  price: number | null;
  cardImageUri: string | null;
  categoryId: string;
  subCategoryId: string | null;
  subCategoryServiceIds: string[];
  company: CompanySummary;
}

export interface Listing extends Omit<ListingCard, 'company'> {
  description: string;
  bannerImageUri: string | null;
  galleryImageIds: string[];
  videoLinks: string[];
  categoryServiceIds: string[];
  regionIds: string[];
  countyIds: string[];
  /** Region and county ids together (the spec's `locations[]`). */
  locations: string[];
  status: 'approved' | 'pending' | 'rejected' | 'draft';
  isActive: boolean;
  companyId: string;
  company: CompanySummary & { shortDescription: string; websiteUrl: string | null; phoneNumber: string | null; email: string | null };
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface Company {
  id: string;
  name: string;
  shortDescription: string;
  description: string;
  logoImageUri: string | null;
  bannerImageUri: string | null;
  websiteUrl: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  phoneNumber: string | null;
  email: string | null;
}

export interface SearchRequest {
  pageNumber?: number;
  pageSize?: number;
  seed?: string | number;
  isInfiniteMode?: boolean;
  /** A named sort (newest, priceAsc, …) or a field (createdAt, price, name, random) with sortDirection. */
  sortBy?: SortOption | SortField;
  sortDirection?: SortDirection;
  sort?: SortOption;
  categoryId?: string | null;
  subCategoryIds?: string[];
  searchQuery?: string | null;
  /** Region or county ids. */
  regions?: string[];
}

export interface SearchResponse {
  listings: ListingCard[];
  totalCount: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  sortBy: SortOption;
  sortDirection: SortDirection;
  pageNumber: number;
  pageSize: number;
  seed: string | null;
}

export interface CategorySearchResult {
  searchQuery: string;
  totalListings: number;
  categoryResults: { categoryId: string; categoryName: string; listingCount: number; imageUri: string | null }[];
}

export interface FavoritesResponse {
  favoriteListings: string[];
}
