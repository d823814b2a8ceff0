import type { Listing, ListingCard } from '../domain/listings';
import type { StoredListing } from './database';

/** The stored rows of a listing, without Dexie: device-feed.ts builds them in the first view. */
export const cardRow = (card: ListingCard, fetchedAt: number): StoredListing =>
  ({ ...card, companyId: card.company.id, detail: false, fetchedAt });

export const detailRow = (listing: Listing, fetchedAt: number): StoredListing => ({ ...listing, detail: true, fetchedAt });
