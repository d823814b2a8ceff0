import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ListingCard, SearchResponse } from '../../src/domain/listings';

/**
 * A private copy of the built app for one test file: served with STATIC_DIR, so a test can change
 * sw.js (a "new build") and a rebuild of dist/ by someone else never lands mid-test.
 */
export function copyOfDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'em-pwa-dist-'));
  cpSync('dist', dir, { recursive: true });
  return dir;
}

/** Waits until a service worker controls the page (first install: clientsClaim after precaching). */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, undefined, { timeout: 45_000 });
}

/** The first category, and a browse URL for it that has listings with images. */
export async function demoTargets(url: string): Promise<{ browse: string; listing: { id: string; name: string } }> {
  const categories = (await (await fetch(`${url}/api/category`)).json()) as { id: string }[];
  expect(categories.length).toBeGreaterThan(0);
  const categoryId = categories[0]!.id;
  const res = await fetch(`${url}/api/listing/search`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pageNumber: 1, pageSize: 12, categoryId }),
  });
  const body = (await res.json()) as SearchResponse;
  const card: ListingCard | undefined = body.listings[0];
  expect(card, 'the first category has listings').toBeTruthy();
  return { browse: `/listings?categoryId=${encodeURIComponent(categoryId)}`, listing: { id: card!.id, name: card!.name } };
}

/** Browse results are in: listing cards (rendered from the API or from Dexie). */
export async function browseCards(page: Page): Promise<void> {
  await page.getByTestId('browse-results').locator('article').first().waitFor({ timeout: 20_000 });
}

/** The first card image has loaded (its bytes came from somewhere: the network or the worker's cache). */
export async function firstCardImageLoaded(page: Page): Promise<string> {
  const img = page.getByTestId('browse-results').locator('article img').first();
  await img.waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => {
    const el = document.querySelector<HTMLImageElement>('[data-testid="browse-results"] article img');
    return !!el && el.complete && el.naturalWidth > 0;
  }, undefined, { timeout: 20_000 });
  return (await img.getAttribute('src')) ?? '';
}
