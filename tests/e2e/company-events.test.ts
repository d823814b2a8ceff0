import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CompanyStatus, type OwnedCompany } from '../../src/domain/companies';
import { EventStatus, EventType, type EventInput, type EventRegion, type PlannerEvent } from '../../src/domain/events';
import type { Listing, ListingCard } from '../../src/domain/listings';
import type { Region } from '../../src/domain/locations';
import type { Category, CategoryService } from '../../src/domain/taxonomy';
import type { AuthResponse } from '../../src/domain/user';
import { seriousViolations } from './axe';
import { launchBrowser, useServerAndBrowser } from './harness';
import { loginAs } from './session';

const APPROVED = 'Fjordside Summer Wedding';
const REJECTED = 'Half-planned Rehearsal';
const REASON = 'The dates clash with the venue closing for the season';

/** A JSON call to the running server as `token`'s user; throws on anything but 2xx. */
async function call<T>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo1234!' }),
  });
  return ((await res.json()) as AuthResponse).accessToken;
}

interface Seeded {
  companyId: string;
  listing: Listing;
  approvedId: string;
  rejectedId: string;
  plannerId: string;
}

/**
 * Through the API as the demo user, the planner (who also owns two Active demo companies): two
 * events awaiting approval that match a public listing of the first Active company — its category,
 * one of its category's services, and the place it is tagged with (its region, or the region of
 * its first county with that county chosen).
 */
async function seedEvents(base: string): Promise<Seeded> {
  const token = await login(base, 'user@example.com');
  const owned = await call<OwnedCompany[]>(base, token, 'GET', '/company/by-user');
  let found: { companyId: string; card: ListingCard } | null = null;
  for (const company of owned.filter((c) => c.status === CompanyStatus.Active)) {
    const [card] = await call<ListingCard[]>(base, token, 'GET', `/listing/company/${company.id}`);
    if (card) {
      found = { companyId: company.id, card };
      break;
    }
  }
  if (!found) throw new Error('The demo user has no Active company with a public listing');
  const listing = await call<Listing>(base, token, 'GET', `/listing/${found.card.id}`);
  const category = await call<Category>(base, token, 'GET', `/category/${listing.categoryId}`);
  const services = await call<CategoryService[]>(base, token, 'GET', `/categoryService?categoryId=${listing.categoryId}`);
  const service = services.find((s) => listing.categoryServiceIds.includes(s.id)) ?? services[0];
  if (!service) throw new Error(`Category ${category.name} has no services`);
  const regions = await call<Region[]>(base, token, 'GET', '/locations');
  const countyId = listing.countyIds[0];
  const region = listing.regionIds[0]
    ? regions.find((r) => r.id === listing.regionIds[0])
    : regions.find((r) => r.counties.some((c) => c.id === countyId));
  if (!region) throw new Error('The listing has no place the event can choose');
  const eventLocations: EventRegion[] = [{
    id: region.id, name: region.name, isSelected: listing.regionIds.length > 0,
    counties: region.counties.map((c) => ({ id: c.id, name: c.name, regionId: region.id, isSelected: listing.regionIds.length === 0 && c.id === countyId })),
  }];
  const input = (name: string): EventInput => ({
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
  });
  const approved = await call<PlannerEvent>(base, token, 'POST', '/PlannerEvent', input(APPROVED));
  const rejected = await call<PlannerEvent>(base, token, 'POST', '/PlannerEvent', input(REJECTED));
  return { companyId: found.companyId, listing, approvedId: approved.id, rejectedId: rejected.id, plannerId: approved.createdBy };
}

