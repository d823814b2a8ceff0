import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { gotoApp, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();

/**
 * Search → category → browse with filters, sort, page size and paging in the URL, on the demo
 * data. Controls are found by test id or by data (category, region and listing names): the
 * screen's own texts may not be in the English catalog yet when this runs.
 */

const params = (page: Page) => new URL(page.url()).searchParams;
const cards = (page: Page) => page.getByTestId('browse-results').getByRole('article');
const sidebar = (page: Page) => page.getByTestId('filters-sidebar');

/** Waits until the results for the current URL are in: cards, or the empty state. */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const results = document.querySelector('[data-testid="browse-results"]');
    const busy = document.querySelector('section[aria-busy="true"]');
    return !busy && (document.querySelector('[data-testid="browse-empty"]') || (results && results.querySelector('article')));
  });
}

const total = async (page: Page) => Number(await page.getByTestId('result-total').textContent());
const sidebarWidth = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="filters-sidebar"]')?.getBoundingClientRect().width);

describe('search and browse in Chromium against the demo data', () => {
  it('home search → category counts → browse with filters, sort, page size and paging kept in the URL', async () => {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoApp(page, `${env.server.url}/`);
    await page.locator('#home-search').fill('  photography ');
    await page.locator('#home-search').press('Enter');
    await page.waitForURL(/\/search\?q=photography$/);

    // Category cards with counts above 0, most matches first.
    const first = page.getByTestId('search-category').first();
    await first.waitFor();
    const counts = await page.getByTestId('search-category-total').allTextContents();
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every((c) => Number(c) > 0)).toBe(true);
    const categoryName = (await first.locator('span').first().textContent())?.trim();
    const expected = Number(counts[0]);
    await first.click();
    await page.waitForURL(/\/listings\?/);
    expect(params(page).get('search')).toBe('photography');
    const categoryId = params(page).get('categoryId');
    expect(categoryId).toBeTruthy();
    await settled(page);
    expect(await page.getByTestId('browse-title').textContent()).toBe(categoryName);
    expect(await total(page)).toBe(expected);
    expect(await cards(page).count()).toBe(Math.min(12, expected));

    // A sub-category, then a region: each in the URL, each back to page 1.
    const subs = sidebar(page).getByTestId('subcategory-filter').getByRole('checkbox');
    const subName = await sidebar(page).getByTestId('subcategory-filter').locator('label').first().textContent();
    await subs.first().check();
    await page.waitForURL((url) => url.searchParams.getAll('sub').length === 1);
    await settled(page);
    expect(await total(page)).toBeLessThanOrEqual(expected);
    expect(subName).toBeTruthy();
    await sidebar(page).getByRole('checkbox', { name: 'Oslo', exact: true }).check();
    await page.waitForURL((url) => url.searchParams.getAll('region').length === 1);
    await settled(page);
    expect(params(page).get('categoryId')).toBe(categoryId);
    expect(params(page).get('page')).toBeNull();

    // Clear filters, then the search: every public listing.
    await sidebar(page).getByTestId('clear-filters').click();
    await page.waitForURL(`${env.server.url}/listings?search=photography`);
    await page.getByTestId('clear-search').click();
    await page.waitForURL(`${env.server.url}/listings`);
    await settled(page);
    expect(await total(page)).toBeGreaterThanOrEqual(300);

    // Sort and page size.
    await page.getByTestId('sort-select').selectOption('priceAsc');
    await page.waitForURL(`${env.server.url}/listings?sort=priceAsc`);
    await page.getByTestId('page-size-select').selectOption('24');
    await page.waitForURL(`${env.server.url}/listings?sort=priceAsc&size=24`);
    await settled(page);
    expect(await cards(page).count()).toBe(24);

    // Page 2 from the pagination.
    const pagination = page.getByTestId('pagination');
    await pagination.locator('a', { hasText: /^2$/ }).click();
    await page.waitForURL(`${env.server.url}/listings?sort=priceAsc&page=2&size=24`);
    await settled(page);
    expect(await pagination.locator('[aria-current="page"]').textContent()).toBe('2');
    const page2First = await cards(page).first().getByRole('heading').textContent();

    // A new sort goes back to page 1; Back restores page 2 with the old sort.
    await page.getByTestId('sort-select').selectOption('nameAsc');
    await page.waitForURL(`${env.server.url}/listings?sort=nameAsc&size=24`);
    await settled(page);
    await page.goBack();
    await page.waitForURL(`${env.server.url}/listings?sort=priceAsc&page=2&size=24`);
    await settled(page);
    expect(await page.getByTestId('sort-select').inputValue()).toBe('priceAsc');
    expect(await pagination.locator('[aria-current="page"]').textContent()).toBe('2');
    expect(await cards(page).first().getByRole('heading').textContent()).toBe(page2First);

    // A new page size also goes back to page 1.
    await page.getByTestId('page-size-select').selectOption('48');
    await page.waitForURL(`${env.server.url}/listings?sort=priceAsc&size=48`);
    await page.goBack();
    await page.waitForURL(`${env.server.url}/listings?sort=priceAsc&page=2&size=24`);

    // Reload keeps the state.
    await page.reload();
    await settled(page);
    expect(page.url()).toBe(`${env.server.url}/listings?sort=priceAsc&page=2&size=24`);
    expect(await page.getByTestId('sort-select').inputValue()).toBe('priceAsc');
    expect(await page.getByTestId('page-size-select').inputValue()).toBe('24');
    expect(await cards(page).count()).toBe(24);
    expect(await cards(page).first().getByRole('heading').textContent()).toBe(page2First);

    // Random: a seed in the URL, a fresh one each time it is chosen.
    await page.getByTestId('sort-select').selectOption('random');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'random' && /^\d+$/.test(url.searchParams.get('seed') ?? ''));
    const seed = params(page).get('seed');
    expect(params(page).get('page')).toBeNull();
    await settled(page);
    await page.getByTestId('sort-select').selectOption('newest');
    await page.waitForURL(`${env.server.url}/listings?size=24`);
    await page.getByTestId('sort-select').selectOption('random');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'random' && url.searchParams.get('seed') !== seed);
    await page.close();
  });

  it("says 'No results found' on the search page when nothing matches", async () => {
    const page = await env.browser.context.newPage();
    await gotoApp(page, `${env.server.url}/search?q=${encodeURIComponent('zzqxv nothingmatches')}`);
    await page.getByTestId('search-empty').waitFor();
    expect(await page.getByTestId('search-category').count()).toBe(0);
    await page.close();
  });

  it('collapses the desktop sidebar to 56 px and expands it to 320 px', async () => {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoApp(page, `${env.server.url}/listings`);
    await settled(page);
    const toggle = page.getByTestId('sidebar-toggle');
    await page.waitForFunction(() => document.querySelector('[data-testid="filters-sidebar"]')?.getBoundingClientRect().width === 320);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="filters-sidebar"]')?.getBoundingClientRect().width === 56);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar(page).getByRole('checkbox').count()).toBe(0);
    await toggle.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="filters-sidebar"]')?.getBoundingClientRect().width === 320);
    expect(await sidebarWidth(page)).toBe(320);
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it('opens the full-screen filter dialog on a phone and applies the filters to the URL', async () => {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoApp(page, `${env.server.url}/listings`);
    await settled(page);
    expect(await sidebar(page).isVisible()).toBe(false);
    await page.getByTestId('open-filters').click();
    const dialog = page.getByTestId('filters-dialog');
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 740 });
    const select = dialog.getByTestId('category-select');
    await select.locator('option').nth(1).waitFor({ state: 'attached' });
    const categoryId = await select.locator('option').nth(1).getAttribute('value');
    await select.selectOption(categoryId ?? '');
    await dialog.getByTestId('subcategory-filter').getByRole('checkbox').first().check();
    expect(page.url()).toBe(`${env.server.url}/listings`);
    await dialog.getByTestId('filters-apply').click();
    await page.waitForURL((url) => url.searchParams.get('categoryId') === categoryId && url.searchParams.getAll('sub').length === 1);
    expect(await page.getByTestId('filters-dialog').count()).toBe(0);
    // Focus goes back to the Filters button (the dialog's code came with the first opening).
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'open-filters');
    await settled(page);
    await page.close();
  });

  it('shows a search and a browse page seen before from Dexie when the network is gone', async () => {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoApp(page, `${env.server.url}/search?q=wedding`);
    const category = page.getByTestId('search-category').first();
    await category.waitFor();
    const categoryName = (await category.locator('span').first().textContent())?.trim();
    await category.click();
    await page.waitForURL(/\/listings\?/);
    await settled(page);
    const firstCard = await cards(page).first().getByRole('heading').textContent();
    const browseUrl = page.url();

    await env.browser.context.setOffline(true);
    try {
      // In-app navigation (the app shell is loaded): both screens read what Dexie holds.
      await page.goBack();
      await page.waitForURL(/\/search\?q=wedding$/);
      await page.getByTestId('search-category').filter({ hasText: categoryName ?? '' }).waitFor();
      await page.goForward();
      await page.waitForURL(browseUrl);
      await page.getByText('Could not reach the server. Showing listings saved on this device.').waitFor();
      expect(await cards(page).first().getByRole('heading').textContent()).toBe(firstCard);

      // A browse page never seen: an error with Try again, tried again by itself once the network is back.
      await page.getByTestId('sort-select').selectOption('nameDesc');
      await page.getByTestId('browse-error').waitFor();
      await expect.poll(() => page.getByTestId('browse-error').getByRole('button').count()).toBe(1);
    } finally {
      await env.browser.context.setOffline(false);
    }
    await page.getByTestId('browse-error').waitFor({ state: 'detached' });
    await settled(page);
    expect(await cards(page).count()).toBeGreaterThan(0);
    await page.close();
  });

  it('has no serious or critical axe violations on /listings', async () => {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoApp(page, `${env.server.url}/listings`);
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
