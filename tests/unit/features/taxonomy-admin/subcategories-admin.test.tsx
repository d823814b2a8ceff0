import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import type { Category, SubCategory, SubCategoryService } from '../../../../src/domain/taxonomy';
import SubCategoriesAdminPage from '../../../../src/features/taxonomy-admin/SubCategoriesAdminPage';
import SubCategoryAdminPage from '../../../../src/features/taxonomy-admin/SubCategoryAdminPage';
import { SUB_CATEGORIES_LAYOUT_KEY } from '../../../../src/features/taxonomy-admin/subCategoriesLayout';
import { canSaveSubCategory, subCategoryFieldError, subCategoryInputOf } from '../../../../src/features/taxonomy-admin/subCategoryForm';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { calls, json, stubApi } from '../../sync/fixtures';

const C1 = '11111111-1111-4111-8111-111111111111';
const C2 = '22222222-2222-4222-8222-222222222222';
const S1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
const S2 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2';
const S3 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3';
const NEW_ID = '33333333-3333-4333-8333-333333333333';

const category = (id: string, name: string): Category => ({
  id, name, shortDescription: `${name} in short`, description: `All about ${name}`, imageUri: null, version: 1,
});
const sub = (id: string, categoryId: string, name: string, extra: Partial<SubCategory> = {}): SubCategory => ({
  id, categoryId, name, shortDescription: `${name} short`, description: `${name} in full`, imageUri: null, version: 1, ...extra,
});
const service = (id: string, subCategoryId: string, name: string): SubCategoryService => ({
  id, subCategoryId, name, groupName: 'Extras', shortDescription: `${name} short`, version: 1,
});

const CATERING = category(C1, 'Catering');
const MUSIC = category(C2, 'Music');
const BUFFET = sub(S1, C1, 'Buffet');
const DINNER = sub(S2, C1, 'Dinner');
const DJ = sub(S3, C2, 'DJ');

let serverCategories: Category[];
let serverSubCategories: SubCategory[];
let serverServices: SubCategoryService[];

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.clear();
  session.user = makeUser({ id: 'admin-1', roles: ['Admin'] });
  snackbars.items = [];
  serverCategories = [CATERING, MUSIC];
  serverSubCategories = [BUFFET, DINNER, DJ];
  serverServices = [service('v1', S1, 'Dessert table')];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  session.user = null;
  snackbars.items = [];
});

type Routes = Parameters<typeof stubApi>[0];
const messages = () => snackbars.items.map((s) => [s.message, s.severity]);
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as unknown;
const headersOf = (call: unknown[]) => (call[1] as RequestInit).headers as Record<string, string>;
const names = () => screen.queryAllByTestId('subcategory-item').map((el) => within(el).getByRole('heading').textContent);
const item = (name: string) => screen.getAllByTestId('subcategory-item').find((el) => within(el).getByRole('heading').textContent === name)!;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const saveButton = (dialog: HTMLElement) => within(dialog).getByTestId('subcategory-save') as HTMLButtonElement;

const taxonomyRoutes = (): Routes => ({
  'GET /category': () => json(200, serverCategories),
  'GET /subcategory': () => json(200, serverSubCategories),
  'GET /categoryService': () => json(200, []),
  'GET /subCategoryService': () => json(200, serverServices),
});

async function openPage(routes: Routes = {}) {
  const fetchMock = stubApi({ ...taxonomyRoutes(), ...routes });
  renderAt(<SubCategoriesAdminPage />, '/admin/subcategories');
  await screen.findByTestId('subcategories-list');
  return fetchMock;
}

/** The dialog reads the stored categories itself: wait for its options before choosing one. */
async function openAddDialog() {
  fireEvent.click(screen.getByTestId('subcategory-add'));
  const dialog = await screen.findByRole('dialog', { name: 'Add Sub-category' });
  await within(dialog).findByRole('option', { name: 'Music' });
  return dialog;
}

