import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Region } from '../../src/domain/locations';
import { seriousViolations } from './axe';
import { useServerAndBrowser } from './harness';
import { storedRows } from './idb';
import { loginAs } from './session';

const REGION = 'Testfylke E2E';
const snackbar = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

async function serverRegion(url: string, name: string): Promise<Region | undefined> {
  const all = (await (await fetch(`${url}/api/locations`)).json()) as Region[];
  return all.find((r) => r.name === name);
}

/** The region as the app's shared catalogue in IndexedDB holds it (what the browse filters and the listing editor read). */
async function storedRegion(page: Page, name: string): Promise<{ name: string; counties: string[] } | null> {
  const stored = await storedRows<Region>(page, 'regions');
  if ('why' in stored) throw new Error(`regions not readable from IndexedDB: ${stored.why}`);
  const found = stored.rows.find((r) => r.name === name);
  return found ? { name: found.name, counties: found.counties.map((c) => c.name) } : null;
}

const card = (page: Page, name: string): Locator =>
  page.getByTestId('region-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Left edges of the first cards: the grid's columns. */
async function cardColumns(page: Page): Promise<number> {
  const boxes = await page.getByTestId('region-card').evaluateAll((cards) => cards.slice(0, 6).map((c) => Math.round(c.getBoundingClientRect().left)));
  return new Set(boxes).size;
}

describe('regions admin in Chromium against the real server', () => {
  const env = useServerAndBrowser();

  it('the admin creates a region with two counties, edits it (a county added with Enter), sees the card and deletes it', async () => {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, env.server.url, 'admin@example.com');

    await page.goto(`${env.server.url}/admin`);
    await page.getByRole('link', { name: 'Regions', exact: true }).click();
    await page.waitForURL(`${env.server.url}/admin/regions`);
    await page.getByRole('heading', { level: 1, name: 'Regions' }).waitFor();
    await card(page, 'Vestland').waitFor();
    // The seeded fylker and län, as cards in a grid (three columns on a desktop).
    expect(await page.getByTestId('region-card').count()).toBe(36);
    expect(await cardColumns(page)).toBe(3);
    expect(await card(page, 'Vestland').getByTestId('region-more').textContent()).toMatch(/^\+\d+ more$/);

    // Create: the name is required, then two counties (Enter, then Add).
    await page.getByTestId('region-create').click();
    const dialog = page.getByRole('dialog', { name: 'Create Region' });
    const name = dialog.getByTestId('region-name');
    await name.waitFor();
    expect(await dialog.getByTestId('region-save').isDisabled()).toBe(true);
    await name.fill('   ');
    await name.blur();
    await dialog.getByText('Region name is required', { exact: true }).waitFor();
    expect(await dialog.getByTestId('region-save').isDisabled()).toBe(true);
    await name.fill(REGION);
    const county = dialog.getByTestId('county-input');
    await county.fill('Alfaby');
    await county.press('Enter');
    await county.fill('Betaby');
    await dialog.getByTestId('county-add').click();
    await county.fill('alfaby');
    await county.press('Enter');
    await dialog.getByText('Alfaby is already in the list', { exact: true }).waitFor();
    expect(await dialog.getByTestId('county-item').allTextContents()).toEqual(['Alfaby×', 'Betaby×']);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByTestId('region-save').click();
    await snackbar(page, 'Region created');
    await dialog.waitFor({ state: 'detached' });

    const created = card(page, REGION);
    await created.waitFor();
    expect(await created.getByTestId('region-counties').getByRole('listitem').allTextContents()).toEqual(['Alfaby', 'Betaby']);
    expect(await created.getByTestId('region-meta').textContent()).toBe('Norway · 2 counties');
    expect((await serverRegion(env.server.url, REGION))?.counties.map((c) => c.name)).toEqual(['Alfaby', 'Betaby']);
    await waitUntil(async () => (await storedRegion(page, REGION))?.counties.length === 2, 'the created region in IndexedDB');

    // Edit: the dialog starts from the stored region; a county added with Enter.
    await created.getByRole('button', { name: `Edit ${REGION}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Region' });
    await edit.getByTestId('region-name').waitFor();
    expect(await edit.getByTestId('region-name').inputValue()).toBe(REGION);
    await edit.getByTestId('county-input').fill('Gammaby');
    await edit.getByTestId('county-input').press('Enter');
    // Enter added the county and left the dialog open (it did not save).
    expect(await edit.getByTestId('county-item').allTextContents()).toEqual(['Alfaby×', 'Betaby×', 'Gammaby×']);
    // A removal, then Save.
    await edit.getByRole('button', { name: 'Remove Betaby' }).click();
    expect(await edit.getByTestId('county-item').allTextContents()).toEqual(['Alfaby×', 'Gammaby×']);
    await edit.getByTestId('region-save').click();
    await snackbar(page, 'Region updated');
    await edit.waitFor({ state: 'detached' });
    await waitUntil(async () => (await created.getByTestId('region-meta').textContent()) === 'Norway · 2 counties'
      && (await created.getByTestId('region-counties').getByRole('listitem').allTextContents()).join() === 'Alfaby,Gammaby', 'the edited card');
    expect((await serverRegion(env.server.url, REGION))?.counties.map((c) => c.name)).toEqual(['Alfaby', 'Gammaby']);
    await waitUntil(async () => (await storedRegion(page, REGION))?.counties.join() === 'Alfaby,Gammaby', 'the edited region in IndexedDB');

    // One column on a 390 px phone, in both themes, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      await card(page, REGION).waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('light'))).toBe(theme === 'light');
      expect(await cardColumns(page)).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
    }

    // Delete asks first; Cancel keeps it.
    const phoneCard = card(page, REGION);
    await phoneCard.getByRole('button', { name: `Delete ${REGION}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Region' });
    await confirm.getByTestId('region-delete-cancel').waitFor();
    expect(await confirm.textContent()).toContain(`Delete the region ${REGION}? Its 2 counties are deleted with it.`);
    await confirm.getByTestId('region-delete-cancel').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await serverRegion(env.server.url, REGION)).toBeTruthy();

    await phoneCard.getByRole('button', { name: `Delete ${REGION}` }).click();
    await confirm.getByTestId('region-delete-confirm').click();
    await snackbar(page, 'Region deleted');
    await phoneCard.waitFor({ state: 'detached' });
    expect(await serverRegion(env.server.url, REGION)).toBeUndefined();
    await waitUntil(async () => (await storedRegion(page, REGION)) === null, 'the deleted region gone from IndexedDB');
    expect(await page.getByTestId('region-card').count()).toBe(36);
    await page.close();
  });
});
