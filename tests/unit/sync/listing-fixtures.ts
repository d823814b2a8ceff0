import type { StoredOwnedCompany } from '../../../src/db/database';
import type { Listing, ListingInput, OwnedListingCard } from '../../../src/domain/listings';
import type { ListingSave } from '../../../src/sync/entities/listings';
import { detail } from './fixtures';

export const COMPANY_ID = '00000000-0000-4000-8000-0000000000c1';

export const company = { id: COMPANY_ID, name: 'Fjord Events', logoImageUri: null, shortDescription: 'Events by the fjord', websiteUrl: null, phoneNumber: null, email: null };

export const ownCompany = (userId: string): StoredOwnedCompany => ({
  ...company, userId, fetchedAt: 1, status: 100, createdById: userId,
} as unknown as StoredOwnedCompany);

export const input = (id: string, extra: Partial<ListingInput> = {}): ListingInput & { id: string } => ({
  id,
  companyId: COMPANY_ID,
  name: 'Boat trips',
  shortDescription: 'Trips on the fjord all summer',
  description: '<p>Hello</p>',
  price: 1200,
  categoryId: 'cat-1',
  subCategoryId: 'sub-1',
  categoryServiceIds: [],
  subCategoryServiceIds: [],
  locations: [],
  cardImageUri: null,
  bannerImageUri: null,
  galleryImageIds: [],
  videoLinks: [],
  status: 0,
  ...extra,
});

export const save = (id: string, extra: Partial<ListingInput> = {}): ListingSave => ({
  input: input(id, extra), regionIds: [], countyIds: [], company,
});

/** The server's answer to a create or update of `save`. */
export const answered = (s: ListingSave, version: number): Listing =>
  detail(s.input.id, {
    ...s.input, subCategoryId: s.input.subCategoryId, companyId: COMPANY_ID, company, version, status: s.input.status,
  });

export const ownedCard = (listing: Listing): OwnedListingCard => ({
  id: listing.id, name: listing.name, shortDescription: listing.shortDescription, price: listing.price,
  cardImageUri: listing.cardImageUri, categoryId: listing.categoryId, subCategoryId: listing.subCategoryId,
  subCategoryServiceIds: listing.subCategoryServiceIds, company: listing.company, status: listing.status,
  companyId: listing.companyId, updatedAt: listing.updatedAt, version: listing.version,
});
