import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CategorySearchResult } from '../../src/domain/listings';
import type { Category } from '../../src/domain/taxonomy';
import { seriousViolations } from './axe';
import { useServerAndBrowser } from './harness';
import { loginAs } from './session';

const SHOTS = '.tmp/shots';
const NAME = 'Kategori E2E';
const snackbar = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** A wide picture with a block in its middle, so a square crop really cuts it. */
const picture = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .composite([{ input: { create: { width: 400, height: 400, channels: 3, background: { r: 230, g: 180, b: 40 } } }, left: 400, top: 200 }])
    .png().toBuffer();

async function serverCategory(url: string, name: string): Promise<Category | undefined> {
  const all = (await (await fetch(`${url}/api/category`)).json()) as Category[];
  return all.find((c) => c.name === name);
}

const item = (page: Page, name: string): Locator =>
  page.getByTestId('category-item').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('categories admin in Chromium against the real server', () => {
  const env = useServerAndBrowser();

  it('the admin adds a category with a square-cropped image, sees it, edits it, is told a used category cannot go, and deletes it', async () => {
    const base = env.server.url;
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, base, 'admin@example.com');
    await page.goto(`${base}/admin/categories`);
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await page.getByTestId('categories-list').waitFor();
    const seeded = await page.getByTestId('category-item').count();
    expect(seeded).toBeGreaterThan(0);

    // Add: Save stays off and the spec's messages show until the form is valid.
    await page.getByTestId('category-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    const name = dialog.getByTestId('category-name');
    await name.waitFor();
    expect(await dialog.getByTestId('category-save').isDisabled()).toBe(true);
    await name.fill('  ');
    await name.blur();
    await dialog.getByText('Name is required', { exact: true }).waitFor();
    await dialog.getByTestId('category-short-description').focus();
    await dialog.getByTestId('category-short-description').blur();
    await dialog.getByText('Short description is required', { exact: true }).waitFor();
    await dialog.getByTestId('category-description').focus();
    await dialog.getByTestId('category-description').blur();
    await dialog.getByText('Description is required', { exact: true }).waitFor();
    await name.fill(NAME);
    await dialog.getByTestId('category-short-description').fill('Alt til testen');
    await dialog.getByTestId('category-description').fill('En kategori laget av ende-til-ende-testen.');
    expect(await dialog.getByTestId('category-save').isDisabled()).toBe(false);

    // The image: chosen, cropped square in the shared cropper, uploaded as WebP.
    await page.getByTestId('category-image-input').setInputFiles({ name: 'venue.png', mimeType: 'image/png', buffer: await picture() });
    const crop = page.getByRole('dialog', { name: 'Crop Category image' });
    await crop.getByTestId('image-crop-save').click();
    await snackbar(page, 'Image uploaded successfully!');
    await dialog.getByTestId('category-image').locator('img').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByTestId('category-save').click();
    await snackbar(page, `Category ${NAME} created`);
    await dialog.waitFor({ state: 'detached' });

    const created = item(page, NAME);
    await created.locator('img').waitFor();
    const stored = await serverCategory(base, NAME);
    expect(stored?.shortDescription).toBe('Alt til testen');
    const file = await fetch(`${base}/api/files/${stored!.imageUri}`);
    expect(file.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(meta.height);

    // Edit: the dialog starts from the stored category.
    await created.getByRole('button', { name: `Edit ${NAME}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.getByTestId('category-name').waitFor();
    expect(await edit.getByTestId('category-name').inputValue()).toBe(NAME);
    await edit.getByTestId('category-short-description').fill('Endret kort tekst');
    await edit.getByTestId('category-save').click();
    await snackbar(page, `Category ${NAME} saved`);
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => created.getByTestId('category-short').textContent()).toBe('Endret kort tekst');

    // Its own page, reached from the card.
    await created.getByRole('link', { name: NAME }).click();
    await page.waitForURL(`${base}/admin/categories/${stored!.id}`);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await page.getByTestId('subcategories-empty').waitFor();
    await page.goBack();
    await page.getByTestId('categories-list').waitFor();

    // A category with listings cannot go: the dialog says why and stays open.
    const search = (await (await fetch(`${base}/api/listing/search/categories`)).json()) as CategorySearchResult;
    const used = search.categoryResults[0]!;
    await item(page, used.categoryName).getByRole('button', { name: `Delete ${used.categoryName}` }).click();
    const refuse = page.getByRole('dialog', { name: 'Delete Category' });
    await refuse.getByTestId('category-delete-confirm').click();
    await refuse.getByTestId('category-delete-failure').waitFor();
    expect(await refuse.getByTestId('category-delete-failure').textContent()).toMatch(
      /^Failed to delete category: This category is used by \d+ listings?\. Move or delete (them|it) first\.$/,
    );
    await refuse.getByTestId('category-delete-cancel').click();
    await refuse.waitFor({ state: 'detached' });

    // Phone and desktop, light and dark, English and Norwegian: no horizontal overflow.
    mkdirSync(SHOTS, { recursive: true });
    try {
      for (const lang of ['en', 'no'] as const) {
        for (const theme of ['light', 'dark'] as const) {
          await page.evaluate(([l, t]) => {
            localStorage.setItem('locale', l);
            localStorage.setItem('theme', t);
          }, [lang, theme] as const);
          for (const width of [1280, 390] as const) {
            await page.setViewportSize({ width, height: 900 });
            await page.reload();
            await page.waitForFunction((l) => document.documentElement.lang === l, lang);
            await item(page, NAME).locator('img').waitFor();
            // The shot shows the picture, not its placeholder.
            await page.waitForFunction(() => {
              const img = document.querySelector<HTMLImageElement>('[data-testid="category-item"] img');
              return !!img && img.complete && img.naturalWidth > 0;
            });
            await page.screenshot({ path: `${SHOTS}/admin-categories-${width}-${theme}-${lang}.png` });
            const layout = await page.evaluate(() => ({
              wide: document.scrollingElement!.scrollWidth - window.innerWidth,
              light: document.documentElement.classList.contains('light'),
            }));
            expect(layout.wide, `${width} ${theme} ${lang}: horizontal overflow`).toBeLessThanOrEqual(0);
            expect(layout.light).toBe(theme === 'light');
          }
        }
      }
    } finally {
      await page.evaluate(() => {
        localStorage.setItem('locale', 'en');
        localStorage.setItem('theme', 'dark');
      });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.reload();
    }

    // Delete asks first, then the category is gone from the grid and the server.
    await item(page, NAME).getByRole('button', { name: `Delete ${NAME}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Category' });
    expect(await confirm.textContent()).toContain(`Delete the category ${NAME}?`);
    await confirm.getByTestId('category-delete-confirm').click();
    await snackbar(page, `Category ${NAME} deleted`);
    await item(page, NAME).waitFor({ state: 'detached' });
    expect(await serverCategory(base, NAME)).toBeUndefined();
    expect(await page.getByTestId('category-item').count()).toBe(seeded);
    await page.close();
  });
});
