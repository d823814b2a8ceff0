/** Listing, company and search wire types (spec 1 §3, §9; spec 2 §3, §7), shared by the app and the server. */
import type { FieldError } from './validation';
import { parseVideoLink } from './video-links';

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
  status: ListingStatusCode;
  /** False while the listing's company is not Active: the listing is then hidden whatever its status. */
  isActive: boolean;
  companyId: string;
  company: CompanySummary & { shortDescription: string; websiteUrl: string | null; phoneNumber: string | null; email: string | null };
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type { Company } from './companies';

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

/** Listing status codes (spec 2 §4). */
export const ListingStatus = {
  Draft: 0,
  PendingApproval: 100,
  Approved: 200,
  Rejected: 300,
  Active: 400,
  Inactive: 500,
  Deleted: 600,
} as const;
export type ListingStatusCode = (typeof ListingStatus)[keyof typeof ListingStatus];
/** The statuses a visitor sees (with an Active company): approval makes a listing public at once. */
export const PUBLIC_LISTING_STATUSES: readonly number[] = [ListingStatus.Approved, ListingStatus.Active];

export const LISTING_NAME_MIN = 3;
export const LISTING_NAME_MAX = 50;
export const LISTING_SHORT_MIN = 10;
export const LISTING_SHORT_MAX = 150;
/** Longest stored rich-text description (HTML after sanitizing). */
export const LISTING_DESCRIPTION_MAX = 50_000;
export const LISTING_GALLERY_MAX = 50;
export const LISTING_VIDEO_MAX = 20;
export const LISTING_PRICE_MAX = 100_000_000;

export const ListingMessages = {
  NameRequired: 'Name is required.',
  NameMin: 'Name must be at least 3 characters.',
  NameMax: 'Name must be less than 50 characters.',
  ShortRequired: 'Short description is required.',
  ShortMin: 'Short description must be at least 10 characters.',
  ShortMax: 'Short description must be less than 150 characters.',
  CategoryRequired: 'Category is required.',
  SubCategoryRequired: 'Subcategory is required.',
  CompanyRequired: 'A company is required.',
  PriceInvalid: 'Price must be a number.',
  VideoInvalid: 'Please enter a valid embed URL: YouTube: youtube.com/embed/... or Vimeo: player.vimeo.com/video/...',
} as const;

/**
 * What the listing form sends (POST /listing, PUT /listing/{id}). `status` is Draft (Save as
 * Draft) or PendingApproval (Request Approval). `id` on POST lets a listing created offline keep
 * the id made on the device. `locations` are region and county ids.
 */
export interface ListingInput {
  id?: string;
  companyId: string;
  name: string;
  shortDescription: string;
  description: string;
  price: number | null;
  categoryId: string;
  subCategoryId: string;
  categoryServiceIds: string[];
  subCategoryServiceIds: string[];
  locations: string[];
  cardImageUri: string | null;
  bannerImageUri: string | null;
  galleryImageIds: string[];
  videoLinks: string[];
  status: typeof ListingStatus.Draft | typeof ListingStatus.PendingApproval;
}

/** A listing as its company sees it (GET /listing/company/{id} for the owner): every status. */
export interface OwnedListingCard extends ListingCard {
  status: ListingStatusCode;
  companyId: string;
  updatedAt: string;
  version: number;
  /**
   * False while the company is not Active (the listing is hidden whatever its status). The server
   * always sends it; optional so cards stored by an older release still read.
   */
  isActive?: boolean;
}

/** Problems of the listing form (spec 2 §5) in field order; empty when it may be saved. */
export function validateListing(input: Pick<ListingInput, 'companyId' | 'name' | 'shortDescription' | 'categoryId' | 'subCategoryId'>): FieldError[] {
  const errors: FieldError[] = [];
  const name = input.name.trim();
  if (!name) errors.push({ field: 'name', message: ListingMessages.NameRequired });
  else if (name.length < LISTING_NAME_MIN) errors.push({ field: 'name', message: ListingMessages.NameMin });
  else if (name.length > LISTING_NAME_MAX) errors.push({ field: 'name', message: ListingMessages.NameMax });
  const short = input.shortDescription.trim();
  if (!short) errors.push({ field: 'shortDescription', message: ListingMessages.ShortRequired });
  else if (short.length < LISTING_SHORT_MIN) errors.push({ field: 'shortDescription', message: ListingMessages.ShortMin });
  else if (short.length > LISTING_SHORT_MAX) errors.push({ field: 'shortDescription', message: ListingMessages.ShortMax });
  if (!input.categoryId) errors.push({ field: 'categoryId', message: ListingMessages.CategoryRequired });
  if (!input.subCategoryId) errors.push({ field: 'subCategoryId', message: ListingMessages.SubCategoryRequired });
  if (!input.companyId) errors.push({ field: 'companyId', message: ListingMessages.CompanyRequired });
  return errors;
}

/** The links saved (spec 2 §5): empty ones dropped, invalid ones left out, each video once (the first link to it). */
export function savedVideoLinks(links: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const link of links) {
    const video = parseVideoLink(link);
    const key = video ? `${video.provider}:${video.id}` : '';
    if (!video || seen.has(key)) continue;
    seen.add(key);
    out.push(video.url);
  }
  return out;
}
