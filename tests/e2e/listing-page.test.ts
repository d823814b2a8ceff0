import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { Listing, ListingCard, SearchResponse } from '../../src/domain/listings';
import { seriousViolations } from './axe';
import { gotoApp, useServerAndBrowser } from './harness';
import { firstVisitLayoutShift } from './layout-shift';

const env = useServerAndBrowser();

/** Every public listing in full, read through the API (300 in the demo data). */
async function allListings(url: string): Promise<Listing[]> {
  const cards: ListingCard[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const res = await fetch(`${url}/api/listing/search`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pageNumber, pageSize: 96 }),
    });
    const body = (await res.json()) as SearchResponse;
    cards.push(...body.listings);
    if (!body.hasNextPage) break;
  }
  const out: Listing[] = [];
  for (let i = 0; i < cards.length; i += 25) {
    out.push(...(await Promise.all(cards.slice(i, i + 25).map(async (c) => (await (await fetch(`${url}/api/listing/${c.id}`)).json()) as Listing))));
  }
  return out;
}

interface RecordedEvent { listingId: string; eventType: string; metadata: Record<string, unknown> }

/** The bodies of POST /api/ListingStatistics/record the page sends. */
function recordEvents(page: Page): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/ListingStatistics/record') {
      events.push(req.postDataJSON() as RecordedEvent);
    }
  });
  return events;
}

/** Video hosts are never contacted: thumbnails and players abort. */
async function blockVideoHosts(page: Page) {
  await page.route(/^https:\/\/([a-z0-9-]+\.)*(youtube\.com|youtube-nocookie\.com|ytimg\.com|vimeo\.com|vimeocdn\.com)\//, (route) => route.abort());
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check(), what).toBe(true);
}

