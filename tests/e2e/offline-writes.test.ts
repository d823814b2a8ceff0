import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './harness';
import { loginAs } from './session';
import { explainingQueue } from './outbox-state';

const env = useServerAndBrowser();

const feedCards = (page: Page) => page.locator('section[aria-labelledby="home-inspired"] article');

/** Reads the server's state with the page's own token (the page must be online). */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { accessToken: string };
    const res = await fetch(`/api${p}`, { headers: { authorization: `Bearer ${auth.accessToken}` } });
    return res.json();
  }, path) as Promise<T>;
}

/** The user's favourites on the server (read before the page under test loads, so as not to delay it). */
async function favouritesOf(page: Page): Promise<Set<string>> {
  return new Set((await api<{ favoriteListings: string[] }>(page, '/Favorites')).favoriteListings);
}

/**
 * The first feed card that is not one of `favourites`, found by its link, and its name. Not "the
 * first card with an Add button": the page learns the user's favourites after the cards show, and
 * such a locator then moves to another card under the test (a CI failure).
 */
async function cardNotIn(page: Page, favourites: Set<string>) {
  await feedCards(page).first().waitFor();
  const hrefs = await feedCards(page).locator('a[href^="/listing/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => !favourites.has(h.slice('/listing/'.length)));
  if (!href) throw new Error(`every feed card is a favourite already (${hrefs.length} cards)`);
  const card = feedCards(page).filter({ has: page.locator(`a[href="${href}"]`) });
  return { card, name: (await card.locator('h3').textContent())! };
}

describe('writes made offline', () => {
  // A failed test must not leave the shared context offline for its retry and the tests after it.
  afterEach(async () => {
    await env.browser.context.setOffline(false);
  });

  it('a favourite toggled offline shows pending in a second tab and reaches the server once back online', async () => {
    const { context } = env.browser;
    const tabA = await context.newPage();
    await loginAs(tabA, env.server.url, 'user@example.com');
    const favourites = await favouritesOf(tabA);
    await tabA.goto(`${env.server.url}/`);
    const { card, name } = await cardNotIn(tabA, favourites);
    const tabB = await context.newPage();
    await tabB.goto(`${env.server.url}/favorites`);
    await tabB.getByRole('link', { name: 'Browse Listings' }).waitFor();

    await context.setOffline(true);
    await card.getByRole('button', { name: `Add ${name} to favorites` }).click();
    await card.getByRole('button', { name: `Remove ${name} from favorites`, pressed: true }).waitFor();
    await card.getByTestId('favorite-sync').and(tabA.locator('[data-state="pending"]')).waitFor();
    await tabA.getByTestId('offline-banner').waitFor();
    await tabA.getByTestId('pending-count').and(tabA.locator('[data-count="1"]')).waitFor();
    // The other tab reads the same Dexie: the favourite and its pending state show there too.
    await tabB.getByRole('link', { name }).waitFor();
    await tabB.getByTestId('favorite-sync').and(tabB.locator('[data-state="pending"]')).waitFor();

    await context.setOffline(false);
    await explainingQueue([tabA, tabB], async () => {
      await tabA.getByTestId('pending-count').waitFor({ state: 'detached', timeout: 20_000 });
      await tabB.getByTestId('favorite-sync').waitFor({ state: 'detached', timeout: 20_000 });
    });
    const { favoriteListings } = await api<{ favoriteListings: string[] }>(tabA, '/Favorites');
    expect(favoriteListings).toHaveLength(favourites.size + 1);
    await tabA.close();
    await tabB.close();
  });

  it('a favourite queued by a page that went offline before its first view was done reaches the server once back online', async () => {
    const { context } = env.browser;
    const page = await context.newPage();
    await loginAs(page, env.server.url, 'user@example.com');
    // A card that is not a favourite yet (the test above added one).
    const favourites = await favouritesOf(page);
    await page.goto(`${env.server.url}/`);
    const { card, name } = await cardNotIn(page, favourites);
    // At once: the deferred chunks (after the first view) would have been fetched offline, and
    // Chromium keeps a failed chunk for the page's life. A signed-in user's sync engine is loaded
    // before that.
    await context.setOffline(true);
    await card.getByRole('button', { name: `Add ${name} to favorites` }).click();
    await page.getByTestId('pending-count').and(page.locator('[data-count="1"]')).waitFor();
    await page.waitForTimeout(3_000);

    await context.setOffline(false);
    await explainingQueue([page], () => page.getByTestId('pending-count').waitFor({ state: 'detached', timeout: 20_000 }));
    const { favoriteListings } = await api<{ favoriteListings: string[] }>(page, '/Favorites');
    expect(favoriteListings).toHaveLength(favourites.size + 1);
    await page.close();
  });

  it('a profile edited offline is saved on the device and synced when the connection returns', async () => {
    const { context } = env.browser;
    const page = await context.newPage();
    await loginAs(page, env.server.url, 'user@example.com');
    await page.goto(`${env.server.url}/profile`);
    const city = page.getByLabel(/^City( \*)?$/);
    await city.waitFor();

    await context.setOffline(true);
    await city.fill('Hammerfest');
    await page.getByLabel(/^Zip code( \*)?$/).fill('9600');
    await page.getByTestId('profile-save').click();
    // The note above the profile says it, once: no snackbar repeating it.
    await page.getByTestId('profile-sync').and(page.locator('[data-state="pending"]')).waitFor();
    await page.getByText('Your latest changes are saved on this device', { exact: false }).waitFor();
    expect(await page.getByTestId('snackbar').count()).toBe(0);

    // Logging out now would strand the change: the app asks first.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Log out with unsent changes?' }).waitFor();
    await page.getByRole('button', { name: 'Stay logged in' }).click();

    await context.setOffline(false);
    await page.getByTestId('profile-sync').waitFor({ state: 'detached', timeout: 20_000 });
    const profile = await api<{ city: string }>(page, '/users/profile');
    expect(profile.city).toBe('Hammerfest');
    await page.close();
  });
});
