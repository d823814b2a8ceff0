import sharp from 'sharp';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnedCompany } from '../../src/domain/companies';
import { CHROMIUM_ARGS, chromiumPath, useServerAndBrowser } from './harness';
import { loginAs } from './session';

/**
 * Issue 11's end-to-end story, clicked through the built app against the real server: an owner
 * creates a company, the admin approves it, the owner builds a listing (rich text, cropped card
 * image, gallery of 3, video) and requests approval, the admin approves it, a visitor finds it;
 * then the owner edits the draft offline with a new card image and it reaches the server once.
 */

// The owner uses the harness's persistent profile (service worker, Dexie); the admin and the
// visitor get their own incognito contexts of a second browser, so no session or stored data leaks.
const env = useServerAndBrowser();
let other: Browser;
beforeAll(async () => {
  other = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await other?.close();
});

const OWNER = 'user@example.com';
const ADMIN = 'admin@example.com';
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** A form field by its label; required fields show a " *" after the label text. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
const snackbar = (page: Page, text: string) => page.getByTestId('snackbar').filter({ hasText: text }).first().waitFor();

/** A picture with a few colour blocks, so a crop and a zoom really change what is kept. */
const picture = (r: number, g: number, b: number, width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .composite([{
      input: { create: { width: width / 3, height: height / 3, channels: 3, background: { r: 255 - r, g: 255 - g, b: 255 - b } } },
      left: width / 3, top: height / 3,
    }])
    .png().toBuffer();

/** Calls the API from the page with its own (current) token, as the app would. */
async function api<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (p) => {
    const { accessToken } = JSON.parse(localStorage.getItem('auth') ?? '{}') as { accessToken: string };
    const res = await fetch(`/api${p}`, { headers: { authorization: `Bearer ${accessToken}` } });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }, path) as Promise<{ status: number; body: T }>;
}

interface OwnedListing {
  id: string;
  companyId: string;
  name: string;
  status: number;
  version: number;
  cardImageUri: string | null;
  galleryImageIds: string[];
  videoLinks: string[];
  description: string;
}

/** Chooses a picture for the card image, zooms in the crop dialog by `zoomSteps` steps of 0.1, and saves the crop. */
async function cropCardImage(page: Page, bytes: Buffer, name: string, zoomSteps: number) {
  await page.getByTestId('card-image-input').setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
  const dialog = page.getByRole('dialog', { name: 'Crop Card image' });
  const zoom = dialog.getByTestId('image-crop-zoom');
  await zoom.waitFor();
  expect(await zoom.getAttribute('aria-valuetext')).toBe('1.0×');
  for (let i = 0; i < zoomSteps; i++) await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await dialog.locator(`[data-testid="image-crop-zoom"][aria-valuetext="${(1 + zoomSteps / 10).toFixed(1)}×"]`).waitFor();
  // Save is enabled once the picture has loaded and the initial 16:9 frame is set (click waits for that).
  await dialog.getByTestId('image-crop-save').click();
  await dialog.getByRole('heading').waitFor({ state: 'detached' });
  await page.getByTestId('card-image').locator('img').waitFor();
}

