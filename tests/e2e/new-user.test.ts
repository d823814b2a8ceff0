import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { imageWidthFor } from '../../src/domain/images';
import type { Listing, SearchResponse } from '../../src/domain/listings';
import { makePng } from '../fixtures/images';
import { gotoApp, useServerAndBrowser } from './harness';
import { loginAs } from './session';

const env = useServerAndBrowser();

/** With E2E_SCREENSHOTS=<dir>, each step leaves a PNG there for a person to look at. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** A 390 × 844 phone at 3x (the viewport alone cannot set the pixel ratio of a persistent context). */
async function phone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 3, mobile: true });
  await page.setViewportSize({ width: 390, height: 844 });
  return cdp;
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
}

/** A public listing with a gallery of at least two images. */
async function listingWithGallery(url: string): Promise<Listing> {
  for (let pageNumber = 1; ; pageNumber++) {
    const res = await fetch(`${url}/api/listing/search`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pageNumber, pageSize: 48 }),
    });
    const body = (await res.json()) as SearchResponse;
    for (const card of body.listings) {
      const listing = (await (await fetch(`${url}/api/listing/${card.id}`)).json()) as Listing;
      if (listing.galleryImageIds.length >= 2) return listing;
    }
    if (!body.hasNextPage) throw new Error('no demo listing with a gallery');
  }
}

/** The width query of every /api/files request the page makes from now on. */
function requestedWidths(page: Page): number[] {
  const widths: number[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/files/') && url.searchParams.has('width')) widths.push(Number(url.searchParams.get('width')));
  });
  return widths;
}

async function openLightbox(page: Page, listing: Listing) {
  // The server-rendered page is painted before the app is live; a tap on a thumbnail before then
  // does nothing (docs/architecture.md, "Ready marker"), so the click waits for the app.
  await gotoApp(page, `${env.server.url}/listing/${listing.id}`);
  await page.getByTestId('gallery-thumbnail').first().click();
  await page.getByTestId('lightbox').waitFor();
  const img = page.getByTestId('lightbox-image');
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  return img;
}

