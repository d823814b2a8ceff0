import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirFor } from '../../server/db/client';
import { categories, companies, listings, users } from '../../server/db/schema';
import { CompanyStatus } from '../../src/domain/companies';
import { ListingStatus, type SearchResponse } from '../../src/domain/listings';
import { seriousViolations } from './axe';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { loginAs } from './session';

const COMPANY = 'Aurora Approval Events AS';
const LISTING = 'Aurora Approval Hall';

/**
 * Seeds, straight into the database of a stopped server, a company awaiting approval (owned by the
 * demo user) with one listing pending approval, as an owner would have left them. The listing is
 * hidden (is_active false) while its company is not Active, as the company writes keep it.
 */
async function seedPending(dataDir: string): Promise<{ companyId: string; listingId: string }> {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: pgliteDirFor(dataDir) });
  try {
    const { db } = database;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com')).limit(1);
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
    if (!owner || !category) throw new Error('The demo data has no user@example.com or no category');
    const [company] = await db.insert(companies).values({
      name: COMPANY,
      shortDescription: 'Winter weddings under the northern lights.',
      description: 'Venues, transport and warm food for small winter celebrations.',
      organizationNumber: '912345678',
      websiteUrl: 'https://aurora-approval.example',
      phoneNumber: '+47 400 00 000',
      status: CompanyStatus.AwaitingApproval,
      createdById: owner.id,
    }).returning({ id: companies.id });
    const [listing] = await db.insert(listings).values({
      companyId: company!.id,
      name: LISTING,
      shortDescription: 'A glass hall for forty guests by the fjord.',
      description: '<p>Glass walls, a fireplace and the northern lights overhead.</p>',
      categoryId: category.id,
      price: 25000,
      status: ListingStatus.PendingApproval,
      isActive: false,
    }).returning({ id: listings.id });
    return { companyId: company!.id, listingId: listing!.id };
  } finally {
    await database.close();
  }
}

async function searchListings(url: string, searchQuery: string): Promise<SearchResponse> {
  const res = await fetch(`${url}/api/listing/search`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ searchQuery, pageSize: 96 }),
  });
  return (await res.json()) as SearchResponse;
}

const snackbar = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

describe('admin approvals in Chromium against the real server', () => {
  let dataDir: string;
  let server: RunningServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let seeded: { companyId: string; listingId: string };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'em-e2e-approvals-'));
    // A first start migrates and seeds the demo data into DATA_DIR; stopped, its database is ours to seed.
    const first = await startServer({ DATA_DIR: dataDir });
    await first.stop();
    seeded = await seedPending(dataDir);
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('an admin approves a pending company and its pending listing; a visitor then finds both', async () => {
    const { companyId, listingId } = seeded;
    // Not public before the decisions.
    expect((await searchListings(server.url, LISTING)).listings.map((l) => l.id)).not.toContain(listingId);
    expect((await fetch(`${server.url}/api/company/${companyId}`)).status).toBe(404);

    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, server.url, 'admin@example.com');

    // Admin Center → company approvals.
    await page.goto(`${server.url}/admin`);
    // The card's name gains its count ('Companies 1 waiting') once the summary has loaded.
    await page.getByRole('link', { name: /^Companies( \d+ waiting)?$/ }).click();
    await page.waitForURL(`${server.url}/admin/approvals/companies`);
    await page.getByRole('heading', { level: 1, name: 'Company approvals' }).waitFor();
    const companyCard = page.getByTestId('approval-card').filter({ hasText: COMPANY });
    await companyCard.waitFor();
    expect(await companyCard.getByRole('link', { name: COMPANY, exact: true }).getAttribute('href')).toBe(`/company-overview?companyId=${companyId}`);
    expect(await seriousViolations(page)).toEqual([]);

    // Review: the full record with its status and the bars.
    await companyCard.getByRole('link', { name: `Review ${COMPANY}` }).click();
    await page.waitForURL(`${server.url}/company-overview?companyId=${companyId}&mode=review`);
    await page.getByRole('heading', { level: 1, name: COMPANY }).waitFor();
    const record = page.getByRole('region', { name: 'Company record' });
    expect(await record.getByTestId('company-status').textContent()).toBe('Awaiting Approval');
    const bar = page.getByRole('region', { name: 'Review this company' });
    await bar.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Reject asks first; Cancel leaves it pending.
    await bar.getByRole('button', { name: 'Reject' }).click();
    // The dialog's root has no box of its own (its backdrop and panel are fixed): wait for what it shows.
    const dialog = page.getByRole('dialog', { name: 'Reject this company?' });
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await cancel.waitFor();
    await cancel.click();
    await dialog.waitFor({ state: 'detached' });

    await bar.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${server.url}/admin/approvals/companies`);
    await snackbar(page, 'Company approved').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Company approvals' }).waitFor();
    // The queue was fetched again: the company is gone from it.
    await page.getByTestId('approval-card').filter({ hasText: COMPANY }).waitFor({ state: 'detached' });

    // Listing approvals → review → approve.
    await page.goto(`${server.url}/admin`);
    await page.getByRole('link', { name: /^Listings( \d+ waiting)?$/ }).click();
    await page.waitForURL(`${server.url}/admin/approvals/listings`);
    const listingCard = page.getByTestId('approval-card').filter({ hasText: LISTING });
    await listingCard.waitFor();
    expect(await listingCard.getByTestId('listing-company').textContent()).toBe(COMPANY);
    await listingCard.getByRole('link', { name: `Review ${LISTING}` }).click();
    await page.waitForURL(`${server.url}/listing/${listingId}?mode=review`);
    await page.getByRole('heading', { level: 1, name: LISTING }).waitFor();
    const listingBar = page.getByRole('region', { name: 'Review this listing' });
    await listingBar.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${server.url}/admin/approvals/listings`);
    await snackbar(page, 'Listing approved').waitFor();
    await page.getByTestId('approval-card').filter({ hasText: LISTING }).waitFor({ state: 'detached' });
    await page.close();

    // A visitor (a fresh browser profile, nobody logged in) finds the listing in browse…
    expect((await searchListings(server.url, LISTING)).listings.map((l) => l.id)).toContain(listingId);
    const visitorBrowser = await launchBrowser();
    try {
      const visitor = await visitorBrowser.context.newPage();
      await visitor.goto(`${server.url}/listings?search=${encodeURIComponent(LISTING)}`);
      const result = visitor.getByTestId('browse-results').getByRole('link', { name: LISTING, exact: true });
      await result.waitFor();
      expect(await result.getAttribute('href')).toBe(`/listing/${listingId}`);

      // …and the company's public overview shows it, with no review bars.
      await visitor.goto(`${server.url}/company-overview?companyId=${companyId}`);
      await visitor.getByRole('heading', { level: 1, name: COMPANY }).waitFor();
      await visitor.getByTestId('company-listings').getByRole('link', { name: LISTING, exact: true }).waitFor();
      expect(await visitor.getByTestId('approval-bar').count()).toBe(0);
      expect(await visitor.getByTestId('company-status').count()).toBe(0);
      expect(await seriousViolations(visitor)).toEqual([]);
    } finally {
      await visitorBrowser.close();
    }
  });
});