const snackbar = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function openReview(page: Page, base: string, name: string, id: string) {
  await page.goto(`${base}/admin/approvals/events`);
  await page.getByRole('heading', { level: 1, name: 'Event approvals' }).waitFor();
  const card = page.getByTestId('approval-card').filter({ hasText: name });
  await card.getByRole('link', { name: `Review Event ${name}` }).click();
  await page.waitForURL(`${base}/admin/approvals/events/${id}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('event approvals and the company view of an event, in Chromium against the real server', () => {
  const env = useServerAndBrowser();

  it('the admin approves one event and rejects another with a reason; the matching company sees the approved one and can open a chat', async () => {
    const base = env.server.url;
    const seeded = await seedEvents(base);

    // The admin: the grid, then the review of each event.
    const admin = await env.browser.context.newPage();
    await admin.setViewportSize({ width: 1280, height: 900 });
    await loginAs(admin, base, 'admin@example.com');
    await admin.goto(`${base}/admin/approvals/events`);
    await admin.getByTestId('approval-card').filter({ hasText: APPROVED }).waitFor();
    await admin.getByTestId('approval-card').filter({ hasText: REJECTED }).waitFor();
    expect(await seriousViolations(admin)).toEqual([]);

    await openReview(admin, base, APPROVED, seeded.approvedId);
    expect(await admin.getByTestId('event-budget').textContent()).toBe('$40,000');
    await admin.getByRole('button', { name: 'Approve Event' }).click();
    await admin.waitForURL(`${base}/admin/approvals/events`);
    await snackbar(admin, 'Event approved').waitFor();
    await admin.getByTestId('approval-card').filter({ hasText: APPROVED }).waitFor({ state: 'detached' });

    await openReview(admin, base, REJECTED, seeded.rejectedId);
    await admin.getByRole('button', { name: 'Reject Event' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reject this event?' });
    const reason = dialog.getByLabel('Reason for rejection');
    await reason.waitFor();
    const confirm = dialog.getByTestId('confirm-reject');
    expect(await confirm.isDisabled()).toBe(true);
    await reason.fill('    ');
    expect(await confirm.isDisabled()).toBe(true);
    await reason.fill(REASON);
    expect(await seriousViolations(admin)).toEqual([]);
    await confirm.click();
    await admin.waitForURL(`${base}/admin/approvals/events`);
    await snackbar(admin, 'Event rejected').waitFor();
    await admin.getByTestId('approvals-empty').waitFor();
    await admin.close();

    // The planner's event carries the reason; the approved one is public.
    const plannerToken = await login(base, 'user@example.com');
    const rejected = await call<PlannerEvent>(base, plannerToken, 'GET', `/PlannerEvent/${seeded.rejectedId}`);
    expect([rejected.status, rejected.rejectionMessage]).toEqual([EventStatus.Rejected, REASON]);

    // The owner of the matching company, on a 390 px phone.
    const ownerBrowser = await launchBrowser();
    try {
      const owner = await ownerBrowser.context.newPage();
      await owner.setViewportSize({ width: 390, height: 844 });
      await loginAs(owner, base, 'user@example.com');
      await owner.goto(`${base}/company?companyId=${seeded.companyId}&view=events`);
      const card = owner.getByTestId('company-event').filter({ hasText: APPROVED });
      await card.waitFor();
      expect(await owner.getByTestId('company-event').filter({ hasText: REJECTED }).count()).toBe(0);
      expect(Number(await card.getByTestId('event-matches').textContent())).toBeGreaterThanOrEqual(1);
      expect(await card.getByTestId('event-dates').textContent()).toBe('05/06/2027 – 06/06/2027');
      expect(await seriousViolations(owner)).toEqual([]);

      await card.getByRole('link', { name: `Open Event ${APPROVED}` }).click();
      await owner.waitForURL(`${base}/company/event/${seeded.approvedId}?companyId=${seeded.companyId}`);
      await owner.getByRole('heading', { level: 1, name: APPROVED }).waitFor();
      const listingLink = owner.getByTestId('matching-listings').getByRole('link', { name: seeded.listing.name, exact: true });
      expect(await listingLink.getAttribute('href')).toBe(`/listing/${seeded.listing.id}`);
      const chat = new URL((await owner.getByRole('link', { name: 'Open Chat' }).getAttribute('href'))!, base);
      expect(chat.pathname).toBe('/messages');
      expect(Object.fromEntries(chat.searchParams)).toEqual({
        mode: 'new-event-chat', isCompany: 'true', eventId: seeded.approvedId, companyId: seeded.companyId, customerId: seeded.plannerId,
      });
      // Nothing wider than the phone.
      expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(owner)).toEqual([]);

      // The public page of the approved event.
      await owner.goto(`${base}/event/${seeded.approvedId}`);
      await owner.getByRole('heading', { level: 1, name: APPROVED }).waitFor();
      await owner.goto(`${base}/event/${seeded.rejectedId}`);
      await owner.getByRole('heading', { level: 1, name: 'Event not found' }).waitFor();
    } finally {
      await ownerBrowser.close();
    }
  });
});