describe('what a new user noticed', () => {
  it('the lightbox on a 390 px phone at 3x asks for a width that fits, does not stretch the image, and keeps the counter on one line', async () => {
    const listing = await listingWithGallery(env.server.url);
    const page = await env.browser.context.newPage();
    await phone(page);
    for (const theme of ['dark', 'light'] as const) {
      await page.goto(env.server.url);
      await setTheme(page, theme);
      const widths = requestedWidths(page);
      const img = await openLightbox(page, listing);
      const src = new URL((await img.getAttribute('src'))!, env.server.url);
      const asked = Number(src.searchParams.get('width'));
      // 390 × 3 = 1170, rounded up to a served width: 1200. Never a wider one from a srcset.
      expect(asked).toBe(imageWidthFor(390, 3));
      expect(asked).toBeLessThanOrEqual(1200);
      expect(await img.getAttribute('srcset')).toBeNull();
      expect(widths.filter((w) => w > 1200)).toEqual([]);

      const box = await img.evaluate((el) => {
        const image = el as HTMLImageElement;
        const rect = image.getBoundingClientRect();
        return { width: rect.width, height: rect.height, naturalWidth: image.naturalWidth, naturalHeight: image.naturalHeight };
      });
      // Shown no larger than the picture itself, and inside the screen.
      expect(box.width).toBeLessThanOrEqual(box.naturalWidth + 0.5);
      expect(box.width).toBeLessThanOrEqual(390);

      const counter = await page.getByTestId('lightbox-counter').evaluate((el) => {
        const style = getComputedStyle(el);
        return { height: el.getBoundingClientRect().height, lineHeight: parseFloat(style.lineHeight), whiteSpace: style.whiteSpace, text: el.textContent };
      });
      expect(counter.text).toMatch(/^1 \/ \d+$/);
      expect(counter.whiteSpace).toBe('nowrap');
      expect(counter.height).toBeCloseTo(counter.lineHeight, 0);

      // The backdrop is opaque: nothing of the page shows through.
      const backdrop = await page.getByTestId('lightbox').evaluate((panel) => {
        const layer = panel.closest('[role="dialog"]')?.querySelector('[aria-hidden="true"].fixed') ?? panel.parentElement?.previousElementSibling;
        return layer ? getComputedStyle(layer).backgroundColor : null;
      });
      expect(backdrop).toBe('rgb(0, 0, 0)');
      await shot(page, `lightbox-390-${theme}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('lightbox').waitFor({ state: 'detached' });
    }
    await page.close();
  });

  it('the lightbox at 1280 px shows a small original at its own size, not stretched to the screen', async () => {
    const listing = await listingWithGallery(env.server.url);
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const theme of ['dark', 'light'] as const) {
      await page.goto(env.server.url);
      await setTheme(page, theme);
      const img = await openLightbox(page, listing);
      expect(Number(new URL((await img.getAttribute('src'))!, env.server.url).searchParams.get('width'))).toBe(imageWidthFor(1280, 1));
      const box = await img.evaluate((el) => ({ width: el.getBoundingClientRect().width, naturalWidth: (el as HTMLImageElement).naturalWidth }));
      expect(box.width).toBeLessThanOrEqual(box.naturalWidth + 0.5);
      await shot(page, `lightbox-1280-${theme}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('lightbox').waitFor({ state: 'detached' });
    }
    await page.close();
  });

  it("after registering on a phone, 'Check your e-mail' is in view below the top bar and has the focus", async () => {
    const page = await env.browser.context.newPage();
    await phone(page);
    await page.goto(`${env.server.url}/register`);
    const field = (label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));
    await field('E-mail').fill(`new.${Date.now()}@example.org`);
    await field('Password').fill('Fjord2026!');
    await field('Confirm password').fill('Fjord2026!');
    await field('First name').fill('Ingrid');
    await field('Last name').fill('Fjell');
    await field('Date of birth').fill('1994-08-12');
    await page.getByRole('checkbox').check();
    const submit = page.getByRole('button', { name: 'Create account' });
    await submit.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await submit.click();
    const heading = page.getByRole('heading', { level: 1, name: 'Check your e-mail' });
    await heading.waitFor();
    await expect.poll(async () => {
      const headingTop = await heading.evaluate((el) => el.getBoundingClientRect().top);
      const barBottom = await page.locator('header').first().evaluate((el) => el.getBoundingClientRect().bottom);
      return headingTop >= barBottom && headingTop < 844;
    }).toBe(true);
    expect(await heading.evaluate((el) => document.activeElement === el)).toBe(true);
    await shot(page, 'check-email-390');
    await page.close();
  });

  it('after a profile photo upload the top bar shows the picture, also after a reload', async () => {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, env.server.url, 'user@example.com');
    await page.goto(`${env.server.url}/profile`);
    expect(await page.getByTestId('user-menu-avatar').getAttribute('data-state')).toBe('initials');
    const png = await makePng(600, 600, '#2f6f4f');
    await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('image-crop-save').click();
    await page.getByTestId('snackbar').filter({ hasText: 'Profile picture updated successfully' }).first().waitFor();
    const avatar = page.getByTestId('user-menu-avatar');
    await expect.poll(() => avatar.getAttribute('data-state'), { timeout: 15_000 }).toBe('image');

    const loaded = () => avatar.evaluate((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0);
    await expect.poll(loaded, { timeout: 15_000 }).toBe(true);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await page.reload();
      await avatar.waitFor();
      expect(await avatar.getAttribute('data-state')).toBe('image');
      await expect.poll(loaded, { timeout: 15_000 }).toBe(true);
      await shot(page, `top-bar-avatar-1280-${theme}`);
    }
    // On a phone the picture is in the menu panel, beside the name.
    await phone(page);
    await page.reload();
    await page.getByTestId('mobile-menu-button').click();
    const inMenu = page.getByTestId('mobile-menu-avatar');
    await expect.poll(() => inMenu.evaluate((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await shot(page, 'top-bar-avatar-390-light');
    await page.close();
  });

  it("a listing address that is not an id says 'Listing not found'; a browse page past the end says so with a link to the last page", async () => {
    const page = await env.browser.context.newPage();
    for (const [width, height] of [[390, 844], [1280, 900]] as const) {
      await page.setViewportSize({ width, height });
      for (const theme of ['dark', 'light'] as const) {
        await page.goto(env.server.url);
        await setTheme(page, theme);
        await page.goto(`${env.server.url}/listing/not-a-uuid`);
        await page.getByRole('heading', { level: 1, name: 'Listing not found' }).waitFor();
        expect(await page.getByText('Check your connection').count()).toBe(0);
        await page.goto(`${env.server.url}/listings?page=99`);
        await page.getByText('Page 99 is past the end').waitFor();
        expect(await page.getByText('No listings match these filters').count()).toBe(0);
        const last = page.getByTestId('browse-last-page');
        const lastPage = Number((await last.textContent())!.replace(/\D/g, ''));
        expect(lastPage).toBeGreaterThan(1);
        await shot(page, `browse-past-end-${width}-${theme}`);
        if (width === 1280 && theme === 'light') {
          await last.click();
          await page.waitForURL(new RegExp(`/listings\\?page=${lastPage}$`));
          await page.getByTestId('browse-results').locator('li').first().waitFor();
        }
      }
    }
    await page.close();
  });
});