describe('sub-category form rules', () => {
  const valid = { categoryId: C1, name: 'Brunch', shortDescription: '', description: '', imageUri: null };

  it("says each rule in the spec's words; the descriptions are optional within the server's limits", () => {
    expect(subCategoryFieldError({ ...valid, categoryId: '' }, 'categoryId')).toBe('Please select a category first');
    expect(subCategoryFieldError({ ...valid, name: ' ' }, 'name')).toBe('Name is required');
    expect(subCategoryFieldError({ ...valid, name: 'x'.repeat(101) }, 'name')).toBe('Name cannot exceed 100 characters');
    expect(subCategoryFieldError({ ...valid, name: 'x'.repeat(100) }, 'name')).toBeNull();
    expect(subCategoryFieldError(valid, 'shortDescription')).toBeNull();
    expect(subCategoryFieldError({ ...valid, shortDescription: 'x'.repeat(201) }, 'shortDescription'))
      .toBe('Short description cannot exceed 200 characters');
    expect(subCategoryFieldError({ ...valid, description: 'x'.repeat(4001) }, 'description'))
      .toBe('Description cannot exceed 4000 characters');
    expect(canSaveSubCategory(valid)).toBe(true);
    expect(canSaveSubCategory({ ...valid, categoryId: '' })).toBe(false);
  });

  it('sends the parent and trimmed texts', () => {
    expect(subCategoryInputOf({ ...valid, name: ' Brunch ', shortDescription: ' Late ' }))
      .toEqual({ categoryId: C1, name: 'Brunch', shortDescription: 'Late', description: '', imageUri: null });
  });
});