describe('company and listing flow (issue 11) in Chromium against the real server', () => {
  it('company → approval → listing with rich text, images and video → approval → visitor finds it → offline draft edit lands once', async () => {
    const owner = env.browser.context;
    const page = await owner.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, env.server.url, OWNER);
    const stamp = Date.now().toString(36);
    const companyName = `Flow Fjord Events ${stamp}`;
    const listingName = `Flow Fjord Hall ${stamp}`;

    // 1. The owner creates a company through the create form: it awaits approval, the gated tiles are disabled.
    await page.goto(`${env.server.url}/company`);
    await field(page, 'Name').fill(companyName);
    await field(page, 'Short Description').fill('Weddings and parties by the fjord');
    await page.getByRole('button', { name: 'Create Company' }).click();
    await page.waitForURL(/\/company\?companyId=[0-9a-f-]{36}$/);
    const companyId = new URL(page.url()).searchParams.get('companyId')!;
    await snackbar(page, 'Company created successfully!');
    await page.getByRole('heading', { level: 1, name: companyName }).waitFor();
    expect(await page.getByTestId('company-status').textContent()).toBe('Awaiting Approval');
    for (const tile of ['tile-listings', 'tile-subscription', 'tile-messages', 'tile-events']) {
      expect(await page.getByTestId(tile).getAttribute('aria-disabled'), tile).toBe('true');
    }
    expect((await api<OwnedCompany>(page, `/company/${companyId}`)).body.status).toBe(200);

    // 2. The admin reviews the company from the approvals grid and approves it.
    const adminContext = await other.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    await loginAs(admin, env.server.url, ADMIN);
    await admin.goto(`${env.server.url}/admin/approvals/companies`);
    const companyCard = admin.getByTestId('approval-card').filter({ hasText: companyName });
    await companyCard.getByRole('link', { name: `Review ${companyName}` }).click();
    await admin.waitForURL(`${env.server.url}/company-overview?companyId=${companyId}&mode=review`);
    await admin.getByRole('heading', { level: 1, name: companyName }).waitFor();
    await admin.getByRole('region', { name: 'Review this company' }).getByRole('button', { name: 'Approve' }).click();
    await admin.waitForURL(`${env.server.url}/admin/approvals/companies`);
    await snackbar(admin, 'Company approved');
    await companyCard.waitFor({ state: 'detached' });

    // 3. The owner opens the hub again: Active, tiles enabled → Listings → Create New Listing.
    await page.goto(`${env.server.url}/company?companyId=${companyId}`);
    await page.getByTestId('company-status').filter({ hasText: 'Active' }).waitFor();
    for (const tile of ['tile-listings', 'tile-subscription', 'tile-messages', 'tile-events']) {
      expect(await page.getByTestId(tile).getAttribute('aria-disabled'), tile).toBeNull();
    }
    await page.getByTestId('tile-listings').click();
    await page.waitForURL(/view=listings/);
    await page.getByRole('link', { name: 'Create New Listing' }).click();
    await page.waitForURL(/\/company\/listing\?.*mode=create/);

    await field(page, 'Name').fill(listingName);
    await field(page, 'Short description').fill('A glass hall for forty guests right by the fjord');

    // Rich text through the toolbar: a H2 heading, a bold line, a bullet list of two items.
    const editor = page.getByTestId('listing-description-editor');
    await editor.click();
    await page.getByRole('button', { name: 'Heading 2' }).click();
    await page.getByRole('button', { name: 'Heading 2', pressed: true }).waitFor();
    await page.keyboard.type('Why guests love it');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Dinner included');
    await page.getByRole('button', { name: 'Bold', pressed: true }).waitFor();
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.getByRole('button', { name: 'Bold', pressed: false }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bullet list' }).click();
    await page.getByRole('button', { name: 'Bullet list', pressed: true }).waitFor();
    await page.keyboard.type('Live music');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Late checkout');
    await editor.locator('ul li').nth(1).waitFor();

    const category = field(page, 'Category');
    await category.locator('option').nth(1).waitFor({ state: 'attached' });
    await category.selectOption({ index: 1 });
    const subCategory = field(page, 'Sub-category');
    await subCategory.locator('option').nth(1).waitFor({ state: 'attached' });
    await subCategory.selectOption({ index: 1 });
    await field(page, 'Price (Kr)').fill('25000');
    await page.getByTestId('locations-field').getByRole('checkbox', { name: 'Vestland', exact: true }).check();
    await page.getByTestId('location-chips').getByText('Vestland').waitFor();

    // A cropped card image (zoomed to 1.5×), then a gallery of three in one go.
    await cropCardImage(page, await picture(200, 40, 40), 'card.png', 5);
    await snackbar(page, 'Image uploaded successfully!');
    await page.getByTestId('gallery-input').setInputFiles(await Promise.all([
      picture(20, 120, 60).then((buffer) => ({ name: 'hall.png', mimeType: 'image/png', buffer })),
      picture(40, 60, 180).then((buffer) => ({ name: 'table.png', mimeType: 'image/png', buffer })),
      picture(220, 180, 30).then((buffer) => ({ name: 'view.png', mimeType: 'image/png', buffer })),
    ]));
    await snackbar(page, 'All images uploaded successfully!');
    const gallery = page.getByTestId('gallery-field');
    expect(await gallery.getByTestId('gallery-progress').and(page.locator('[data-state="done"]')).count()).toBe(3);
    await gallery.getByRole('button', { name: 'Remove gallery image 3' }).waitFor();
    expect(await gallery.getByRole('button', { name: /^Remove gallery image \d$/ }).count()).toBe(3);

    await page.getByRole('button', { name: 'Add video link' }).click();
    await page.getByRole('textbox', { name: 'Video link 1', exact: true }).fill(YOUTUBE);

    await page.getByRole('button', { name: 'Request Approval' }).click();
    await page.waitForURL((url) => url.pathname === '/company/listing' && url.searchParams.get('mode') === 'view' && url.searchParams.has('listingId'), { timeout: 20_000 });
    await snackbar(page, 'Listing created successfully');
    const listingId = new URL(page.url()).searchParams.get('listingId')!;
    expect(new URL(page.url()).searchParams.get('companyId')).toBe(companyId);
    const requested = (await api<OwnedListing>(page, `/listing/${listingId}`)).body;
    expect(requested).toMatchObject({ id: listingId, companyId, name: listingName, status: 100 });
    expect(requested.cardImageUri).toBeTruthy();
    expect(requested.galleryImageIds).toHaveLength(3);
    expect(requested.videoLinks).toEqual([YOUTUBE]);
    // The server kept the toolbar's structure through its sanitizer.
    expect(requested.description).toMatch(/<h2[^>]*>(<span[^>]*>)?Why guests love it(<\/span>)?<\/h2>/);
    expect(requested.description).toMatch(/<(b|strong)[^>]*>(<(b|strong)[^>]*>)?Dinner included/);
    expect(requested.description).toMatch(/<ul[^>]*>.*Live music.*Late checkout.*<\/ul>/s);

    await page.getByRole('link', { name: 'Back to listings' }).click();
    await page.waitForURL(/view=listings/);
    const ownCard = page.getByTestId('company-listing-card').filter({ hasText: listingName });
    await ownCard.getByTestId('listing-status').filter({ hasText: 'Not Approved' }).waitFor();

    // 4. The admin reviews the listing from the approvals grid and approves it.
    await admin.goto(`${env.server.url}/admin/approvals/listings`);
    const listingCard = admin.getByTestId('approval-card').filter({ hasText: listingName });
    await listingCard.getByRole('link', { name: `Review ${listingName}` }).click();
    await admin.waitForURL(`${env.server.url}/listing/${listingId}?mode=review`);
    await admin.getByRole('heading', { level: 1, name: listingName }).waitFor();
    await admin.getByRole('region', { name: 'Review this listing' }).getByRole('button', { name: 'Approve' }).click();
    await admin.waitForURL(`${env.server.url}/admin/approvals/listings`);
    await snackbar(admin, 'Listing approved');
    await listingCard.waitFor({ state: 'detached' });
    await adminContext.close();

    // 5. A visitor (a fresh context, nobody logged in) finds it in browse; its page has the gallery, the video and the rich text.
    const visitorContext = await other.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(`${env.server.url}/listings?search=${encodeURIComponent(listingName)}`);
      const result = visitor.getByTestId('browse-results').getByRole('link', { name: listingName, exact: true });
      await result.waitFor();
      expect(await result.getAttribute('href')).toBe(`/listing/${listingId}`);
      await result.click();
      await visitor.waitForURL(`${env.server.url}/listing/${listingId}`);
      await visitor.getByRole('heading', { level: 1, name: listingName }).waitFor();
      await visitor.getByTestId('gallery-thumbnail').nth(2).waitFor();
      expect(await visitor.getByTestId('gallery-thumbnail').count()).toBe(3);
      await visitor.getByRole('button', { name: 'Open image 3 of 3' }).waitFor();
      // The thumbnails are the uploaded files, really served (the lazy images load once scrolled to).
      await visitor.getByTestId('gallery').scrollIntoViewIfNeeded();
      await visitor.getByTestId('gallery-thumbnail').locator('[data-state="loaded"]').nth(2).waitFor();
      expect(await visitor.getByTestId('video-thumbnail').count()).toBe(1);
      await visitor.getByRole('button', { name: 'Play YouTube video 1' }).waitFor();
      const description = visitor.getByTestId('listing-description');
      expect(await description.locator('h2').textContent()).toBe('Why guests love it');
      expect(await description.locator('strong, b').first().textContent()).toBe('Dinner included');
      expect(await description.locator('ul > li').allTextContents()).toEqual(['Live music', 'Late checkout']);
    } finally {
      await visitorContext.close();
    }

    // 6. Offline draft: the owner edits the listing without a connection, with a new name and a new crop.
    const approved = (await api<OwnedListing>(page, `/listing/${listingId}`)).body;
    expect(approved.status).toBe(200);
    const listingWrites: string[] = [];
    const countWrites = (ctx: BrowserContext) => ctx.on('response', (response) => {
      const request = response.request();
      const { pathname } = new URL(request.url());
      if ((request.method() === 'POST' && pathname === '/api/listing') || (request.method() === 'PUT' && pathname === `/api/listing/${listingId}`)) {
        listingWrites.push(`${request.method()} ${pathname} ${response.status()}`);
      }
    });
    countWrites(owner);

    await page.goto(`${env.server.url}/company?companyId=${companyId}&view=listings`);
    await page.getByRole('link', { name: `Edit ${listingName}` }).click();
    await page.waitForURL((url) => url.searchParams.get('listingId') === listingId && url.searchParams.get('mode') === 'view');
    await page.getByTestId('listing-status').filter({ hasText: 'Approved' }).waitFor();

    await owner.setOffline(true);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await field(page, 'Name').waitFor();
    await page.getByRole('button', { name: 'Show Image Edit Options' }).click();
    const newName = `${listingName} (winter)`;
    await field(page, 'Name').fill(newName);
    await cropCardImage(page, await picture(30, 60, 200), 'winter.png', 10);
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await snackbar(page, 'Saved on this device. It will be sent when you are back online.');
    await page.waitForURL((url) => url.searchParams.get('mode') === 'view');
    await page.getByTestId('sync-state').and(page.locator('[data-state="pending"]')).waitFor();
    await page.getByRole('heading', { level: 1, name: newName }).waitFor();
    expect(listingWrites).toEqual([]);

    await owner.setOffline(false);
    await page.getByTestId('sync-state').waitFor({ state: 'detached', timeout: 30_000 });
    const mine = (await api<OwnedListing[]>(page, `/listing/company/${companyId}`)).body;
    expect(mine.map((l) => ({ id: l.id, name: l.name }))).toEqual([{ id: listingId, name: newName }]);
    const saved = (await api<OwnedListing>(page, `/listing/${listingId}`)).body;
    expect(saved).toMatchObject({ name: newName, status: 0, version: approved.version + 1, videoLinks: [YOUTUBE] });
    expect(saved.galleryImageIds).toEqual(approved.galleryImageIds);
    expect(saved.cardImageUri).toBeTruthy();
    expect(saved.cardImageUri).not.toBe(approved.cardImageUri);
    const image = await fetch(`${env.server.url}/api/files/${saved.cardImageUri}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    // The new crop: a WebP of the card's 16:9 aspect.
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.abs(meta.width! / meta.height! - 16 / 9)).toBeLessThan(0.02);
    expect(listingWrites).toEqual([`PUT /api/listing/${listingId} 200`]);
    await page.close();
  }, 120_000);
});
