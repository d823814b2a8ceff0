import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, useServerAndBrowser } from './harness';
import { controlled, demoTargets } from './pwa-helpers';
import { loginAs } from './session';

/**
 * Server-rendered public pages (docs/architecture.md, "Server rendering and hydration"): readable
 * without JavaScript, hydrated without a mismatch, and still opened offline by the worker.
 */
const env = useServerAndBrowser();
let plain: Browser;
let listing: { id: string; name: string };
let browse: string;

beforeAll(async () => {
  plain = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  ({ listing, browse } = await demoTargets(env.server.url));
});
afterAll(() => plain?.close());

/**
 * Keeps the server's <h1> element as parsed, so a test can tell hydration (React adopts that very
 * element) from a client render (React replaces it).
 */
async function keepServerHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
    });
  });
}

const headingAdopted = async (page: Page) => {
  // Live first (hydrated or rendered afresh): only then does the same element mean React adopted it.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  return page.evaluate(() => {
    const kept = (window as unknown as { serverHeading: Element | null }).serverHeading;
    return kept !== null && kept === document.querySelector('h1') && kept.isConnected;
  });
};

/** Console errors and uncaught errors of a page (React reports a hydration mismatch as a console error). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A listing's video thumbnails come from the video site (src/features/listing/Videos.tsx),
    // whose name does not resolve on a machine without internet; the app's own server is an address.
    if (message.type() === 'error' && !message.text().includes('net::ERR_NAME_NOT_RESOLVED')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * A first visit whose scripts wait until the test releases them: the server's page is there to tap
 * before the app is live.
 */
