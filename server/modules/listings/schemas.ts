import { z } from 'zod';
import { stripRegionPrefix } from '../../../src/domain/locations';
import {
  DEFAULT_PAGE_SIZE, MAX_IDS_PER_REQUEST, MAX_PAGE_SIZE, SORT_FIELDS, SORT_OPTIONS, type SortDirection, type SortOption,
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
