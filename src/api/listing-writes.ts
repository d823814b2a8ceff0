import type { Listing, ListingInput, OwnedListingCard } from '../domain/listings';
import { api } from './http';

const listingPath = (id: string) => `/listing/${encodeURIComponent(id)}`;

/** A write as the outbox stores it: method, path (without /api) and JSON body. */
export interface ListingWriteRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: ListingInput;
}

/**
 * The owner's side of listings (issue 11 contract). Reads: every status but Deleted of the
 * caller's own listings. Writes are sent by the outbox (sync/entities/listings), so a draft saved
 * offline goes later with its Idempotency-Key and If-Match; these build their requests.
 */
export const listingWritesApi = {
  /** The company's listings: every status except Deleted for its owner or an Admin, newest first. */
  byCompany: (companyId: string) => api.get<OwnedListingCard[]>(`/listing/company/${encodeURIComponent(companyId)}`),
  /** One listing in full; its owner also gets Draft, Pending Approval and Rejected ones. */
  get: (id: string) => api.get<Listing>(listingPath(id)),
  /** POST /listing with the device-made `id` in the body, so a listing created offline keeps it. */
  create: (input: ListingInput & { id: string }): ListingWriteRequest => ({ method: 'POST', path: '/listing', body: input }),
  update: (id: string, input: ListingInput): ListingWriteRequest => ({ method: 'PUT', path: listingPath(id), body: input }),
  remove: (id: string): ListingWriteRequest => ({ method: 'DELETE', path: listingPath(id) }),
};
