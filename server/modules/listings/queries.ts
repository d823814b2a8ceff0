import { createHash } from 'node:crypto';
import { and, arrayOverlaps, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Listing, ListingCard, ListingStatusCode, OwnedListingCard, SortOption } from '../../../src/domain/listings';
import type { Db } from '../../db/client';
import { companies, counties, listings } from '../../db/schema';

/**
 * Visible to everyone: approved and active. Written as literal SQL (not bound parameters) so the
 * planner can match the partial indexes whose predicate is the same text.
 */
export const isPublic = sql`${listings.status} in (200, 400) and ${listings.isActive}`;

export const cardColumns = {
  id: listings.id,
  name: listings.name,
  shortDescription: listings.shortDescription,
  price: listings.price,
  cardImageUri: listings.cardImageUri,
  categoryId: listings.categoryId,
  subCategoryId: listings.subCategoryId,
  subCategoryServiceIds: listings.subCategoryServiceIds,
  companyName: companies.name,
  companyLogo: companies.logoImageUri,
  companyId: listings.companyId,
};
/** Cards for the rows matching `where`, in the given order. */
export async function selectCards(db: Db, where: SQL | undefined, order: SQL[], limit: number, offset = 0): Promise<ListingCard[]> {
  const rows = await db.select(cardColumns).from(listings).innerJoin(companies, eq(companies.id, listings.companyId))
    .where(where).orderBy(...order).limit(limit).offset(offset);
  return rows.map(toCard);
}

/** A row of cardColumns. */
interface CardRow {
  id: string; name: string; shortDescription: string; price: number | null; cardImageUri: string | null; categoryId: string;
  subCategoryId: string | null; subCategoryServiceIds: string[]; companyId: string; companyName: string; companyLogo: string | null;
}
const toCard = (r: CardRow): ListingCard => ({
  id: r.id,
  name: r.name,
  shortDescription: r.shortDescription,
  price: r.price,
  cardImageUri: r.cardImageUri,
  categoryId: r.categoryId,
  subCategoryId: r.subCategoryId,
  subCategoryServiceIds: r.subCategoryServiceIds,
  company: { id: r.companyId, name: r.companyName, logoImageUri: r.companyLogo },
});

/**
 * Cards for an order no index serves (the random sort): the page's ids are sorted alone, which
 * reads only a partial index of the public rows (index-only), and just those rows are joined
 * with their companies. Sorting the full rows instead meant reading and joining the whole table
 * (0.7–1 s on 100,000 listings, bench/README.md).
 */
export function selectCardsByIdOrder(db: Db, where: SQL | undefined, order: SQL[], limit: number, offset: number): Promise<ListingCard[]> {
  const pageIds = db.select({ id: listings.id }).from(listings).where(where).orderBy(...order).limit(limit).offset(offset);
  return selectCards(db, inArray(listings.id, pageIds), order, limit);
}

/** Full-text match in both configurations (Norwegian and English stems). */
export const textMatch = (query: string): SQL =>
  sql`${listings.search} @@ (websearch_to_tsquery('norwegian'::regconfig, ${query}) || websearch_to_tsquery('english'::regconfig, ${query}))`;

/**
 * In any of these regions or counties: tagged with the id itself, or (for a region) with one of
 * its counties, so choosing a fylke/län finds the listings of every kommune in it.
 */
export const inRegions = (ids: string[]): SQL => or(
  arrayOverlaps(listings.regionIds, ids),
  arrayOverlaps(listings.countyIds, ids),
  sql`${listings.countyIds} && array(select ${counties.id} from ${counties} where ${inArray(counties.regionId, ids)})`,
)!;

/**
 * The random sort's seed as a 64-bit hash key. `uuid_hash_extended(id, key)` hashes the uuid's
 * 16 bytes and sorts as bigint: about half the time of the former `md5(id::text || seed)`, which
 * built and hashed a text per row and then compared the hex strings by collation (bench/README.md).
 */
