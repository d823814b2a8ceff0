import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import type { Category, SubCategory } from '../../../../src/domain/taxonomy';
import { CATEGORIES_LAYOUT_KEY } from '../../../../src/features/taxonomy-admin/categoriesLayout';
import CategoriesAdminPage from '../../../../src/features/taxonomy-admin/CategoriesAdminPage';
import CategoryAdminPage from '../../../../src/features/taxonomy-admin/CategoryAdminPage';
import { canSaveCategory, categoryFieldError, categoryInputOf } from '../../../../src/features/taxonomy-admin/categoryForm';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { Route } from 'wouter';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { calls, json, stubApi } from '../../sync/fixtures';

const C1 = '11111111-1111-4111-8111-111111111111';
const C2 = '22222222-2222-4222-8222-222222222222';
const NEW_ID = '33333333-3333-4333-8333-333333333333';
const IMAGE_ID = '44444444-4444-4444-8444-444444444444';

const category = (id: string, name: string, extra: Partial<Category> = {}): Category => ({
  id, name, shortDescription: `${name} in short`, description: `All about ${name}`, imageUri: null, version: 1, ...extra,
});
const sub = (id: string, categoryId: string, name: string): SubCategory => ({
  id, categoryId, name, shortDescription: `${name} short`, description: '', imageUri: null, version: 1,
});

const CATERING = category(C1, 'Catering', { imageUri: IMAGE_ID });
const MUSIC = category(C2, 'Music');

/** The server's taxonomy, as the GETs answer it; writes in a test change it. */
let serverCategories: Category[];
let serverSubCategories: SubCategory[];

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.clear();
  session.user = makeUser({ id: 'admin-1', roles: ['Admin'] });
  snackbars.items = [];
  serverCategories = [CATERING, MUSIC];
  serverSubCategories = [sub('s1', C1, 'Buffet'), sub('s2', C1, 'Dinner'), sub('s3', C2, 'DJ')];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  session.user = null;
  snackbars.items = [];
});

const messages = () => snackbars.items.map((s) => [s.message, s.severity]);
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as unknown;
const headersOf = (call: unknown[]) => (call[1] as RequestInit).headers as Record<string, string>;
const item = (name: string) => screen.getAllByTestId('category-item').find((el) => within(el).getByRole('heading').textContent === name)!;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const saveButton = (dialog: HTMLElement) => within(dialog).getByTestId('category-save') as HTMLButtonElement;

function taxonomyRoutes(): Parameters<typeof stubApi>[0] {
  return {
    'GET /category': () => json(200, serverCategories),
    'GET /subcategory': () => json(200, serverSubCategories),
    'GET /categoryService': () => json(200, []),
    'GET /subCategoryService': () => json(200, []),
  };
}

async function openPage(routes: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ ...taxonomyRoutes(), ...routes });
  renderAt(<CategoriesAdminPage />, '/admin/categories');
  await screen.findByTestId('categories-count');
  return fetchMock;
}

async function openAddDialog() {
  fireEvent.click(screen.getByTestId('category-add'));
  return screen.findByRole('dialog', { name: 'Add Category' });
}

function fill(dialog: HTMLElement, values: { name?: string; short?: string; description?: string }) {
  if (values.name !== undefined) type(within(dialog).getByLabelText(/^Name/), values.name);
  if (values.short !== undefined) type(within(dialog).getByLabelText(/^Short Description/), values.short);
  if (values.description !== undefined) type(within(dialog).getByLabelText(/^Description/), values.description);
}

describe('category form rules', () => {
  const valid = { name: 'Venues', shortDescription: 'Places', description: 'Rooms and halls', imageUri: null };

  it("says each rule in the spec's words", () => {
    expect(categoryFieldError({ ...valid, name: '   ' }, 'name')).toBe('Name is required');
    expect(categoryFieldError({ ...valid, name: 'x'.repeat(101) }, 'name')).toBe('Name cannot exceed 100 characters');
    expect(categoryFieldError({ ...valid, name: 'x'.repeat(100) }, 'name')).toBeNull();
    expect(categoryFieldError({ ...valid, shortDescription: '' }, 'shortDescription')).toBe('Short description is required');
    expect(categoryFieldError({ ...valid, shortDescription: 'x'.repeat(201) }, 'shortDescription'))
      .toBe('Short description cannot exceed 200 characters');
    expect(categoryFieldError({ ...valid, description: ' ' }, 'description')).toBe('Description is required');
    expect(canSaveCategory(valid)).toBe(true);
    expect(canSaveCategory({ ...valid, description: '' })).toBe(false);
  });

  it('sends trimmed texts and the image id', () => {
    expect(categoryInputOf({ ...valid, name: ' Venues ', imageUri: IMAGE_ID }))
      .toEqual({ name: 'Venues', shortDescription: 'Places', description: 'Rooms and halls', imageUri: IMAGE_ID });
  });
});