const LONG_DESCRIPTION = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i + 1} about the venue, the food and the music.</p>`).join('');

describe('public listing page in Chromium against the real server', () => {
  let withGallery: Listing;
  let withVideo: Listing;
  let withoutVideo: Listing;

  beforeAll(async () => {
    const listings = await allListings(env.server.url);
    // With the demo data this one has videos too: their hosts are blocked here, so axe also checks
    // the thumbnails' fallback (the provider's name must be in the button's name).
    withGallery = listings.find((l) => l.galleryImageIds.length > 7 && l.company.phoneNumber)!;
    withVideo = listings.find((l) => l.videoLinks.some((v) => v.includes('youtube.com/watch')))!;
    withoutVideo = listings.find((l) => l.galleryImageIds.length > 0 && l.videoLinks.length === 0 && l.subCategoryId)!;
    expect(withGallery, 'a demo listing with more than 7 gallery images and a phone').toBeTruthy();
    expect(withVideo, 'a demo listing with a YouTube video').toBeTruthy();
  });

  it('renders the listing, its gallery and lightbox, reveals the phone and records view and phoneClick', async () => {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await blockVideoHosts(page);
    const events = recordEvents(page);
    const listing = withGallery;
    const total = listing.galleryImageIds.length;
    // The built chunk with Headless UI's dialog (its ids read `headlessui-dialog-…`).
    const dialogChunk = readdirSync(resolve('dist/assets')).find((file) => file.endsWith('.js')
      && readFileSync(resolve('dist/assets', file), 'utf8').includes('headlessui-dialog'))!;
    expect(dialogChunk).toBeTruthy();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });

    await gotoApp(page, `${env.server.url}/listing/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.name }).waitFor();
    const price = await page.getByTestId('listing-price').textContent();
    if (listing.price) expect(price?.replace(/\s/g, ' ')).toMatch(/^[\d,. ]+ Kr$/);
    else expect(price).toBe('Contact for Price');

    // Desktop banner: aspect ratio 3.
    const banner = await page.getByTestId('listing-banner').boundingBox();
    expect(Math.round(banner!.width / banner!.height)).toBe(3);

    // Gallery: 7 thumbnails and '+N More images'.
    await page.getByTestId('gallery').waitFor();
    expect(await page.getByTestId('gallery-thumbnail').count()).toBe(7);
    const more = total - 7;
    expect(await page.getByTestId('gallery-more').textContent()).toBe(more === 1 ? '+1 More image' : `+${more} More images`);
    // The page is live without the dialog's code: it is fetched once a pointer is over the gallery.
    await page.evaluate(() => new Promise((done) => requestIdleCallback(done)));
    expect(scripts.filter((url) => url.endsWith(dialogChunk))).toEqual([]);

    // Lightbox: opens at the 8th from the tile; ArrowRight past the last wraps to the first; Escape closes.
    await page.getByTestId('gallery-more').click();
    const counter = page.getByTestId('lightbox-counter');
    await counter.waitFor();
    expect(await counter.textContent()).toBe(`8 / ${total}`);
    for (let i = 8; i < total; i++) await page.keyboard.press('ArrowRight');
    expect(await counter.textContent()).toBe(`${total} / ${total}`);
    await page.keyboard.press('ArrowRight');
    expect(await counter.textContent()).toBe(`1 / ${total}`);
    await page.keyboard.press('ArrowLeft');
    expect(await counter.textContent()).toBe(`${total} / ${total}`);
    await page.getByRole('button', { name: 'Next image' }).click();
    expect(await counter.textContent()).toBe(`1 / ${total}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('lightbox').waitFor({ state: 'detached' });
    expect(scripts.filter((url) => url.endsWith(dialogChunk))).toHaveLength(1);
    // Focus goes back to the tile that opened it, though the dialog's code came after the tap.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'gallery-more');

    // View Phone reveals the number.
    await page.getByTestId('company-name').waitFor();
    expect(await page.getByTestId('company-phone').count()).toBe(0);
    await page.getByRole('button', { name: 'View Phone' }).click();
    const phone = page.getByRole('link', { name: listing.company.phoneNumber! });
    await phone.waitFor();
    expect(await phone.getAttribute('href')).toBe(`tel:${listing.company.phoneNumber!.replace(/[^\d+]/g, '')}`);

    await until(() => events.some((e) => e.eventType === 'view' && e.listingId === listing.id), 'a view event was sent');
    await until(() => events.some((e) => e.eventType === 'phoneclick' && e.metadata.phoneNumber === listing.company.phoneNumber), 'a phoneclick event with the number was sent');
    expect(events.filter((e) => e.eventType === 'view')).toHaveLength(1);

    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('clamps a long description with Show More / Show Less', async () => {
    const page = await env.browser.context.newPage();
    const listing = withGallery;
    await page.route(`**/api/listing/${listing.id}`, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Listing;
      await route.fulfill({ response: res, json: { ...body, description: LONG_DESCRIPTION } });
    });
    await gotoApp(page, `${env.server.url}/listing/${listing.id}`);
    const description = page.getByTestId('listing-description');
    await description.getByText('Paragraph 30', { exact: false }).waitFor({ state: 'attached' });
    const clamped = (await description.boundingBox())!.height;
    const more = page.getByRole('button', { name: 'Show More' });
    await more.click();
    const less = page.getByRole('button', { name: 'Show Less' });
    await less.waitFor();
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    expect((await description.boundingBox())!.height).toBeGreaterThan(clamped);
    await less.click();
    await more.waitFor();
    expect((await description.boundingBox())!.height).toBe(clamped);
    await page.close();
  });

  it('opens a video thumbnail in a modal with the embedded player (external hosts blocked)', async () => {
    const page = await env.browser.context.newPage();
    await blockVideoHosts(page);
    await gotoApp(page, `${env.server.url}/listing/${withVideo.id}`);
    const thumbnails = page.getByTestId('video-thumbnail');
    await thumbnails.first().waitFor();
    const youtube = withVideo.videoLinks.filter((v) => /youtube\.com|youtu\.be|vimeo\.com/.test(v));
    expect(await thumbnails.count()).toBe(new Set(youtube).size);
    const index = withVideo.videoLinks.findIndex((v) => v.includes('youtube.com/watch'));
    const id = new URL(withVideo.videoLinks[index]!).searchParams.get('v');
    await thumbnails.nth(index).click();
    const iframe = page.getByTestId('video-iframe');
    await iframe.waitFor();
    expect(await iframe.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${id}`);
    await page.keyboard.press('Escape');
    await iframe.waitFor({ state: 'detached' });
    // Focus goes back to the thumbnail that opened it (the dialog's code came after the tap).
    await page.waitForFunction((i) => document.activeElement === document.querySelectorAll('[data-testid="video-thumbnail"]')[i], index);
    await page.close();
  });

  it('renders the banner square on a 375 px phone, and passes axe', async () => {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await blockVideoHosts(page);
    await gotoApp(page, `${env.server.url}/listing/${withGallery.id}`);
    await page.getByRole('heading', { level: 1, name: withGallery.name }).waitFor();
    const banner = await page.getByTestId('listing-banner').boundingBox();
    expect(banner!.width).toBeLessThanOrEqual(375);
    expect(Math.abs(banner!.width - banner!.height)).toBeLessThanOrEqual(1);
    expect(await page.getByTestId('listing-banner').evaluate((el) => getComputedStyle(el).aspectRatio)).toBe('1 / 1');
    await page.getByTestId('gallery').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('shows a listing opened before from Dexie when the server cannot be reached', async () => {
    const page = await env.browser.context.newPage();
    await blockVideoHosts(page);
    const listing = withGallery;
    await gotoApp(page, `${env.server.url}/listing/${listing.id}`);
    await page.getByTestId('gallery').waitFor();
    await page.getByTestId('company-name').waitFor();
    // Leave within the app, go offline, and come back: the page renders from Dexie.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${env.server.url}/`);
    await page.locator('#home-title').waitFor();
    await env.browser.context.setOffline(true);
    try {
      await page.goBack();
      await page.getByText('Could not reach the server. Showing the copy saved on this device.').waitFor();
      await page.getByRole('heading', { level: 1, name: listing.name }).waitFor();
      expect(await page.getByTestId('gallery-thumbnail').count()).toBe(7);
      expect(await page.getByTestId('company-name').textContent()).toBe(listing.company.name);
      await page.getByRole('button', { name: 'View Phone' }).click();
      await page.getByRole('link', { name: listing.company.phoneNumber! }).waitFor();
    } finally {
      await env.browser.context.setOffline(false);
    }
    await page.close();
  });

  it('a first visit to a listing on a slow phone does not move the page as the data arrives (no layout shift)', async () => {
    const { total, shifts } = await firstVisitLayoutShift(`${env.server.url}/listing/${withoutVideo.id}`, async (page) => {
      await page.getByRole('heading', { level: 1, name: withoutVideo.name }).waitFor();
      await page.getByTestId('gallery').waitFor();
      // The taxonomy has arrived: the breadcrumb shows the category.
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').nth(1).waitFor();
      await page.getByTestId('company-name').waitFor();
    });
    // Before the breadcrumb kept to one line, the category names wrapping it moved the page (0.048).
    expect(total, shifts.join('\n')).toBeLessThan(0.01);
  });

  it("shows 'Listing not found' for an unknown id", async () => {
    const page = await env.browser.context.newPage();
    await gotoApp(page, `${env.server.url}/listing/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'Listing not found' }).waitFor();
    await page.getByRole('link', { name: 'Browse listings' }).waitFor();
    await page.close();
  });
});
