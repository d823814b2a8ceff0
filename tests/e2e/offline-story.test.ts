import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './harness';
import { controlled } from './pwa-helpers';
import { loginAs } from './session';

const env = useServerAndBrowser();

const feedCards = (page: Page) => page.locator('section[aria-labelledby="home-inspired"] article');

/** The server's view, asked with the user's token from Node (not through the page or its worker). */
async function serverGet<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${env.server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}

describe('the offline story on a phone', () => {
  it('reads what was seen, favourites and edits the profile offline, closes the tab; everything arrives once later', async () => {
    const { context } = env.browser;
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const auth = await loginAs(page, env.server.url, 'user@example.com');
    await page.goto(`${env.server.url}/`);
    await controlled(page);
    await page.reload();
    const card = feedCards(page).first();
    await card.waitFor();
    const name = (await card.locator('h3').textContent())!;
    await page.goto(`${env.server.url}/favorites`);
    await page.getByRole('heading', { name: 'My Favorite Listings' }).waitFor();
    await page.goto(`${env.server.url}/profile`);
    await page.getByLabel(/^City( \*)?$/).waitFor();

    await context.setOffline(true);
    // Cold reloads offline: the worker serves the shell, Dexie the data.
    await page.goto(`${env.server.url}/`);
    await feedCards(page).first().waitFor();
    await page.getByTestId('offline-banner').waitFor();
    await feedCards(page).first().getByRole('button', { name: `Add ${name} to favorites` }).click();
    // The heart turns once the write is stored in Dexie; leaving the page before that would abort it.
    await feedCards(page).first().getByRole('button', { name: `Remove ${name} from favorites` }).waitFor();
    await page.goto(`${env.server.url}/favorites`);
    await page.getByRole('link', { name }).waitFor();
    await page.goto(`${env.server.url}/profile`);
    await page.getByTestId('profile-offline').waitFor();
    await page.getByLabel(/^City( \*)?$/).fill('Vardø');
    await page.getByLabel(/^Zip code( \*)?$/).fill('9950');
    await page.getByTestId('profile-save').click();
    // Said once, by the note above the profile (no snackbar repeating it).
    await page.getByTestId('profile-sync').and(page.locator('[data-state="pending"]')).waitFor();
    await page.getByTestId('pending-count').and(page.locator('[data-count="2"]')).waitFor();
    await page.close();

    // Later, back online: a new tab sends what waited, once.
    await context.setOffline(false);
    const later = await context.newPage();
    await later.goto(`${env.server.url}/`);
    await expect.poll(async () => (await serverGet<{ city: string }>('/users/profile', auth.accessToken)).city, { timeout: 20_000 }).toBe('Vardø');
    await expect.poll(async () => (await serverGet<{ favoriteListings: string[] }>('/Favorites', auth.accessToken)).favoriteListings.length, { timeout: 20_000 }).toBe(1);
    await later.getByTestId('sync-status').waitFor({ state: 'detached', timeout: 20_000 });
    await later.close();
  });
});
