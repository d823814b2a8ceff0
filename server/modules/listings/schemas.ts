import { z } from 'zod';
import { stripRegionPrefix } from '../../../src/domain/locations';
import {
  DEFAULT_PAGE_SIZE, LISTING_DESCRIPTION_MAX, LISTING_GALLERY_MAX, LISTING_PRICE_MAX, LISTING_VIDEO_MAX, ListingMessages,
  ListingStatus, MAX_IDS_PER_REQUEST, MAX_PAGE_SIZE, SORT_FIELDS, SORT_OPTIONS, type SortDirection, type SortOption,
} from '../../../src/domain/listings';

const BadId = 'Must be a valid id';
const id = z.uuid(BadId);
/** null and '' mean "not given". */
const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
const sortNames = new Map<string, SortOption>(SORT_OPTIONS.map((s) => [s.toLowerCase(), s]));
const fieldNames = new Map<string, string>(SORT_FIELDS.map((f) => [f.toLowerCase(), f]));

export const searchBody = z.object({
  pageNumber: z.preprocess(blankToUndefined, z.number('pageNumber must be a number').int('pageNumber must be a whole number')
    .min(1, 'pageNumber must be at least 1').max(1_000_000, 'pageNumber is too large').default(1)),
  pageSize: z.preprocess(blankToUndefined, z.number('pageSize must be a number').int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1').max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`).default(DEFAULT_PAGE_SIZE)),
  seed: z.preprocess(blankToUndefined, z.union([z.string().max(100, 'seed must be at most 100 characters'), z.number().finite()], 'seed must be text or a number')
    .transform(String).optional()),
  isInfiniteMode: z.boolean('isInfiniteMode must be true or false').nullish(),
  sortBy: z.preprocess((v) => blankToUndefined(lower(v)), z.string('sortBy must be text').refine(
    (v) => sortNames.has(v) || fieldNames.has(v),
    `sortBy must be one of ${[...SORT_OPTIONS, ...SORT_FIELDS.filter((f) => f !== 'random')].join(', ')}`,
  ).optional()),
  sortDirection: z.preprocess((v) => blankToUndefined(lower(v)), z.enum(['asc', 'desc'], "sortDirection must be 'asc' or 'desc'").optional()),
  sort: z.preprocess((v) => blankToUndefined(lower(v)), z.string().refine((v) => sortNames.has(v), `sort must be one of ${SORT_OPTIONS.join(', ')}`).optional()),
  categoryId: z.preprocess(blankToUndefined, id.optional()),
  subCategoryIds: z.preprocess(blankToUndefined, z.array(id, 'subCategoryIds must be a list of ids').max(100, 'At most 100 sub-categories').optional()),
  searchQuery: z.preprocess(blankToUndefined, z.string('searchQuery must be text').trim().max(200, 'searchQuery must be at most 200 characters').optional()),
  regions: z.preprocess(blankToUndefined, z.array(z.string(BadId).transform(stripRegionPrefix).pipe(id), 'regions must be a list of ids')
    .max(1000, 'At most 1000 regions').optional()),
});
export type SearchBody = z.infer<typeof searchBody>;

/** The named sort a request asks for: `sort`, a named `sortBy`, or a field `sortBy` with `sortDirection`. */
export function resolveSort(body: SearchBody): { sortBy: SortOption; sortDirection: SortDirection } {
  const named = (body.sort ? sortNames.get(body.sort) : undefined) ?? (body.sortBy ? sortNames.get(body.sortBy) : undefined);
  let sortBy: SortOption = named ?? 'newest';
  if (!named && body.sortBy) {
    const field = fieldNames.get(body.sortBy);
    const asc = body.sortDirection === 'asc';
    const desc = body.sortDirection === 'desc';
    if (field === 'createdAt') sortBy = asc ? 'oldest' : 'newest';
    else if (field === 'price') sortBy = desc ? 'priceDesc' : 'priceAsc';
    else if (field === 'name') sortBy = desc ? 'nameDesc' : 'nameAsc';
    else if (field === 'random') sortBy = 'random';
  }
  const sortDirection: SortDirection = sortBy === 'newest' || sortBy === 'priceDesc' || sortBy === 'nameDesc' ? 'desc' : 'asc';
  return { sortBy, sortDirection };
}

/** `{ids: [...]}`, or the bare list. */
export const idsBody = z.preprocess((v) => (Array.isArray(v) ? { ids: v } : v), z.object({
  ids: z.array(id, 'ids must be a list of ids').max(MAX_IDS_PER_REQUEST, `At most ${MAX_IDS_PER_REQUEST} ids`),
}));

export const companyIdParam = z.object({ companyId: id });

export const categorySearchQuery = z.object({
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
  query: z.string().trim().max(200, 'query must be at most 200 characters').optional(),
});

/** Most services, locations or raw description bytes a listing body may carry (far above any real form). */
const MAX_SERVICE_IDS = 200;
const MAX_LOCATIONS = 500;
const MAX_VIDEO_LINK_LENGTH = 2000;
/** The description before sanitizing: the stored HTML is at most LISTING_DESCRIPTION_MAX, and the editor's markup that is dropped rarely doubles it. */
export const RAW_DESCRIPTION_MAX = LISTING_DESCRIPTION_MAX * 4;

const nullToEmpty = (v: unknown) => (v === null ? '' : v);
const nullToEmptyList = (v: unknown) => (v === null ? [] : v);
/** '' and null mean "no image". */
const imageId = (field: string) => z.preprocess(blankToUndefined, z.uuid(`${field} must be a file id`).optional())
  .transform((v) => v ?? null);
const idList = (field: string, max: number, what: string) => z.preprocess(nullToEmptyList,
  z.array(z.uuid(`${field} must be a list of ids`), `${field} must be a list of ids`).max(max, `At most ${max} ${what}`).default([]));

/**
 * POST /listing and PUT /listing/{id} (ListingInput). The texts are checked afterwards by
 * validateListing() so the answers carry the form's own messages ('Name is required.'); this
 * schema only refuses values of the wrong kind. Ids of the taxonomy and the company stay text
 * here (an empty one is the form's 'Category is required.'); the service checks their shape.
 */
export const listingBody = z.object({
  id: z.preprocess(blankToUndefined, z.uuid('id must be a valid id').optional()),
  companyId: z.preprocess(nullToEmpty, z.string('companyId must be text').max(100, 'companyId must be a valid id').default('')),
  name: z.preprocess(nullToEmpty, z.string('name must be text').max(1000, ListingMessages.NameMax).default('')),
  shortDescription: z.preprocess(nullToEmpty, z.string('shortDescription must be text').max(1000, ListingMessages.ShortMax).default('')),
  description: z.preprocess(nullToEmpty, z.string('description must be text')
    .max(RAW_DESCRIPTION_MAX, `The description must be at most ${LISTING_DESCRIPTION_MAX} characters`).default('')),
  price: z.preprocess(blankToUndefined, z.number(ListingMessages.PriceInvalid).int('Price must be a whole number of kroner')
    .min(0, 'Price cannot be negative').max(LISTING_PRICE_MAX, `Price must be at most ${LISTING_PRICE_MAX}`).optional())
    .transform((v) => v ?? null),
  categoryId: z.preprocess(nullToEmpty, z.string('categoryId must be text').max(100, 'categoryId must be a valid id').default('')),
  subCategoryId: z.preprocess(nullToEmpty, z.string('subCategoryId must be text').max(100, 'subCategoryId must be a valid id').default('')),
  categoryServiceIds: idList('categoryServiceIds', MAX_SERVICE_IDS, 'category services'),
  subCategoryServiceIds: idList('subCategoryServiceIds', MAX_SERVICE_IDS, 'sub-category services'),
  locations: z.preprocess(nullToEmptyList, z.array(z.string('locations must be a list of ids').transform(stripRegionPrefix)
    .pipe(z.uuid('locations must be a list of ids')), 'locations must be a list of ids')
    .max(MAX_LOCATIONS, `At most ${MAX_LOCATIONS} locations`).default([])),
  cardImageUri: imageId('cardImageUri'),
  bannerImageUri: imageId('bannerImageUri'),
  galleryImageIds: idList('galleryImageIds', LISTING_GALLERY_MAX, 'gallery images'),
  videoLinks: z.preprocess(nullToEmptyList, z.array(z.string('videoLinks must be a list of links')
    .max(MAX_VIDEO_LINK_LENGTH, ListingMessages.VideoInvalid), 'videoLinks must be a list of links')
    .max(LISTING_VIDEO_MAX, `At most ${LISTING_VIDEO_MAX} video links`).default([])),
  status: z.union([z.literal(ListingStatus.Draft), z.literal(ListingStatus.PendingApproval)],
    `status must be ${ListingStatus.Draft} (Save as Draft) or ${ListingStatus.PendingApproval} (Request Approval)`),
});
export type ListingBody = z.infer<typeof listingBody>;