describe('SubCategoriesAdminPage', () => {
  it('shows every sub-category in a grid by default, by category order: name linking to its page, parent, short description', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Sub-categories' })).toBeTruthy();
    expect(screen.getByTestId('subcategories-list').dataset.layout).toBe('grid');
    expect(screen.getByTestId('subcategories-count').textContent).toBe('3 sub-categories');
    expect(names()).toEqual(['Buffet', 'Dinner', 'DJ']);
    const buffet = item('Buffet');
    expect(within(buffet).getByRole('link', { name: 'Buffet' }).getAttribute('href')).toBe(`/admin/subCategories/${S1}`);
    expect(within(buffet).getByTestId('subcategory-parent').textContent).toBe('In Catering');
    expect(within(buffet).getByRole('link', { name: 'Catering' }).getAttribute('href')).toBe(`/admin/categories/${C1}`);
    expect(within(buffet).getByTestId('subcategory-short').textContent).toBe('Buffet short');
    expect(within(buffet).getByRole('button', { name: 'Edit Buffet' })).toBeTruthy();
  });

  it('switches to the list and keeps the choice on the device', async () => {
    await openPage();
    fireEvent.click(screen.getByTestId('subcategories-layout-list'));
    expect(screen.getByTestId('subcategories-list').dataset.layout).toBe('list');
    expect(localStorage.getItem(SUB_CATEGORIES_LAYOUT_KEY)).toBe('list');
    cleanup();
    await openPage();
    expect(screen.getByTestId('subcategories-list').dataset.layout).toBe('list');
    expect(screen.getByTestId('subcategories-layout-list').getAttribute('aria-pressed')).toBe('true');
  });

  it('filters by parent category and by text, and says when the text hides them all', async () => {
    await openPage();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: C2 } });
    expect(names()).toEqual(['DJ']);
    expect(screen.getByTestId('subcategories-count').textContent).toBe('1 of 3 sub-categories');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '' } });
    type(screen.getByLabelText('Filter sub-categories'), 'DINN');
    expect(names()).toEqual(['Dinner']);
    // The parent's name is searched too.
    type(screen.getByLabelText('Filter sub-categories'), 'music');
    expect(names()).toEqual(['DJ']);
    type(screen.getByLabelText('Filter sub-categories'), 'karaoke');
    expect(names()).toEqual([]);
    expect(screen.getByTestId('subcategories-no-match').textContent).toContain('No sub-categories match "karaoke"');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(names()).toEqual(['Buffet', 'Dinner', 'DJ']);
  });

  it("says 'No sub-categories found' when there are none", async () => {
    serverSubCategories = [];
    stubApi(taxonomyRoutes());
    renderAt(<SubCategoriesAdminPage />, '/admin/subcategories');
    expect((await screen.findByTestId('subcategories-empty')).textContent).toContain('No sub-categories found');
  });

  it("says 'Failed to fetch sub-categories' with Try Again, which loads again", async () => {
    let fail = true;
    stubApi({ ...taxonomyRoutes(), 'GET /subcategory': () => (fail ? json(500, { message: 'boom' }) : json(200, serverSubCategories)) });
    renderAt(<SubCategoriesAdminPage />, '/admin/subcategories');
    await screen.findByText('Failed to fetch sub-categories');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByTestId('subcategories-list');
  });

  it("asks for the category first: the other fields are off and the form says 'Please select a category first'", async () => {
    await openPage();
    const dialog = await openAddDialog();
    const select = within(dialog).getByLabelText(/^Category/) as HTMLSelectElement;
    expect(document.activeElement).toBe(select);
    expect(within(dialog).getByTestId('subcategory-parent-first').textContent).toBe('Please select a category first');
    expect(select.getAttribute('aria-describedby')).toBe(within(dialog).getByTestId('subcategory-parent-first').id);
    const off = (el: HTMLElement) => (el as HTMLInputElement).disabled;
    const name = within(dialog).getByLabelText(/^Name/);
    expect(off(name)).toBe(true);
    expect(off(within(dialog).getByLabelText(/^Short Description/))).toBe(true);
    expect(off(within(dialog).getByLabelText(/^Description/))).toBe(true);
    expect(off(within(dialog).getByTestId('subcategory-image-input'))).toBe(true);
    expect(saveButton(dialog).disabled).toBe(true);

    fireEvent.change(select, { target: { value: C2 } });
    expect(within(dialog).queryByTestId('subcategory-parent-first')).toBeNull();
    expect(off(name)).toBe(false);
    expect(saveButton(dialog).disabled).toBe(true);
    fireEvent.blur(name);
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    type(name, 'x'.repeat(101));
    expect(within(dialog).getByText('Name cannot exceed 100 characters')).toBeTruthy();
    type(within(dialog).getByLabelText(/^Short Description/), 'y'.repeat(201));
    fireEvent.blur(within(dialog).getByLabelText(/^Short Description/));
    expect(within(dialog).getByText('Short description cannot exceed 200 characters')).toBeTruthy();
    type(within(dialog).getByLabelText(/^Short Description/), '');
    type(name, 'Karaoke');
    expect(saveButton(dialog).disabled).toBe(false);
  });

  it('starts a new one under the category chosen in the filter', async () => {
    await openPage();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: C2 } });
    const dialog = await openAddDialog();
    expect((within(dialog).getByLabelText(/^Category/) as HTMLSelectElement).value).toBe(C2);
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(false);
  });

  it('adds a sub-category: POST with the parent and trimmed texts, the grid pulls it, a snackbar says so', async () => {
    const created = sub(NEW_ID, C2, 'Karaoke', { shortDescription: 'Sing along', description: '' });
    const fetchMock = await openPage({
      'POST /subcategory': () => {
        serverSubCategories = [...serverSubCategories, created];
        return json(201, created);
      },
    });
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText(/^Category/), { target: { value: C2 } });
    type(within(dialog).getByLabelText(/^Name/), '  Karaoke ');
    type(within(dialog).getByLabelText(/^Short Description/), 'Sing along ');
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = calls(fetchMock, '/subcategory').filter((c) => (c[1] as RequestInit).method === 'POST');
    expect(bodyOf(post!)).toEqual({ categoryId: C2, name: 'Karaoke', shortDescription: 'Sing along', description: '', imageUri: null });
    await waitFor(() => expect(names()).toContain('Karaoke'));
    expect(messages()).toContainEqual(['Sub-category Karaoke created', 'success']);
  });

  it("a refused create keeps the dialog open with 'Failed to create sub-category' and the server's reason on its field", async () => {
    await openPage({
      'POST /subcategory': () => json(400, { message: 'Validation failed', errors: [{ field: 'categoryId', message: 'The category does not exist' }] }),
    });
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText(/^Category/), { target: { value: C1 } });
    type(within(dialog).getByLabelText(/^Name/), 'Brunch');
    fireEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText('Failed to create sub-category: Validation failed')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Sub-category' })).toBeTruthy();
  });

  it("edits with If-Match, and a stale save keeps the dialog open with 'Failed to update sub-category' and the reason", async () => {
    let refuse = true;
    const fetchMock = await openPage({
      [`PUT /subcategory/${S3}`]: (init) => {
        if (refuse) return json(412, { message: 'The sub-category was changed by someone else. Reload it and try again.' });
        const body = JSON.parse(String(init.body)) as SubCategory;
        serverSubCategories = [BUFFET, DINNER, { ...DJ, ...body, version: 2 }];
        return json(200, serverSubCategories[2]);
      },
    });
    fireEvent.click(within(item('DJ')).getByRole('button', { name: 'Edit DJ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sub-category' });
    await within(dialog).findByRole('option', { name: 'Catering' });
    const name = within(dialog).getByLabelText(/^Name/) as HTMLInputElement;
    expect(name.value).toBe('DJ');
    expect(document.activeElement).toBe(name);
    type(name, 'DJ and lights');
    fireEvent.change(within(dialog).getByLabelText(/^Category/), { target: { value: C1 } });
    fireEvent.click(saveButton(dialog));
    expect((await within(dialog).findByRole('alert')).textContent)
      .toBe('Failed to update sub-category: The sub-category was changed by someone else. Reload it and try again.');
    refuse = false;
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = calls(fetchMock, `/subcategory/${S3}`);
    expect(headersOf(puts[1]!)['If-Match']).toBe('"1"');
    expect(bodyOf(puts[1]!)).toEqual({
      categoryId: C1, name: 'DJ and lights', shortDescription: 'DJ short', description: 'DJ in full', imageUri: null,
    });
    await waitFor(() => expect(within(item('DJ and lights')).getByTestId('subcategory-parent').textContent).toBe('In Catering'));
    expect(messages()).toContainEqual(['Sub-category DJ and lights saved', 'success']);
  });

  it('says at the category, and stays open, when a move is refused because listings use the sub-category (409)', async () => {
    const fetchMock = await openPage({
      [`PUT /subcategory/${S3}`]: () => json(409, { message: 'This sub-category is used by 4 listings. Move or delete them first.' }),
    });
    fireEvent.click(within(item('DJ')).getByRole('button', { name: 'Edit DJ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sub-category' });
    await within(dialog).findByRole('option', { name: 'Catering' });
    const select = within(dialog).getByLabelText(/^Category/) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: C1 } });
    fireEvent.click(saveButton(dialog));
    const failure = await within(dialog).findByTestId('subcategory-parent-failure');
    expect(failure.textContent).toBe('Failed to update sub-category: This sub-category is used by 4 listings. Move or delete them first.');
    expect(within(failure).getByRole('alert')).toBeTruthy();
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe(failure.id);
    expect(screen.getByRole('dialog', { name: 'Edit Sub-category' })).toBeTruthy();
    expect(bodyOf(calls(fetchMock, `/subcategory/${S3}`)[0]!)).toMatchObject({ categoryId: C1 });
    fireEvent.change(select, { target: { value: C2 } });
    expect(within(dialog).queryByTestId('subcategory-parent-failure')).toBeNull();
  });

  it('shows in the dialog why a delete was refused (listings use the sub-category), then deletes after confirming', async () => {
    let inUse = true;
    const fetchMock = await openPage({
      [`DELETE /subcategory/${S1}`]: () => {
        if (inUse) return json(409, { message: 'This sub-category is used by 1 listing. Move or delete them first.' });
        serverSubCategories = [DINNER, DJ];
        return new Response(null, { status: 204 });
      },
    });
    fireEvent.click(within(item('Buffet')).getByRole('button', { name: 'Delete Buffet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sub-category' });
    expect(dialog.textContent).toContain('Delete the sub-category Buffet?');
    fireEvent.click(within(dialog).getByTestId('subcategory-delete-confirm'));
    expect((await within(dialog).findByTestId('subcategory-delete-failure')).textContent)
      .toBe('Failed to delete sub-category: This sub-category is used by 1 listing. Move or delete it first.');
    inUse = false;
    fireEvent.click(within(dialog).getByTestId('subcategory-delete-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(names()).toEqual(['Dinner', 'DJ']));
    expect(calls(fetchMock, `/subcategory/${S1}`).map((c) => (c[1] as RequestInit).method)).toEqual(['DELETE', 'DELETE']);
    expect(messages()).toContainEqual(['Sub-category Buffet deleted', 'success']);
  });

  it("says 'Failed to delete sub-category' when the server fails without a reason", async () => {
    await openPage({ [`DELETE /subcategory/${S2}`]: () => json(500, {}) });
    fireEvent.click(within(item('Dinner')).getByRole('button', { name: 'Delete Dinner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sub-category' });
    fireEvent.click(within(dialog).getByTestId('subcategory-delete-confirm'));
    expect((await within(dialog).findByTestId('subcategory-delete-failure')).textContent).toMatch(/^Failed to delete sub-category/);
  });

  it('turns the writes off offline and says why', async () => {
    await openPage();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent(window, new Event('offline'));
    await screen.findByText('You are offline. Sub-categories can be changed when you are back online.');
    expect((screen.getByTestId('subcategory-add') as HTMLButtonElement).disabled).toBe(true);
    expect((within(item('DJ')).getByRole('button', { name: 'Edit DJ' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(item('DJ')).getByRole('button', { name: 'Delete DJ' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('SubCategoryAdminPage', () => {
  function openSubCategory(id: string, routes: Routes = {}) {
    stubApi({ ...taxonomyRoutes(), ...routes });
    return renderAt(<Route path="/admin/subCategories/:id"><SubCategoryAdminPage /></Route>, `/admin/subCategories/${id}`);
  }

  it('shows the sub-category, its parent (a link) and its services, with the way back in the breadcrumb', async () => {
    openSubCategory(S1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Buffet' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/admin', '/admin/subcategories']);
    expect(screen.getByTestId('subcategory-short').textContent).toBe('Buffet short');
    expect(screen.getByTestId('subcategory-description').textContent).toBe('Buffet in full');
    await waitFor(() => expect(within(screen.getByTestId('subcategory-category')).getByRole('link', { name: 'Catering' })
      .getAttribute('href')).toBe(`/admin/categories/${C1}`));
    const services = await screen.findAllByTestId('subcategory-service');
    expect(services.map((s) => s.textContent)).toEqual(['Dessert tableExtrasDessert table short']);
    expect(screen.getByRole('link', { name: 'Manage sub-category services' }).getAttribute('href')).toBe('/admin/subcategory-services');
  });

  it('edits from its page', async () => {
    openSubCategory(S2);
    await screen.findByRole('heading', { level: 1, name: 'Dinner' });
    expect(screen.getByTestId('subcategory-services-empty').textContent).toBe('No SubCategory Services found');
    fireEvent.click(screen.getByTestId('subcategory-edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sub-category' });
    await waitFor(() => expect((within(dialog).getByLabelText(/^Category/) as HTMLSelectElement).value).toBe(C1));
  });

  it('goes back to the list after a delete', async () => {
    const { location } = openSubCategory(S2, {
      [`DELETE /subcategory/${S2}`]: () => {
        serverSubCategories = [BUFFET, DJ];
        return new Response(null, { status: 204 });
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Dinner' });
    fireEvent.click(screen.getByTestId('subcategory-delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sub-category' });
    fireEvent.click(within(dialog).getByTestId('subcategory-delete-confirm'));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/subcategories'));
  });

  it("leaves for the list once the server deleted it, without waiting for the stored taxonomy (no 'Sub-category not found')", async () => {
    let holdPull = false;
    let release: () => void = () => {};
    const { location } = openSubCategory(S2, {
      'GET /subcategory': () => (holdPull
        ? new Promise<Response>((resolve) => { release = () => resolve(json(200, serverSubCategories)); })
        : json(200, serverSubCategories)),
      [`DELETE /subcategory/${S2}`]: () => {
        serverSubCategories = [BUFFET, DJ];
        return new Response(null, { status: 204 });
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Dinner' });
    holdPull = true;
    fireEvent.click(screen.getByTestId('subcategory-delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sub-category' });
    fireEvent.click(within(dialog).getByTestId('subcategory-delete-confirm'));
    // The pull after the delete has not answered yet: the page left anyway.
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/subcategories'));
    expect(screen.queryByTestId('subcategory-missing')).toBeNull();
    release();
    await waitFor(async () => expect(await db.subCategories.get(S2)).toBeUndefined());
  });

  it("says 'Sub-category not found' for an unknown id", async () => {
    openSubCategory('99999999-9999-4999-8999-999999999999');
    expect((await screen.findByTestId('subcategory-missing')).textContent).toContain('Sub-category not found');
  });
});
