import { ApiError } from '../../api/http';
import { listingWritesApi } from '../../api/listing-writes';
import { db, type StoredOwnedListing } from '../../db/database';
import type { Listing, ListingInput } from '../../domain/listings';
import { pendingEntityKeys } from '../pending';
import { pullOwnCompanies } from './companies';
import { defineEntity, write } from './define';

/**
 * A save of the listing form: what is sent, plus what only this device needs to show the listing
 * before the server answers (the region/county split of `locations`, the company's side card).
 */
export interface ListingSave {
  input: ListingInput & { id: string };
  regionIds: string[];
  countyIds: string[];
  company: Listing['company'];
}

export interface ListingRemoval {
  id: string;
  name: string;
}

const ENTITY = 'listing';

/** The input without its id: PUT names the listing in the path. */
const bodyOf = ({ id: _id, ...input }: ListingInput & { id: string }): ListingInput => input;

/** The row the owner sees at once, before the server's answer replaces it. */
function localRow(p: ListingSave, userId: string, current: StoredOwnedListing | undefined): StoredOwnedListing {
  const now = new Date().toISOString();
  const { input } = p;
  return {
    ...(current ?? { createdAt: now, version: 0, isActive: true }),
    id: input.id,
    companyId: input.companyId,
    company: current?.company ?? p.company,
    name: input.name,
    shortDescription: input.shortDescription,
    description: input.description,
    price: input.price,
    categoryId: input.categoryId,
    subCategoryId: input.subCategoryId || null,
    categoryServiceIds: input.categoryServiceIds,
    subCategoryServiceIds: input.subCategoryServiceIds,
    locations: input.locations,
    regionIds: p.regionIds,
    countyIds: p.countyIds,
    cardImageUri: input.cardImageUri,
    bannerImageUri: input.bannerImageUri,
    galleryImageIds: input.galleryImageIds,
    videoLinks: input.videoLinks,
    status: input.status,
    updatedAt: now,
    userId,
    fetchedAt: current?.fetchedAt ?? 0,
  };
}

const storeAnswer = async (userId: string, answer: { body: unknown }) => {
  await db.ownListings.put({ ...(answer.body as Listing), userId, fetchedAt: Date.now() });
};

/** The subject named in the unsent-changes list (payloads of older releases may lack fields). */
const subjectOf = async (p: Partial<ListingSave & ListingRemoval>) =>
  p.input?.name ?? p.name ?? (p.id ? (await db.ownListings.get(p.id))?.name : undefined) ?? null;

/** Rows of the user's listings that are not to be replaced by a pull: they have queued writes. */
const heldKeys = (userId: string) => pendingEntityKeys(ENTITY, userId);

/**
 * One listing of the user's in full (GET /listing/{id}), unless a local write of it is queued.
 * A 404 removes the local copy (not while queued) and resolves undefined.
 */
export async function pullOwnListing(id: string, userId: string): Promise<StoredOwnedListing | undefined> {
  let listing: Listing;
  try {
    listing = await listingWritesApi.get(id);
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) throw error;
    return db.transaction('rw', [db.ownListings, db.outbox], async () => {
      if (!(await heldKeys(userId)).has(id)) await db.ownListings.delete(id);
      return db.ownListings.get(id);
    });
  }
  return db.transaction('rw', [db.ownListings, db.outbox], async () => {
    if (!(await heldKeys(userId)).has(id)) await db.ownListings.put({ ...listing, userId, fetchedAt: Date.now() });
    return db.ownListings.get(id);
  });
}

/**
 * A company's listings as its owner sees them (GET /listing/company/{id}: cards of every status
 * but Deleted). Listings new or changed since the stored copy (another version) are read in full,
 * so the table always holds whole listings the editor can open offline; listings the server no
 * longer lists go. Rows with queued writes stay as they are.
 */
export async function pullCompanyListings(companyId: string, userId: string): Promise<StoredOwnedListing[]> {
  const cards = await listingWritesApi.byCompany(companyId);
  const stored = new Map((await db.ownListings.where('companyId').equals(companyId).toArray())
    .filter((row) => row.userId === userId).map((row) => [row.id, row]));
  const changed = cards.filter((card) => {
    const row = stored.get(card.id);
    return !row || row.version !== card.version || row.status !== card.status || row.updatedAt !== card.updatedAt;
  });
  const full = await Promise.all(changed.map((card) => listingWritesApi.get(card.id).catch((error: unknown) => {
    // Deleted between the two calls: it goes with the others the server no longer lists.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  })));
  const fetchedAt = Date.now();
  return db.transaction('rw', [db.ownListings, db.outbox], async () => {
    const held = await heldKeys(userId);
    const listed = new Set(full.filter((l): l is Listing => l !== null).map((l) => l.id)
      .concat(cards.filter((card) => !changed.includes(card)).map((card) => card.id)));
    await db.ownListings.bulkDelete([...stored.keys()].filter((id) => !listed.has(id) && !held.has(id)));
    await db.ownListings.bulkPut(full.filter((l): l is Listing => l !== null && !held.has(l.id))
      .map((l) => ({ ...l, userId, fetchedAt })));
    return (await db.ownListings.where('companyId').equals(companyId).toArray()).filter((row) => row.userId === userId);
  });
}

/**
 * Every listing of the user's companies: the companies are pulled first (the start-up pull of
 * the company entity shares that request), so a first start fills both. No companies, nothing asked.
 */
export async function pullOwnListings(userId: string): Promise<void> {
  const companies = await pullOwnCompanies(userId);
  const results = await Promise.allSettled(companies.map((company) => pullCompanyListings(company.id, userId)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * The user's listings (`ownListings`), every status, edited offline: Save as Draft and Request
 * Approval are `create` (POST with the id made on the device) or `update` (PUT with If-Match);
 * `remove` is DELETE. A listing whose create is still queued is updated without If-Match (it has
 * no server version yet; the FIFO queue sends the create first).
 */
export const listings = defineEntity({
  name: ENTITY,
  table: 'ownListings',
  key: (p) => ('input' in p ? p.input.id : p.id),
  pull: pullOwnListings,
  clear: async (userId) => {
    await db.ownListings.where('userId').equals(userId).delete();
  },
  actionPrefix: 'listing',
  writes: {
    create: write<ListingSave>({
      request: (p) => listingWritesApi.create(p.input),
      async apply(p, userId) {
        await db.ownListings.put(localRow(p, userId, undefined));
      },
      settle: (_p, userId, answer) => storeAnswer(userId, answer),
      subject: subjectOf,
    }),
    update: write<ListingSave>({
      request: (p) => listingWritesApi.update(p.input.id, bodyOf(p.input)),
      async baseVersion(p) {
        const queued = await db.outbox.where('[entity+entityId]').equals([ENTITY, p.input.id]).toArray();
        if (queued.some((e) => e.kind === 'listing.create')) return null;
        const row = await db.ownListings.get(p.input.id);
        return row && row.version > 0 ? row.version : null;
      },
      serverVersion: async (p) => (await listingWritesApi.get(p.input.id)).version,
      async apply(p, userId) {
        await db.ownListings.put(localRow(p, userId, await db.ownListings.get(p.input.id)));
      },
      settle: (_p, userId, answer) => storeAnswer(userId, answer),
      subject: subjectOf,
    }),
    remove: write<ListingRemoval>({
      request: (p) => listingWritesApi.remove(p.id),
      async apply(p) {
        await db.ownListings.delete(p.id);
      },
      subject: subjectOf,
    }),
  },
});

export const createListing = listings.writes.create;
export const updateListing = listings.writes.update;
export const removeListing = listings.writes.remove;
