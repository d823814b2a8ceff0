import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EventStatus, type PlannerEvent } from '../../src/domain/events';
import type { Listing } from '../../src/domain/listings';
import { apiCall as call, apiLogin as login, matchingEventInput, ownersListing } from './api';
import { seriousViolations } from './axe';
import { launchBrowser, useServerAndBrowser } from './harness';
import { loginAs } from './session';

const APPROVED = 'Fjordside Summer Wedding';
const REJECTED = 'Half-planned Rehearsal';
const REASON = 'The dates clash with the venue closing for the season';

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
  const { companyId, listing } = await ownersListing(base, token);
  const approved = await call<PlannerEvent>(base, token, 'POST', '/PlannerEvent', await matchingEventInput(base, token, listing, APPROVED));
  const rejected = await call<PlannerEvent>(base, token, 'POST', '/PlannerEvent', await matchingEventInput(base, token, listing, REJECTED));
  return { companyId, listing, approvedId: approved.id, rejectedId: rejected.id, plannerId: approved.createdBy };
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
