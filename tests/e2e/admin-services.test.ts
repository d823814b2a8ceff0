import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Listing, SearchResponse } from '../../src/domain/listings';
import type { Category, CategoryService, SubCategory, SubCategoryService } from '../../src/domain/taxonomy';
import { seriousViolations } from './axe';
import { useServerAndBrowser } from './harness';
import { loginAs } from './session';

const get = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T;
const snackbar = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const item = (page: Page, name: string): Locator =>
  page.getByTestId('service-item').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** A seeded category service some public listing offers. */
async function usedCategoryService(base: string): Promise<CategoryService> {
  const search = await (await fetch(`${base}/api/listing/search`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pageSize: 48 }),
  })).json() as SearchResponse;
  for (const card of search.listings) {
    const listing = await get<Listing>(`${base}/api/listing/${card.id}`);
    const [id] = listing.categoryServiceIds;
    if (id) return get<CategoryService>(`${base}/api/categoryService/${id}`);
  }
  throw new Error('no seeded listing offers a category service');
}

describe('services admin in Chromium against the real server', () => {
  const env = useServerAndBrowser();

  it('the admin adds, edits and deletes a category service, is told a used one cannot go, and does the same for a sub-category service', async () => {
    const base = env.server.url;
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, base, 'admin@example.com');
    const [category] = await get<Category[]>(`${base}/api/category`);
    const name = 'Tjeneste E2E';

    // Category services: the parent first, then the rest.
    await page.goto(`${base}/admin/category-services`);
    await page.getByRole('heading', { level: 1, name: 'Category Services' }).waitFor();
    await page.getByTestId('services-list').waitFor();
    await page.getByTestId('service-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add Category Service' });
    await dialog.getByTestId('service-parent-first').getByText('Please select a category first').waitFor();
    expect(await dialog.getByTestId('service-name').isDisabled()).toBe(true);
    // Keyboard: the dialog starts on the parent select.
    expect(await dialog.getByTestId('service-parent').evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByTestId('service-parent').selectOption(category!.id);
    await dialog.getByTestId('service-name').fill(name);
    await dialog.getByTestId('service-group').fill('E2E-gruppe');
    await dialog.getByTestId('service-short-description').fill('Laget av testen');
    expect(await seriousViolations(page)).toEqual([]);
    // Enter in a text field submits the form.
    await dialog.getByTestId('service-name').press('Enter');
    await snackbar(page, `Category service ${name} created`);
    await dialog.waitFor({ state: 'detached' });
    const created = item(page, name);
    expect(await created.getByRole('link', { name: category!.name }).getAttribute('href')).toBe(`/admin/categories/${category!.id}`);
    const stored = (await get<CategoryService[]>(`${base}/api/categoryService?categoryId=${category!.id}`)).find((s) => s.name === name);
    expect(stored).toMatchObject({ groupName: 'E2E-gruppe', shortDescription: 'Laget av testen' });

    await created.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category Service' });
    await edit.getByTestId('service-short-description').fill('Endret');
    await edit.getByTestId('service-save').click();
    await snackbar(page, `Category service ${name} saved`);
    await expect.poll(() => item(page, name).getByTestId('service-short').textContent()).toBe('Endret');

    // A service listings offer cannot go: the dialog says why and stays open.
    const used = await usedCategoryService(base);
    await page.getByTestId('services-filter-parent').selectOption(used.categoryId);
    await page.getByTestId('services-filter-text').fill(used.name);
    await item(page, used.name).first().getByRole('button', { name: `Delete ${used.name}` }).click();
    const refuse = page.getByRole('dialog', { name: 'Delete Category Service' });
    await refuse.getByTestId('service-delete-confirm').click();
    await refuse.getByTestId('service-delete-failure').waitFor();
    expect(await refuse.getByTestId('service-delete-failure').textContent())
      .toMatch(/^Failed to delete Category Service: This service is used by \d+ listings?\. Move or delete (them|it) first\.$/);
    await page.keyboard.press('Escape');
    await refuse.waitFor({ state: 'detached' });
    await page.getByTestId('services-filter-text').fill('');
    await page.getByTestId('services-filter-parent').selectOption('');

    // 390 px: no horizontal overflow, the dialog fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await item(page, name).waitFor();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await item(page, name).getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Category Service' });
    expect(await confirm.textContent()).toContain(`Delete the category service ${name}?`);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByTestId('service-delete-confirm').click();
    await snackbar(page, `Category service ${name} deleted`);
    await item(page, name).waitFor({ state: 'detached' });
    expect((await get<CategoryService[]>(`${base}/api/categoryService`)).some((s) => s.name === name)).toBe(false);

    // Sub-category services, at 390 px: sub-categories grouped by their category.
    const [subCategory] = await get<SubCategory[]>(`${base}/api/subcategory`);
    await page.goto(`${base}/admin/subcategory-services`);
    await page.getByRole('heading', { level: 1, name: 'SubCategory Services' }).waitFor();
    await page.getByTestId('services-list').waitFor();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByTestId('service-add').click();
    const subDialog = page.getByRole('dialog', { name: 'Add SubCategory Service' });
    await subDialog.getByText('Please select a subCategory first').waitFor();
    await subDialog.getByTestId('service-parent').selectOption(subCategory!.id);
    await subDialog.getByTestId('service-name').fill(name);
    await subDialog.getByTestId('service-save').click();
    await snackbar(page, `Sub-category service ${name} created`);
    const subItem = item(page, name);
    expect(await subItem.getByRole('link', { name: subCategory!.name }).getAttribute('href'))
      .toBe(`/admin/subCategories/${subCategory!.id}`);
    expect(await seriousViolations(page)).toEqual([]);

    await subItem.getByRole('button', { name: `Edit ${name}` }).click();
    const subEdit = page.getByRole('dialog', { name: 'Edit SubCategory Service' });
    await subEdit.getByTestId('service-group').fill('Ny gruppe');
    await subEdit.getByTestId('service-save').click();
    await snackbar(page, `Sub-category service ${name} saved`);
    await expect.poll(() => item(page, name).getByTestId('service-group-name').textContent()).toBe('Group: Ny gruppe');

    await item(page, name).getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete SubCategory Service' }).getByTestId('service-delete-confirm').click();
    await snackbar(page, `Sub-category service ${name} deleted`);
    await item(page, name).waitFor({ state: 'detached' });
    expect((await get<SubCategoryService[]>(`${base}/api/subCategoryService`)).some((s) => s.name === name)).toBe(false);
    await page.close();
  });
});