export const seedKey = (seed: string): string => createHash('sha256').update(seed).digest().readBigInt64BE(0).toString();

/** ORDER BY for a named sort; ties are broken by id so pages never overlap. Prices left empty come last. */
export function orderFor(sort: SortOption, seed: string): SQL[] {
  switch (sort) {
    case 'oldest': return [asc(listings.createdAt), asc(listings.id)];
    case 'priceAsc': return [sql`${listings.price} asc nulls last`, asc(listings.id)];
    case 'priceDesc': return [sql`${listings.price} desc nulls last`, asc(listings.id)];
    case 'nameAsc': return [asc(listings.name), asc(listings.id)];
    case 'nameDesc': return [desc(listings.name), asc(listings.id)];
    case 'random': return [sql`uuid_hash_extended(${listings.id}, ${seedKey(seed)}::bigint)`, asc(listings.id)];
    case 'newest':
    default: return [desc(listings.createdAt), desc(listings.id)];
  }
}

const listingColumns = {
  id: listings.id, companyId: listings.companyId, name: listings.name, shortDescription: listings.shortDescription,
  description: listings.description, cardImageUri: listings.cardImageUri, bannerImageUri: listings.bannerImageUri,
  galleryImageIds: listings.galleryImageIds, videoLinks: listings.videoLinks, categoryId: listings.categoryId,
  subCategoryId: listings.subCategoryId, categoryServiceIds: listings.categoryServiceIds,
  subCategoryServiceIds: listings.subCategoryServiceIds, countyIds: listings.countyIds, regionIds: listings.regionIds,
  price: listings.price, status: listings.status, isActive: listings.isActive, version: listings.version,
  createdAt: listings.createdAt, updatedAt: listings.updatedAt,
  company: {
    id: companies.id, name: companies.name, logoImageUri: companies.logoImageUri, shortDescription: companies.shortDescription,
    websiteUrl: companies.websiteUrl, phoneNumber: companies.phoneNumber, email: companies.email,
  },
};

/** Every listing but a deleted one: what its company's owner and Admins see. */
export const isNotDeleted = sql`${listings.status} <> 600`;

/**
 * Who is reading: `public` sees approved listings of active companies; `owner` (the company's
 * owner or an Admin, checked by the caller) also drafts, pending, rejected and hidden ones, never deleted ones.
 */
export type ListingVisibility = 'public' | 'owner';

/** One listing with its company as the given reader may see it, or null. */
export async function findListing(db: Db, id: string, visibility: ListingVisibility): Promise<Listing | null> {
  const [r] = await db.select(listingColumns).from(listings).innerJoin(companies, eq(companies.id, listings.companyId))
    .where(and(eq(listings.id, id), visibility === 'public' ? isPublic : isNotDeleted)).limit(1);
  if (!r) return null;
  return {
    ...r,
    status: r.status as ListingStatusCode,
    locations: [...r.regionIds, ...r.countyIds],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Cards as a company's owner and Admins see them (status, version, whether the company shows it)
 * for the rows matching `where` (listings joined with their companies), in the given order: the
 * owner's list of a company and the Admin's approval queue.
 */
export async function selectOwnedCards(db: Db, where: SQL | undefined, order: SQL[], limit?: number): Promise<OwnedListingCard[]> {
  const query = db.select({
    ...cardColumns, status: listings.status, updatedAt: listings.updatedAt, version: listings.version, isActive: listings.isActive,
  }).from(listings).innerJoin(companies, eq(companies.id, listings.companyId)).where(where).orderBy(...order);
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((r) => ({
    ...toCard(r),
    companyId: r.companyId,
    status: r.status as ListingStatusCode,
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
    isActive: r.isActive,
  }));
}

export async function listingExists(db: Db, id: string, publicOnly: boolean): Promise<boolean> {
  const [r] = await db.select({ id: listings.id }).from(listings).where(and(eq(listings.id, id), publicOnly ? isPublic : undefined)).limit(1);
  return !!r;
}
