import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Listing, ListingCard, ListingStatusCode, OwnedListingCard } from '../../../src/domain/listings';
import type { Db } from '../../db/client';
import { companies, listings } from '../../db/schema';

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

/** Full-text match in both configurations (Norwegian and English stems). */
export const textMatch = (query: string): SQL =>
  sql`${listings.search} @@ (websearch_to_tsquery('norwegian'::regconfig, ${query}) || websearch_to_tsquery('english'::regconfig, ${query}))`;

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
