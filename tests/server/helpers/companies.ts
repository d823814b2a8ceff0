import { expect } from 'vitest';
import type { CompanyInput, OwnedCompany } from '../../../src/domain/companies';
import { listings } from '../../../server/db/schema';
import { bumpCatalogue } from '../../../server/modules/listings/service';
import type { TestApp } from './test-app';

let counter = 0;

/** A valid company form; each call a new name. */
export function companyInput(overrides: Partial<CompanyInput> = {}): CompanyInput {
  counter += 1;
  return {
    name: `Fjordfoto ${counter} AS`,
    shortDescription: 'Wedding and portrait photography on the west coast',
    description: 'We photograph weddings, confirmations and corporate events.',
    logoImageUri: null,
    bannerImageUri: null,
    organizationNumber: '',
    websiteUrl: '',
    facebookUrl: '',
    instagramUrl: '',
    twitterUrl: '',
    youtubeUrl: '',
    phoneNumber: '',
    email: '',
    ...overrides,
  };
}

/** POST /company as `token`; the created company (201). */
export async function createCompany(t: TestApp, token: string, overrides: Partial<CompanyInput> = {}): Promise<OwnedCompany> {
  const res = await t.request({ method: 'POST', url: '/api/company', token, payload: companyInput(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as OwnedCompany;
}

/** POST /approval for a company as the Admin `adminToken`. */
export async function approveCompany(t: TestApp, adminToken: string, id: string, approved = true): Promise<OwnedCompany> {
  const res = await t.request({ method: 'POST', url: '/api/approval', token: adminToken, payload: { id, approved, type: 100 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OwnedCompany;
}

/** A listing row of `companyId` written straight to the table (the listing routes are another module's). */
export async function insertListing(t: TestApp, values: {
  companyId: string; categoryId: string; name?: string; status?: number; isActive?: boolean;
  subCategoryId?: string; categoryServiceIds?: string[]; subCategoryServiceIds?: string[];
}) {
  const [row] = await t.deps.db.insert(listings).values({
    name: 'A listing', shortDescription: 'Short text of the listing', status: 200, isActive: true, ...values,
  }).returning();
  bumpCatalogue();
  return row!;
}

/** Whether the listing is public: found by POST /listing/search and served by GET /listing/{id}. */
export async function isListed(t: TestApp, id: string): Promise<boolean> {
  const search = await t.request({ method: 'POST', url: '/api/listing/search', payload: { pageSize: 96 } });
  expect(search.statusCode, search.body).toBe(200);
  const inSearch = (search.json() as { listings: { id: string }[] }).listings.some((l) => l.id === id);
  const one = await t.request({ method: 'GET', url: `/api/listing/${id}` });
  expect([200, 404]).toContain(one.statusCode);
  // The two reads must agree, or the filter differs between them.
  expect(inSearch, `search and GET /listing/${id} disagree`).toBe(one.statusCode === 200);
  return inSearch;
}