async function pageWithScriptsHeld(url: string) {
  const context = await plain.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = collectErrors(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // Not 'domcontentloaded': that waits for the module scripts, which wait for the release.
  await page.goto(url, { waitUntil: 'commit' });
  return { context, page, errors, release };
}

describe('without JavaScript', () => {
  it('home shows its heading, the categories and the feed', async () => {
    const context = await plain.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    const res = await page.goto(`${env.server.url}/`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'EventMarket' }).isVisible()).resolves.toBe(true);
    expect(await page.locator('#home-categories + ul li a').count()).toBeGreaterThan(0);
    expect(await page.locator('section[aria-labelledby="home-inspired"] article').count()).toBeGreaterThan(0);
    // The pictures show without the script that fades them in, the lazy ones too (their veils gone).
    const pictures = page.locator('#home-categories + ul img');
    expect(await pictures.count()).toBeGreaterThan(4);
    expect(await pictures.evaluateAll((imgs) => imgs.map((img) => getComputedStyle(img).opacity))).not.toContain('0');
    expect(await page.locator('.image-veil:visible').count()).toBe(0);
    await context.close();
  });

  it('a listing page shows its name, description and company, with its title', async () => {
    const context = await plain.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/listing/${listing.id}`);
    expect(await page.locator('h1#listing-title').textContent()).toBe(listing.name);
    expect((await page.getByTestId('listing-description').textContent())?.trim().length).toBeGreaterThan(0);
    expect(await page.title()).toBe(`${listing.name} | EventMarket`);
    await context.close();
  });

  it('the browse page shows its result cards and their count', async () => {
    const context = await plain.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${env.server.url}${browse}`);
    const cards = page.getByTestId('browse-results').locator('article');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('result-total').textContent())).toBeGreaterThanOrEqual(await cards.count());
    expect(await page.locator('[data-skeleton-card]').count()).toBe(0);
    await context.close();
  });

  it("a card's heart and the listing page's Save button take an anonymous visitor to login and back, before any script runs", async () => {
    const context = await plain.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${env.server.url}${browse}`);
    const card = page.getByTestId('browse-results').locator('article').first();
    const name = (await card.locator('h3').textContent())!;
    await Promise.all([page.waitForURL(/\/login\?returnTo=/), card.getByRole('button', { name: `Add ${name} to favorites` }).click()]);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(browse);
    await page.goto(`${env.server.url}/listing/${listing.id}`);
    await Promise.all([page.waitForURL(/\/login\?returnTo=/), page.getByRole('button', { name: 'Save to favorites' }).click()]);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(`/listing/${listing.id}`);
    await context.close();
  });

  it('the search box works as a plain form: Enter on home opens the server-rendered results', async () => {
    const context = await plain.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await page.getByRole('searchbox', { name: 'Search for suppliers' }).fill('bryllup & fest');
    await Promise.all([page.waitForURL(/\/search\?q=/), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).searchParams.get('q')).toBe('bryllup & fest');
    expect(await page.getByTestId('search-title').textContent()).toBe('Search results for “bryllup & fest”');
    // The results page's own box searches again the same way.
    await page.getByTestId('search-box').fill('catering');
    await Promise.all([page.waitForURL(/q=catering/), page.keyboard.press('Enter')]);
    expect(await page.getByTestId('search-title').textContent()).toBe('Search results for “catering”');
    await context.close();
  });
});

/** The data chunk (Dexie and the local mirror, vite.config.ts) as the page's resource timing saw it, or null. */
const dataChunkTiming = (page: Page) => page.evaluate(() => {
  const entry = performance.getEntriesByType('resource').find((e) => /\/assets\/data-[\w-]+\.js$/.test(new URL(e.name).pathname));
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
  return entry ? { start: entry.startTime, load: navigation.loadEventEnd } : null;
});

describe('with JavaScript', () => {
  it('browse hydrates its server cards without errors, loads Dexie only after the first view, and the heart works', async () => {
    const context = await plain.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { serverCard: Element | null }).serverCard = document.querySelector('[data-testid="browse-results"] article');
      });
    });
    await page.goto(`${env.server.url}${browse}`, { waitUntil: 'networkidle' });
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // Hydrated: React adopted the server's first card instead of rendering the grid afresh.
    expect(await page.evaluate(() => {
      const kept = (window as unknown as { serverCard: Element | null }).serverCard;
      return kept !== null && kept.isConnected && kept === document.querySelector('[data-testid="browse-results"] article');
    })).toBe(true);
    // The mirror loads after the first view (after the load event), then mirrors the page.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/assets\/data-[\w-]+\.js$/.test(e.name)), undefined, { timeout: 20_000 });
    const timing = await dataChunkTiming(page);
    expect(timing!.start).toBeGreaterThan(timing!.load);
    expect(errors).toEqual([]);

    // An anonymous visitor's heart asks them to log in and brings them back here.
    const card = page.getByTestId('browse-results').locator('article').first();
    const name = (await card.locator('h3').textContent())!;
    await card.getByRole('button', { name: `Add ${name} to favorites` }).click();
    await page.waitForURL(/\/login\?returnTo=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('returnTo') ?? '')).toBe(browse);
    // Signed in, the same server-rendered address renders for the user (Dexie at once) and the heart saves.
    await loginAs(page, env.server.url, 'user@example.com');
    await page.goto(`${env.server.url}${browse}`);
    const signedInCard = page.getByTestId('browse-results').locator('article').filter({ hasText: name }).first();
    await signedInCard.getByRole('button', { name: `Add ${name} to favorites` }).click();
    await signedInCard.getByRole('button', { name: `Remove ${name} from favorites`, pressed: true }).waitFor();
    // Sent to the server (the queue replays it at once online).
    await page.waitForFunction(async () => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { accessToken: string };
      const res = await fetch('/api/Favorites', { headers: { authorization: `Bearer ${auth.accessToken}` } });
      return ((await res.json()) as { favoriteListings: string[] }).favoriteListings.length === 1;
    }, undefined, { timeout: 20_000, polling: 500 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('search and the company overview hydrate without errors and load Dexie only after the first view', async () => {
    const companyId = ((await (await fetch(`${env.server.url}/api/listing/${listing.id}`)).json()) as { companyId: string }).companyId;
    for (const path of [`/search?q=${encodeURIComponent(listing.name.split(' ')[0]!)}`, `/company-overview?companyId=${companyId}`]) {
      const context = await plain.newContext({ locale: 'en-US', serviceWorkers: 'block' });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await keepServerHeading(page);
      await page.goto(`${env.server.url}${path}`, { waitUntil: 'networkidle' });
      expect(await headingAdopted(page), path).toBe(true);
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/assets\/data-[\w-]+\.js$/.test(e.name)), undefined, { timeout: 20_000 });
      const timing = await dataChunkTiming(page);
      expect(timing!.start, path).toBeGreaterThan(timing!.load);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });

  it('the listing page hydrates without errors and stays interactive (the heart asks an anonymous visitor to log in)', async () => {
    const context = await plain.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await keepServerHeading(page);
    await page.goto(`${env.server.url}/listing/${listing.id}`, { waitUntil: 'networkidle' });
    expect(await headingAdopted(page)).toBe(true);
    // Hydrated: React's handlers are on the server's markup (the heart navigates in the app).
    await page.getByRole('button', { name: /favou?rite/i }).first().click();
    await page.waitForURL(/\/login\?returnTo=/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a rendered page (its stylesheet inline) does not fetch the stylesheet when the app imports more, and fetches each chunk once', async () => {
    for (const path of ['/', `/listing/${listing.id}`]) {
      const context = await plain.newContext({ locale: 'en-US', serviceWorkers: 'block' });
      const page = await context.newPage();
      const errors = collectErrors(page);
      // Every <link> a script adds, from the first byte on (the parser's own are left out).
      await page.addInitScript(() => {
        const added: string[] = [];
        (window as unknown as { addedLinks: string[] }).addedLinks = added;
        new MutationObserver((records) => {
          for (const record of records) for (const node of record.addedNodes) {
            if (node instanceof HTMLLinkElement && document.readyState !== 'loading') added.push(`${node.rel} ${new URL(node.getAttribute('href') ?? '', location.href).pathname}`);
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(`${env.server.url}${path}`, { waitUntil: 'networkidle' });
      // After the first view: the data chunk's import (which used to bring the stylesheet again) is done.
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/assets\/data-[\w-]+\.js$/.test(e.name)), undefined, { timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      const { added, fetched } = await page.evaluate(() => ({
        added: (window as unknown as { addedLinks: string[] }).addedLinks,
        fetched: performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((name) => name.startsWith('/assets/')),
      }));
      // The app did import more (the mirror's chunk), and added no stylesheet nor the entry for it.
      expect(added.some((link) => /^modulepreload \/assets\/data-/.test(link)), path).toBe(true);
      expect(added.filter((link) => link.startsWith('stylesheet') || /\/assets\/index-/.test(link)), path).toEqual([]);
      expect(fetched.filter((name) => name.endsWith('.css')), path).toEqual([]);
      expect(fetched.filter((name, i) => fetched.indexOf(name) !== i), path).toEqual([]);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });

  it('home hydrates without errors and a card opens its listing in the app', async () => {
    const context = await plain.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await keepServerHeading(page);
    await page.goto(`${env.server.url}/`, { waitUntil: 'networkidle' });
    expect(await headingAdopted(page)).toBe(true);
    const card = page.locator('section[aria-labelledby="home-inspired"] article a').first();
    const name = (await card.textContent())?.trim() ?? '';
    await card.click();
    await page.waitForURL(/\/listing\//);
    await page.locator('h1#listing-title').waitFor();
    const shown = (await page.locator('h1#listing-title').textContent()) ?? '';
    expect(name).toContain(shown);
    // The window's title follows the app's moves, there and back.
    await expect.poll(() => page.title()).toBe(`${shown} | EventMarket`);
    await page.goBack();
    await page.waitForURL(`${env.server.url}/`);
    await expect.poll(() => page.title()).toBe('EventMarket');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('taps made before the app is live are kept and replayed: the theme toggle, then the language', async () => {
    const { context, page, errors, release } = await pageWithScriptsHeld(`${env.server.url}/`);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.getByTestId('language-switch').selectOption('no');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);
    release();
    // The language reloads the page: it comes back in Norwegian, in the light theme picked first.
    await page.waitForFunction(() => document.documentElement.lang === 'no', undefined, { timeout: 30_000 });
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('light'))).toBe(true);
    expect(await page.getByTestId('language-switch').inputValue()).toBe('no');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a gallery picture tapped before the listing page is live opens in the lightbox once it is', async () => {
    const { context, page, errors, release } = await pageWithScriptsHeld(`${env.server.url}/listing/${listing.id}`);
    const thumbnails = page.getByTestId('gallery-thumbnail');
    await thumbnails.first().waitFor();
    expect(await thumbnails.count()).toBeGreaterThan(1);
    // The screen is a lazy part of the app, live after the app's shell: the tap waits for it.
    await thumbnails.nth(1).click();
    release();
    const counter = page.getByTestId('lightbox-counter');
    await counter.waitFor({ timeout: 30_000 });
    expect(await counter.textContent()).toMatch(/^2 \/ \d+$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('with the service worker', () => {
  it('a public page still opens offline from the shell and Dexie', async () => {
    const page = await env.browser.context.newPage();
    await page.goto(`${env.server.url}/`);
    await controlled(page);
    await page.goto(`${env.server.url}/listing/${listing.id}`);
    await page.locator('h1#listing-title').waitFor();
    await env.browser.context.setOffline(true);
    try {
      await page.reload();
      expect(await page.locator('h1#listing-title').textContent({ timeout: 20_000 })).toBe(listing.name);
      // The worker's shell has the app's name as its title; the screen sets the listing's.
      await expect.poll(() => page.title()).toBe(`${listing.name} | EventMarket`);
    } finally {
      await env.browser.context.setOffline(false);
      await page.close();
    }
  });
});
