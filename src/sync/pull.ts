import { favoritesApi } from '../api/favorites';
import { ApiError, api } from '../api/http';
import { listingsApi } from '../api/listings';
import { locationsApi } from '../api/locations';
import { taxonomyApi } from '../api/taxonomy';
import { usersApi } from '../api/users';
import { db, type SearchPageRecord, type StoredCompany, type StoredListing, type StoredProfile } from '../db/database';
import { searchPageRow } from '../db/card-row';
import { detailRow, putCards } from '../db/listings';
import { MetaKeys, getMeta } from '../db/meta';
import { favoritesQuery } from '../db/queries';
import { toSearchBody } from '../db/search-key';
import { replaceAll, withPositions } from '../db/tables';
import { CompanyStatus, type Company } from '../domain/companies';
import { MAX_IDS_PER_REQUEST, PUBLIC_LISTING_STATUSES, type Listing, type ListingCard, type SearchRequest } from '../domain/listings';
import type { FileManifestEntry } from '../domain/user';
import { applyServerFavorites } from './favorites';
import { pendingEntityKeys } from './pending';
import { sharedPulls } from './shared-pull';
import { writeInTurn } from './write-turns';

/**
 * Pulls: each fetches from the API and writes what it got into Dexie in one transaction. Server
 * state replaces local state for the keys it covers, except rows with pending local writes.
 */

const byId = (row: { id: string }) => row.id;

/** Categories, sub-categories and both kinds of services: the whole taxonomy replaces the local one. */
const taxonomyPull = sharedPulls<void, number>(async () => {
  const [categories, subCategories, categoryServices, subCategoryServices] = await Promise.all([
    taxonomyApi.categories(),
    taxonomyApi.subCategories(),
    taxonomyApi.categoryServices(),
    taxonomyApi.subCategoryServices(),
  ]);
  const tables = [db.categories, db.subCategories, db.categoryServices, db.subCategoryServices] as const;
  await writeInTurn(() => db.transaction('rw', [...tables, db.outbox], async () => {
    await replaceAll(db.categories, withPositions(categories), byId, await pendingEntityKeys('categories'));
    await replaceAll(db.subCategories, withPositions(subCategories), byId, await pendingEntityKeys('subCategories'));
    await replaceAll(db.categoryServices, withPositions(categoryServices), byId, await pendingEntityKeys('categoryServices'));
    await replaceAll(db.subCategoryServices, withPositions(subCategoryServices), byId, await pendingEntityKeys('subCategoryServices'));
  }));
  return categories.length;
});
/** The taxonomy pulled, or the pull already running; resolves with how many categories the server has (now in Dexie). */
export const pullTaxonomy: () => Promise<number> = taxonomyPull.joined;
/** The taxonomy pulled anew, after the caller's own write to it. */
export const pullTaxonomyAfterWrite: () => Promise<number> = taxonomyPull.fresh;

/** Regions with their counties inline. */
const regionsPull = sharedPulls<void, void>(async () => {
  const regions = await locationsApi.regions();
  await writeInTurn(() => db.transaction('rw', [db.regions, db.outbox], async () => {
    await replaceAll(db.regions, withPositions(regions), byId, await pendingEntityKeys('regions'));
  }));
});
/** The regions pulled, or the pull already running. */
export const pullRegions: () => Promise<void> = regionsPull.joined;
/** The regions pulled anew, after the caller's own write to them. */
export const pullRegionsAfterWrite: () => Promise<void> = regionsPull.fresh;

/** Whether any visitor may see a listing: an approved (or active) one of an Active company. */
const isPublicListing = (listing: Listing) => listing.isActive && PUBLIC_LISTING_STATUSES.includes(listing.status);

/**
 * One listing in full. A 404 (gone or no longer public) removes the local copy and gives undefined.
 * Its owner and Admins are also answered a listing that is not public (a draft, one awaiting
 * approval): that one is returned as a row but not stored, and a stored public copy goes, because
 * `listings` is the cache every visitor of this device reads (home offline feed, favourites).
 */
