import { CompanyStatus, type OwnedCompany } from '../../src/domain/companies';
import { EventStatus, EventType, type EventInput, type EventRegion } from '../../src/domain/events';
import type { Listing, ListingCard } from '../../src/domain/listings';
import type { Region } from '../../src/domain/locations';
import type { Category, CategoryService } from '../../src/domain/taxonomy';
import type { AuthResponse } from '../../src/domain/user';

/** Setting up data through the running server's API for e2e tests (the browser then works on it). */

/** A JSON call to the running server as `token`'s user; throws on anything but 2xx. */
export async function apiCall<T>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A demo account's access token (the demo password). */
export async function apiLogin(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo1234!' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as AuthResponse).accessToken;
}

/** The first Active company of `token`'s user with a public listing, and that listing in full. */
export async function ownersListing(base: string, token: string): Promise<{ companyId: string; listing: Listing }> {
  const owned = await apiCall<OwnedCompany[]>(base, token, 'GET', '/company/by-user');
  for (const company of owned.filter((c) => c.status === CompanyStatus.Active)) {
    const [card] = await apiCall<ListingCard[]>(base, token, 'GET', `/listing/company/${company.id}`);
    if (card) return { companyId: company.id, listing: await apiCall<Listing>(base, token, 'GET', `/listing/${card.id}`) };
  }
  throw new Error('The user has no Active company with a public listing');
}

/**
 * A wedding awaiting approval that matches `listing`: its category, one of its category's services,
 * and the place it is tagged with (its region, or the region of its first county with that county chosen).
 */
export async function matchingEventInput(base: string, token: string, listing: Listing, name: string): Promise<EventInput> {
  const category = await apiCall<Category>(base, token, 'GET', `/category/${listing.categoryId}`);
  const services = await apiCall<CategoryService[]>(base, token, 'GET', `/categoryService?categoryId=${listing.categoryId}`);
  const service = services.find((s) => listing.categoryServiceIds.includes(s.id)) ?? services[0];
  if (!service) throw new Error(`Category ${category.name} has no services`);
  const regions = await apiCall<Region[]>(base, token, 'GET', '/locations');
  const countyId = listing.countyIds[0];
  const region = listing.regionIds[0]
    ? regions.find((r) => r.id === listing.regionIds[0])
    : regions.find((r) => r.counties.some((c) => c.id === countyId));
  if (!region) throw new Error('The listing has no place the event can choose');
  const eventLocations: EventRegion[] = [{
    id: region.id, name: region.name, isSelected: listing.regionIds.length > 0,
    counties: region.counties.map((c) => ({ id: c.id, name: c.name, regionId: region.id, isSelected: listing.regionIds.length === 0 && c.id === countyId })),
  }];
  return {
    id: crypto.randomUUID(),
    eventType: EventType.Wedding,
    eventConfig: { eventName: name, startDate: '2027-06-05', endDate: '2027-06-06', numberOfAttendees: 80, budget: 40000, description: 'A wedding by the fjord.' },
    eventLocations,
    eventCategories: [{ id: category.id, name: category.name }],
    selectedServices: {
      [category.id]: {
        categoryServices: [{ id: service.id, name: service.name, groupName: service.groupName || null, isSelected: true, description: null }],
        subCategories: [],
      },
    },
    status: EventStatus.AwaitingApproval,
  };
}