describe('CategoriesAdminPage', () => {
  it('shows the categories in a grid by default: image, name linking to its page, short description, sub-category count', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeTruthy();
    expect(screen.getByTestId('categories-list').dataset.layout).toBe('grid');
    expect(screen.getByTestId('categories-layout-grid').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('categories-count').textContent).toBe('2 categories');
    const catering = item('Catering');
    expect(within(catering).getByRole('link', { name: 'Catering' }).getAttribute('href')).toBe(`/admin/categories/${C1}`);
    expect(within(catering).getByTestId('category-short').textContent).toBe('Catering in short');
    await waitFor(() => expect(within(catering).getByTestId('category-subcount').textContent).toBe('2 sub-categories'));
    expect(within(item('Music')).getByTestId('category-subcount').textContent).toBe('1 sub-category');
    expect(catering.querySelector('img')?.getAttribute('src')).toContain(`/files/${IMAGE_ID}`);
  });

  it('switches to the list and the table, and keeps the choice on the device', async () => {
    await openPage();
    fireEvent.click(screen.getByTestId('categories-layout-list'));
    expect(screen.getByTestId('categories-list').dataset.layout).toBe('list');
    expect(localStorage.getItem(CATEGORIES_LAYOUT_KEY)).toBe('list');
    fireEvent.click(screen.getByTestId('categories-layout-table'));
    const table = screen.getByTestId('categories-table');
    expect(within(table).getAllByTestId('category-row').map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Catering', 'Music']);
    expect(within(table).getByRole('columnheader', { name: 'Sub-categories' })).toBeTruthy();
    cleanup();
    await openPage();
    expect(screen.getByTestId('categories-table')).toBeTruthy();
    expect(screen.getByTestId('categories-layout-table').getAttribute('aria-pressed')).toBe('true');
  });

  it('sorts the table by name and by sub-category count, saying the order on the column header', async () => {
    serverCategories = [CATERING, MUSIC, category('55555555-5555-4555-8555-555555555555', 'Art')];
    await openPage();
    fireEvent.click(screen.getByTestId('categories-layout-table'));
    const table = screen.getByTestId('categories-table');
    const rows = () => within(table).getAllByTestId('category-row').map((r) => within(r).getByRole('rowheader').textContent);
    const header = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(rows()).toEqual(['Catering', 'Music', 'Art']);
    expect(header('Name').getAttribute('aria-sort')).toBe('none');

    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(rows()).toEqual(['Art', 'Catering', 'Music']);
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(rows()).toEqual(['Music', 'Catering', 'Art']);
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');

    await waitFor(() => expect(within(table).getAllByTestId('category-row')[1]!.textContent).toContain('2'));
    fireEvent.click(within(header('Sub-categories')).getByRole('button'));
    expect(rows()).toEqual(['Art', 'Music', 'Catering']);
    expect(header('Sub-categories').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header('Sub-categories')).getByRole('button'));
    expect(rows()).toEqual(['Catering', 'Music', 'Art']);
  });

  it('filters the grid, the list and the table alike, and says when nothing matches', async () => {
    await openPage();
    const filter = screen.getByLabelText('Filter categories');
    type(filter, 'cater');
    expect(screen.getAllByTestId('category-item').map((el) => within(el).getByRole('heading').textContent)).toEqual(['Catering']);
    expect(screen.getByTestId('categories-count').textContent).toBe('1 of 2 categories');
    fireEvent.click(screen.getByTestId('categories-layout-list'));
    expect(screen.getAllByTestId('category-item')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('categories-layout-table'));
    expect(within(screen.getByTestId('categories-table')).getAllByTestId('category-row')).toHaveLength(1);
    // The descriptions count too, whatever the case and accents.
    type(filter, 'ALL ABOUT músic');
    expect(within(screen.getByTestId('categories-table')).getByRole('rowheader').textContent).toBe('Music');
    type(filter, 'venues');
    expect(screen.queryByTestId('categories-table')).toBeNull();
    expect(screen.getByTestId('categories-no-match').textContent).toContain('No categories match "venues"');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(within(screen.getByTestId('categories-table')).getAllByTestId('category-row')).toHaveLength(2);
  });

  it("says 'No categories found' when there are none", async () => {
    serverCategories = [];
    serverSubCategories = [];
    stubApi(taxonomyRoutes());
    renderAt(<CategoriesAdminPage />, '/admin/categories');
    expect((await screen.findByTestId('categories-empty')).textContent).toContain('No categories found');
  });

  it("says 'Failed to fetch categories' with Try Again, which loads again", async () => {
    let fail = true;
    stubApi({ ...taxonomyRoutes(), 'GET /category': () => (fail ? json(500, { message: 'boom' }) : json(200, serverCategories)) });
    renderAt(<CategoriesAdminPage />, '/admin/categories');
    await screen.findByText('Failed to fetch categories');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByTestId('categories-list');
  });

  it('keeps Save off until the form is valid and shows the messages of the fields left', async () => {
    await openPage();
    const dialog = await openAddDialog();
    expect(saveButton(dialog).disabled).toBe(true);
    fireEvent.blur(within(dialog).getByLabelText(/^Name/));
    fireEvent.blur(within(dialog).getByLabelText(/^Short Description/));
    fireEvent.blur(within(dialog).getByLabelText(/^Description/));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Short description is required')).toBeTruthy();
    expect(within(dialog).getByText('Description is required')).toBeTruthy();
    fill(dialog, { name: 'x'.repeat(101), short: 'y'.repeat(201), description: 'ok' });
    expect(within(dialog).getByText('Name cannot exceed 100 characters')).toBeTruthy();
    expect(within(dialog).getByText('Short description cannot exceed 200 characters')).toBeTruthy();
    expect(saveButton(dialog).disabled).toBe(true);
    fill(dialog, { name: 'Venues', short: 'Places' });
    expect(saveButton(dialog).disabled).toBe(false);
  });

  it('adds a category: POST with the trimmed fields, the grid pulls the new one, a snackbar says so', async () => {
    const created = category(NEW_ID, 'Venues', { shortDescription: 'Places', description: 'Rooms' });
    const fetchMock = await openPage({
      'POST /category': () => {
        serverCategories = [...serverCategories, created];
        return json(201, created);
      },
    });
    const dialog = await openAddDialog();
    fill(dialog, { name: '  Venues ', short: 'Places', description: 'Rooms' });
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = calls(fetchMock, '/category').filter((c) => (c[1] as RequestInit).method === 'POST');
    expect(bodyOf(post!)).toEqual({ name: 'Venues', shortDescription: 'Places', description: 'Rooms', imageUri: null });
    expect(item('Venues')).toBeTruthy();
    expect(messages()).toContainEqual(['Category Venues created', 'success']);
  });

  it("edits with If-Match, and a refused save keeps the dialog open with 'Failed to update category' and the reason", async () => {
    let refuse = true;
    const fetchMock = await openPage({
      [`PUT /category/${C2}`]: (init) => {
        if (refuse) return json(412, { message: 'The category was changed by someone else. Reload it and try again.' });
        const body = JSON.parse(String(init.body)) as Category;
        serverCategories = [CATERING, { ...MUSIC, ...body, version: 2 }];
        return json(200, serverCategories[1]);
      },
    });
    fireEvent.click(within(item('Music')).getByRole('button', { name: 'Edit Music' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Music');
    fill(dialog, { name: 'Music and bands' });
    fireEvent.click(saveButton(dialog));
    expect((await within(dialog).findByRole('alert')).textContent)
      .toBe('Failed to update category: The category was changed by someone else. Reload it and try again.');
    refuse = false;
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = calls(fetchMock, `/category/${C2}`);
    expect(headersOf(puts[1]!)['If-Match']).toBe('"1"');
    await waitFor(() => expect(item('Music and bands')).toBeTruthy());
    expect(messages()).toContainEqual(['Category Music and bands saved', 'success']);
  });

  it("shows in the dialog why a delete was refused (listings use the category), then deletes after confirming", async () => {
    let inUse = true;
    await openPage({
      [`DELETE /category/${C1}`]: () => {
        if (inUse) return json(409, { message: 'This category is used by 3 listings. Move or delete them first.' });
        serverCategories = [MUSIC];
        serverSubCategories = serverSubCategories.filter((s) => s.categoryId !== C1);
        return new Response(null, { status: 204 });
      },
    });
    fireEvent.click(within(item('Catering')).getByRole('button', { name: 'Delete Catering' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Category' });
    expect(dialog.textContent).toContain('Delete the category Catering?');
    fireEvent.click(within(dialog).getByTestId('category-delete-confirm'));
    expect((await within(dialog).findByTestId('category-delete-failure')).textContent)
      .toBe('Failed to delete category: This category is used by 3 listings. Move or delete them first.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    inUse = false;
    fireEvent.click(within(dialog).getByTestId('category-delete-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('category-item')).toHaveLength(1));
    expect(messages()).toContainEqual(['Category Catering deleted', 'success']);
  });

  it('turns the writes off offline and says why', async () => {
    await openPage();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent(window, new Event('offline'));
    await screen.findByText('You are offline. Categories can be changed when you are back online.');
    expect((screen.getByTestId('category-add') as HTMLButtonElement).disabled).toBe(true);
    expect((within(item('Music')).getByRole('button', { name: 'Edit Music' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(item('Music')).getByRole('button', { name: 'Delete Music' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('CategoryAdminPage', () => {
  function openCategory(id: string) {
    stubApi(taxonomyRoutes());
    return renderAt(<Route path="/admin/categories/:id"><CategoryAdminPage /></Route>, `/admin/categories/${id}`);
  }

  it('shows the category and its sub-categories, each linking to its own page', async () => {
    openCategory(C1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Catering' })).toBeTruthy();
    expect(screen.getByTestId('category-description').textContent).toBe('All about Catering');
    const cards = await screen.findAllByTestId('subcategory-card');
    expect(cards.map((c) => [c.tagName, c.getAttribute('href'), c.textContent])).toEqual([
      ['A', '/admin/subCategories/s1', 'BBuffetBuffet short'],
      ['A', '/admin/subCategories/s2', 'DDinnerDinner short'],
    ]);
    fireEvent.click(screen.getByTestId('category-edit'));
    expect(await screen.findByRole('dialog', { name: 'Edit Category' })).toBeTruthy();
  });

  it("leaves for the list once the server deleted it, without waiting for the stored taxonomy (no 'Category not found')", async () => {
    let holdPull = false;
    let release: () => void = () => {};
    stubApi({
      ...taxonomyRoutes(),
      'GET /category': () => (holdPull
        ? new Promise<Response>((resolve) => { release = () => resolve(json(200, serverCategories)); })
        : json(200, serverCategories)),
      [`DELETE /category/${C2}`]: () => {
        serverCategories = serverCategories.filter((c) => c.id !== C2);
        return new Response(null, { status: 204 });
      },
    });
    const { location } = renderAt(<Route path="/admin/categories/:id"><CategoryAdminPage /></Route>, `/admin/categories/${C2}`);
    await screen.findByRole('heading', { level: 1, name: 'Music' });
    holdPull = true;
    fireEvent.click(screen.getByTestId('category-delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Category' });
    fireEvent.click(within(dialog).getByTestId('category-delete-confirm'));
    // The pull after the delete has not answered yet: the page left anyway.
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/categories'));
    expect(screen.queryByTestId('category-missing')).toBeNull();
    release();
    await waitFor(async () => expect(await db.categories.get(C2)).toBeUndefined());
  });

  it("says 'Category not found' for an unknown id", async () => {
    openCategory('99999999-9999-4999-8999-999999999999');
    expect((await screen.findByTestId('category-missing')).textContent).toContain('Category not found');
  });
});