export async function pullListing(id: string): Promise<StoredListing | undefined> {
  let listing;
  try {
    listing = await listingsApi.get(id);
  } catch (error) {
    // 404: gone or never public. 400: the id is not one the server could have given (a typed or
    // truncated address), so there is no such listing either; only network and 5xx are failures.
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) throw error;
    await db.transaction('rw', [db.listings, db.outbox], async () => {
      if (!(await pendingEntityKeys('listings')).has(id)) await db.listings.delete(id);
    });
    return undefined;
  }
  const row = detailRow(listing, Date.now());
  return db.transaction('rw', [db.listings, db.outbox], async () => {
    const held = (await pendingEntityKeys('listings')).has(id);
    if (!isPublicListing(listing)) {
      if (!held) await db.listings.delete(id);
      return row;
    }
    if (!held) await db.listings.put(row);
    return db.listings.get(id);
  });
}

/** The public face of a company: an owner's or Admin's answer also carries the private record (tokens, Stripe ids). */
const publicFields = (c: Company): Company => ({
  id: c.id, name: c.name, shortDescription: c.shortDescription, description: c.description, logoImageUri: c.logoImageUri,
  bannerImageUri: c.bannerImageUri, organizationNumber: c.organizationNumber, websiteUrl: c.websiteUrl, facebookUrl: c.facebookUrl,
  instagramUrl: c.instagramUrl, twitterUrl: c.twitterUrl, youtubeUrl: c.youtubeUrl, phoneNumber: c.phoneNumber, email: c.email, status: c.status,
});

/**
 * A company for the listing page's side card and the company overview. A 404 removes the local
 * copy and gives undefined. Its owner and Admins are also answered a company that is not Active
 * (awaiting approval, rejected, deleted): returned as a row but not stored, and a stored copy
 * goes, because `companies` is the public cache every visitor of this device reads.
 */
export async function pullCompany(id: string): Promise<StoredCompany | undefined> {
  let company;
  try {
    company = await listingsApi.company(id);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    await db.companies.delete(id);
    return undefined;
  }
  const row: StoredCompany = { ...publicFields(company), fetchedAt: Date.now() };
  if (company.status === CompanyStatus.Active) await db.companies.put(row);
  else await db.companies.delete(id);
  return row;
}

/**
 * A card any visitor may see: the public answer carries no status; an owner's or Admin's does, and
 * says whether the company is Active (an approved listing of a rejected or deleted company is hidden).
 */
const isPublicCard = (card: ListingCard & { status?: number; isActive?: boolean }) =>
  card.status === undefined || (PUBLIC_LISTING_STATUSES.includes(card.status) && card.isActive !== false);

/**
 * A company's public listings (its overview page), GET /listing/company/{id}, newest first. They
 * replace the company's stored cards (a stored one missing from the answer is no longer public).
 * An owner or Admin is also answered the listings that are not public: those are left out, as
 * `listings` is the cache every visitor of this device reads. Resolves with the stored cards' ids
 * in the server's order.
 */
export async function pullPublicCompanyListings(companyId: string): Promise<string[]> {
  const cards = (await listingsApi.byCompany(companyId)).filter(isPublicCard);
  const returned = new Set(cards.map(byId));
  await db.transaction('rw', [db.listings, db.outbox], async () => {
    const held = await pendingEntityKeys('listings');
    await putCards(cards, Date.now(), held);
    const stored = await db.listings.where('companyId').equals(companyId).primaryKeys();
    await db.listings.bulkDelete(stored.filter((id) => !returned.has(id) && !held.has(id)));
  });
  return cards.map(byId);
}

/**
 * Cards for ids (in chunks of MAX_IDS_PER_REQUEST). Ids the server leaves out are not public any
 * more and are removed locally. Returns the cards the server sent, in the order asked.
 */
export async function pullListingsByIds(ids: readonly string[]): Promise<ListingCard[]> {
  const unique = [...new Set(ids)];
  const cards: ListingCard[] = [];
  for (let i = 0; i < unique.length; i += MAX_IDS_PER_REQUEST) {
    const chunk = unique.slice(i, i + MAX_IDS_PER_REQUEST);
    const got = await listingsApi.byIds(chunk);
    const returned = new Set(got.map(byId));
    await db.transaction('rw', [db.listings, db.outbox], async () => {
      const held = await pendingEntityKeys('listings');
      await putCards(got, Date.now(), held);
      await db.listings.bulkDelete(chunk.filter((id) => !returned.has(id) && !held.has(id)));
    });
    cards.push(...got);
  }
  return cards;
}

export interface SearchPage {
  page: SearchPageRecord;
  listings: ListingCard[];
}

/** One page of POST /listing/search: its cards and the page record, written in one transaction. */
export async function pullSearchPage(request: SearchRequest): Promise<SearchPage> {
  const res = await listingsApi.search(toSearchBody(request));
  const fetchedAt = Date.now();
  const page = searchPageRow(request, res, fetchedAt);
  await db.transaction('rw', [db.listings, db.searchPages, db.outbox], async () => {
    await putCards(res.listings, fetchedAt, await pendingEntityKeys('listings'));
    await db.searchPages.put(page);
  });
  return { page, listings: res.listings };
}

/** Category counts for a text search (the /search screen). */
export async function pullSearchCategories(q: string): Promise<void> {
  const query = q.trim();
  const res = await listingsApi.searchCategories(query);
  await db.searchCategoryResults.put({ ...res, query, fetchedAt: Date.now() });
}

/**
 * The user's favourites replace that user's local set (rows with pending writes keep their local
 * state), then the listings not yet in Dexie are fetched by ids. A listing whose fetch fails is
 * left out of the answer (spec 1 §7); a failing GET /Favorites rejects.
 */
export async function pullFavorites(userId: string): Promise<StoredListing[]> {
  const { favoriteListings } = await favoritesApi.list();
  await applyServerFavorites(userId, favoriteListings);
  const stored = await db.listings.bulkGet(favoriteListings);
  const missing = favoriteListings.filter((_, i) => !stored[i]);
  if (missing.length) await pullListingsByIds(missing).catch(() => undefined);
  return favoritesQuery(userId);
}

/** The signed-in user's profile, unless a local edit of it is still queued (then the local copy stays). */
export async function pullProfile(userId: string): Promise<StoredProfile | undefined> {
  const user = await usersApi.getProfile();
  return db.transaction('rw', [db.profiles, db.outbox], async () => {
    if (user.id !== userId) return db.profiles.get(userId);
    if (!(await pendingEntityKeys('profile', userId)).has(userId)) await db.profiles.put({ ...user, fetchedAt: Date.now() });
    return db.profiles.get(userId);
  });
}

export interface ManifestPull {
  /** false on a 304: the stored manifest is current. */
  changed: boolean;
  entries: FileManifestEntry[];
}

/** The file manifest (blobFileId → SHA-256), sent with the last ETag; a 304 keeps what is stored. */
export async function pullManifest(): Promise<ManifestPull> {
  const etag = await getMeta<string>(MetaKeys.manifestEtag);
  let nextEtag: string | null = null;
  let entries: FileManifestEntry[];
  try {
    entries = await api.get<FileManifestEntry[]>('/files/manifest', {
      headers: etag ? { 'if-none-match': etag } : {},
      onResponse: (res) => {
        nextEtag = res.headers.get('etag');
      },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 304) return { changed: false, entries: await db.files.toArray() };
    throw error;
  }
  await writeInTurn(() => db.transaction('rw', [db.files, db.meta], async () => {
    await replaceAll(db.files, entries, (row) => row.blobFileId);
    if (nextEtag) await db.meta.put({ key: MetaKeys.manifestEtag, value: nextEtag });
    else await db.meta.delete(MetaKeys.manifestEtag);
  }));
  return { changed: true, entries };
}
