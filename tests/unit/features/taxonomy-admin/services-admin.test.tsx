import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import type { Category, CategoryService, SubCategory, SubCategoryService } from '../../../../src/domain/taxonomy';
import CategoryServicesAdminPage from '../../../../src/features/taxonomy-admin/CategoryServicesAdminPage';
import { canSaveService, emptyServiceForm, serviceFieldError } from '../../../../src/features/taxonomy-admin/serviceForm';
import { SERVICES_LAYOUT_KEY } from '../../../../src/features/taxonomy-admin/serviceKind';
import SubCategoryServicesAdminPage from '../../../../src/features/taxonomy-admin/SubCategoryServicesAdminPage';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { calls, json, stubApi } from '../../sync/fixtures';

const C1 = '11111111-1111-4111-8111-111111111111';
const C2 = '22222222-2222-4222-8222-222222222222';
const S1 = '33333333-3333-4333-8333-333333333333';
const S2 = '44444444-4444-4444-8444-444444444444';
const NEW_ID = '55555555-5555-4555-8555-555555555555';

const category = (id: string, name: string): Category => ({ id, name, shortDescription: '', description: '', imageUri: null, version: 1 });
const sub = (id: string, categoryId: string, name: string): SubCategory => ({
  id, categoryId, name, shortDescription: '', description: '', imageUri: null, version: 1,
});
const catService = (id: string, categoryId: string, name: string, extra: Partial<CategoryService> = {}): CategoryService => ({
  id, categoryId, name, groupName: '', shortDescription: '', version: 1, ...extra,
});
const subService = (id: string, subCategoryId: string, name: string, extra: Partial<SubCategoryService> = {}): SubCategoryService => ({
  id, subCategoryId, name, groupName: '', shortDescription: '', version: 1, ...extra,
});

/** The server's taxonomy, as the GETs answer it; writes in a test change it. */
let serverCategoryServices: CategoryService[];
let serverSubCategoryServices: SubCategoryService[];

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.clear();
  session.user = makeUser({ id: 'admin-1', roles: ['Admin'] });
  snackbars.items = [];
  serverCategoryServices = [
    catService('cs1', C1, 'Delivery', { groupName: 'Logistics', shortDescription: 'To your door' }),
    catService('cs2', C1, 'Tasting', { groupName: 'Planning' }),
    catService('cs3', C2, 'Sound check'),
  ];
  serverSubCategoryServices = [
    subService('ss1', S1, 'Chafing dishes', { groupName: 'Equipment' }),
    subService('ss2', S2, 'Vinyl set'),
  ];
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
const names = () => screen.queryAllByTestId('service-item').map((el) => within(el).getByRole('heading').textContent);
const item = (name: string) => screen.getAllByTestId('service-item').find((el) => within(el).getByRole('heading').textContent === name)!;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const saveButton = (dialog: HTMLElement) => within(dialog).getByTestId('service-save') as HTMLButtonElement;
const field = (dialog: HTMLElement, testId: string) => within(dialog).getByTestId(testId) as HTMLInputElement;

function taxonomyRoutes(): Parameters<typeof stubApi>[0] {
  return {
    'GET /category': () => json(200, [category(C1, 'Catering'), category(C2, 'Music')]),
    'GET /subcategory': () => json(200, [sub(S1, C1, 'Buffet'), sub(S2, C2, 'DJ')]),
    'GET /categoryService': () => json(200, serverCategoryServices),
    'GET /subCategoryService': () => json(200, serverSubCategoryServices),
  };
}

async function openCategoryServices(routes: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ ...taxonomyRoutes(), ...routes });
  renderAt(<CategoryServicesAdminPage />, '/admin/category-services');
  await screen.findByTestId('services-count');
  return fetchMock;
}

async function openSubCategoryServices(routes: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ ...taxonomyRoutes(), ...routes });
  renderAt(<SubCategoryServicesAdminPage />, '/admin/subcategory-services');
  await screen.findByTestId('services-count');
  return fetchMock;
}

describe('service form rules', () => {
  it('asks for the parent first, then a name of at most 100; the rest is optional within its limit', () => {
    const empty = emptyServiceForm();
    expect(serviceFieldError('category', empty, 'parentId')).toBe('Please select a category first');
    expect(serviceFieldError('subCategory', empty, 'parentId')).toBe('Please select a subCategory first');
    const valid = { ...empty, parentId: C1, name: 'Delivery' };
    expect(canSaveService('category', valid)).toBe(true);
    expect(serviceFieldError('category', { ...valid, name: ' ' }, 'name')).toBe('Name is required');
    expect(serviceFieldError('category', { ...valid, name: 'x'.repeat(101) }, 'name')).toBe('Name cannot exceed 100 characters');
    expect(serviceFieldError('category', { ...valid, groupName: 'g'.repeat(101) }, 'groupName')).toBe('Group name cannot exceed 100 characters');
    expect(serviceFieldError('category', { ...valid, shortDescription: 's'.repeat(201) }, 'shortDescription'))
      .toBe('Short description cannot exceed 200 characters');
    expect(canSaveService('category', { ...valid, parentId: '' })).toBe(false);
  });
});

describe('CategoryServicesAdminPage', () => {
  it('shows the services in a grid by default, in groups by group name, each with its category linking to its page', async () => {
    await openCategoryServices();
    expect(screen.getByRole('heading', { level: 1, name: 'Category Services' })).toBeTruthy();
    expect(screen.getByTestId('services-list').dataset.layout).toBe('grid');
    expect(screen.getByTestId('services-count').textContent).toBe('3 category services');
    expect(screen.getAllByTestId('services-group').map((g) => within(g).getByRole('heading', { level: 2 }).textContent))
      .toEqual(['Logistics', 'Planning', 'No group']);
    const delivery = item('Delivery');
    expect(within(delivery).getByTestId('service-group-name').textContent).toBe('Group: Logistics');
    expect(within(delivery).getByTestId('service-short').textContent).toBe('To your door');
    expect(within(delivery).getByRole('link', { name: 'Catering' }).getAttribute('href')).toBe(`/admin/categories/${C1}`);
  });

  it('switches to the list and keeps the choice on the device', async () => {
    await openCategoryServices();
    fireEvent.click(screen.getByTestId('services-layout-list'));
    expect(screen.getByTestId('services-list').dataset.layout).toBe('list');
    expect(localStorage.getItem(SERVICES_LAYOUT_KEY.category)).toBe('list');
    cleanup();
    await openCategoryServices();
    expect(screen.getByTestId('services-layout-list').getAttribute('aria-pressed')).toBe('true');
  });

  it('filters by category and by text; none left says the empty text with Clear filters', async () => {
    await openCategoryServices();
    type(screen.getByLabelText('Filter by category'), C2);
    expect(names()).toEqual(['Sound check']);
    type(screen.getByLabelText('Filter by category'), '');
    type(screen.getByLabelText('Search'), 'door');
    expect(names()).toEqual(['Delivery']);
    type(screen.getByLabelText('Search'), 'nothing like it');
    expect(screen.getByTestId('services-empty').textContent).toContain('No Category Services found');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(names()).toHaveLength(3);
  });

  it("says 'No Category Services found' when there are none", async () => {
    serverCategoryServices = [];
    stubApi(taxonomyRoutes());
    renderAt(<CategoryServicesAdminPage />, '/admin/category-services');
    expect((await screen.findByTestId('services-empty')).textContent).toContain('No Category Services found');
  });

  it("says 'Failed to fetch Category Services' with Try Again, which loads again", async () => {
    let fail = true;
    stubApi({ ...taxonomyRoutes(), 'GET /categoryService': () => (fail ? json(500, { message: 'boom' }) : json(200, serverCategoryServices)) });
    renderAt(<CategoryServicesAdminPage />, '/admin/category-services');
    expect((await screen.findByTestId('services-error')).textContent).toContain('Failed to fetch Category Services');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByTestId('services-list');
  });

  it('keeps the fields disabled until a category is chosen, then checks the name', async () => {
    await openCategoryServices();
    fireEvent.click(screen.getByTestId('service-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Category Service' });
    expect(within(dialog).getByTestId('service-parent-first').textContent).toBe('Please select a category first');
    for (const id of ['service-name', 'service-group', 'service-short-description']) expect(field(dialog, id).disabled).toBe(true);
    expect(saveButton(dialog).disabled).toBe(true);
    type(field(dialog, 'service-parent'), C1);
    expect(within(dialog).queryByTestId('service-parent-first')).toBeNull();
    expect(field(dialog, 'service-name').disabled).toBe(false);
    fireEvent.blur(field(dialog, 'service-name'));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    type(field(dialog, 'service-name'), 'x'.repeat(101));
    expect(within(dialog).getByText('Name cannot exceed 100 characters')).toBeTruthy();
    expect(saveButton(dialog).disabled).toBe(true);
    type(field(dialog, 'service-name'), 'Catering staff');
    expect(saveButton(dialog).disabled).toBe(false);
  });

  it('adds a service: POST with the category and the trimmed fields, the page pulls it, a snackbar says so', async () => {
    const created = catService(NEW_ID, C2, 'Stage hire', { groupName: 'Equipment' });
    const fetchMock = await openCategoryServices({
      'POST /categoryService': () => {
        serverCategoryServices = [...serverCategoryServices, created];
        return json(201, created);
      },
    });
    // The parent filter is the dialog's starting category.
    type(screen.getByLabelText('Filter by category'), C2);
    fireEvent.click(screen.getByTestId('service-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Category Service' });
    expect(field(dialog, 'service-parent').value).toBe(C2);
    type(field(dialog, 'service-name'), '  Stage hire ');
    type(field(dialog, 'service-group'), ' Equipment');
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = calls(fetchMock, '/categoryService').filter((c) => (c[1] as RequestInit).method === 'POST');
    expect(bodyOf(post!)).toEqual({ categoryId: C2, name: 'Stage hire', groupName: 'Equipment', shortDescription: '' });
    await waitFor(() => expect(names()).toContain('Stage hire'));
    expect(messages()).toContainEqual(['Category service Stage hire created', 'success']);
  });

  it("edits with If-Match; a refused save keeps the dialog open with 'Failed to update Category Service' and the reason", async () => {
    let refuse = true;
    const fetchMock = await openCategoryServices({
      'PUT /categoryService/cs2': (init) => {
        if (refuse) return json(412, { message: 'The category service was changed by someone else. Reload it and try again.' });
        const body = JSON.parse(String(init.body)) as CategoryService;
        serverCategoryServices = serverCategoryServices.map((s) => (s.id === 'cs2' ? { ...s, ...body, version: 2 } : s));
        return json(200, serverCategoryServices.find((s) => s.id === 'cs2'));
      },
    });
    fireEvent.click(within(item('Tasting')).getByRole('button', { name: 'Edit Tasting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category Service' });
    expect(field(dialog, 'service-parent').value).toBe(C1);
    expect(field(dialog, 'service-group').value).toBe('Planning');
    type(field(dialog, 'service-name'), 'Menu tasting');
    type(field(dialog, 'service-short-description'), 'Try the menu');
    fireEvent.click(saveButton(dialog));
    expect((await within(dialog).findByRole('alert')).textContent)
      .toBe('Failed to update Category Service: The category service was changed by someone else. Reload it and try again.');
    refuse = false;
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = calls(fetchMock, '/categoryService/cs2');
    expect(headersOf(puts[1]!)['If-Match']).toBe('"1"');
    expect(bodyOf(puts[1]!)).toEqual({ categoryId: C1, name: 'Menu tasting', groupName: 'Planning', shortDescription: 'Try the menu' });
    await waitFor(() => expect(names()).toContain('Menu tasting'));
    expect(messages()).toContainEqual(['Category service Menu tasting saved', 'success']);
  });

  it("a failed create says 'Failed to create Category Service' at the field the server names", async () => {
    await openCategoryServices({
      'POST /categoryService': () => json(400, {
        message: 'Validation failed', errors: [{ field: 'categoryId', message: 'The category does not exist' }],
      }),
    });
    fireEvent.click(screen.getByTestId('service-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Category Service' });
    type(field(dialog, 'service-parent'), C1);
    type(field(dialog, 'service-name'), 'Delivery 2');
    fireEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText('Failed to create Category Service: Validation failed')).toBeTruthy();
    expect(field(dialog, 'service-parent').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows in the dialog why a delete was refused (listings offer the service), then deletes after confirming', async () => {
    let inUse = true;
    const fetchMock = await openCategoryServices({
      'DELETE /categoryService/cs1': () => {
        if (inUse) return json(409, { message: 'This service is used by 2 listings. Move or delete them first.' });
        serverCategoryServices = serverCategoryServices.filter((s) => s.id !== 'cs1');
        return new Response(null, { status: 204 });
      },
    });
    fireEvent.click(within(item('Delivery')).getByRole('button', { name: 'Delete Delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Category Service' });
    expect(dialog.textContent).toContain('Delete the category service Delivery?');
    fireEvent.click(within(dialog).getByTestId('service-delete-confirm'));
    expect((await within(dialog).findByTestId('service-delete-failure')).textContent)
      .toBe('Failed to delete Category Service: This service is used by 2 listings. Move or delete them first.');
    inUse = false;
    fireEvent.click(within(dialog).getByTestId('service-delete-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(names()).not.toContain('Delivery'));
    expect(calls(fetchMock, '/categoryService/cs1').map((c) => (c[1] as RequestInit).method)).toEqual(['DELETE', 'DELETE']);
    expect(messages()).toContainEqual(['Category service Delivery deleted', 'success']);
  });

  it('keeps the focus in Name while an Enter-submitted save runs (the fields stay enabled)', async () => {
    let answer: (r: Response) => void = () => {};
    await openCategoryServices({ 'POST /categoryService': () => new Promise<Response>((resolve) => { answer = resolve; }) });
    fireEvent.click(screen.getByTestId('service-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Category Service' });
    type(field(dialog, 'service-parent'), C1);
    const name = field(dialog, 'service-name');
    type(name, 'Stage hire');
    name.focus();
    fireEvent.submit(name.form!);
    await waitFor(() => expect(saveButton(dialog).getAttribute('aria-busy')).toBe('true'));
    expect(name.disabled).toBe(false);
    expect(field(dialog, 'service-parent').disabled).toBe(false);
    expect(document.activeElement).toBe(name);
    answer(json(400, { message: 'Validation failed' }));
    expect(await within(dialog).findByText('Failed to create Category Service: Validation failed')).toBeTruthy();
  });

  it('forgets a parent filter whose category is gone: the list shows all, a new service starts with no category', async () => {
    await openCategoryServices();
    type(screen.getByLabelText('Filter by category'), C2);
    expect(names()).toEqual(['Sound check']);
    await db.categories.delete(C2);
    await waitFor(() => expect((screen.getByLabelText('Filter by category') as HTMLSelectElement).value).toBe(''));
    expect(names()).toHaveLength(3);
    fireEvent.click(screen.getByTestId('service-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Category Service' });
    expect(field(dialog, 'service-parent').value).toBe('');
    expect(within(dialog).getByTestId('service-parent-first').textContent).toBe('Please select a category first');
    expect(field(dialog, 'service-name').disabled).toBe(true);
  });

  it("shows a service's category deleted meanwhile as such in the dialog, not as the placeholder", async () => {
    await openCategoryServices();
    fireEvent.click(within(item('Sound check')).getByRole('button', { name: 'Edit Sound check' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category Service' });
    expect(field(dialog, 'service-parent').value).toBe(C2);
    await db.categories.delete(C2);
    await waitFor(() => expect(within(dialog).queryByRole('option', { name: 'Music' })).toBeNull());
    const select = field(dialog, 'service-parent') as unknown as HTMLSelectElement;
    expect(select.value).toBe(C2);
    expect(select.selectedOptions[0]!.textContent).toBe('(deleted category)');
  });

  it('says at the category, and stays open, when a move is refused because listings offer the service (409)', async () => {
    const fetchMock = await openCategoryServices({
      'PUT /categoryService/cs1': () => json(409, { message: 'This service is used by 2 listings. Move or delete them first.' }),
    });
    fireEvent.click(within(item('Delivery')).getByRole('button', { name: 'Edit Delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category Service' });
    type(field(dialog, 'service-parent'), C2);
    fireEvent.click(saveButton(dialog));
    const failure = await within(dialog).findByTestId('service-parent-failure');
    expect(failure.textContent).toBe('Failed to update Category Service: This service is used by 2 listings. Move or delete them first.');
    expect(within(failure).getByRole('alert')).toBeTruthy();
    const select = field(dialog, 'service-parent');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe(failure.id);
    expect(screen.getByRole('dialog', { name: 'Edit Category Service' })).toBeTruthy();
    expect(bodyOf(calls(fetchMock, '/categoryService/cs1')[0]!)).toMatchObject({ categoryId: C2 });
    // Back under its own category the reason goes, and the save can be tried again.
    type(select, C1);
    expect(within(dialog).queryByTestId('service-parent-failure')).toBeNull();
  });

  it('finds services by every word of the filter, in any field, ignoring case and accents', async () => {
    serverCategoryServices = [...serverCategoryServices, catService('cs4', C2, 'Café corner', { groupName: 'Food' })];
    await openCategoryServices();
    type(screen.getByLabelText('Search'), 'CAFE food');
    expect(names()).toEqual(['Café corner']);
  });

  it('turns the writes off offline and says why', async () => {
    await openCategoryServices();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent(window, new Event('offline'));
    await screen.findByText('You are offline. Category services can be changed when you are back online.');
    expect((screen.getByTestId('service-add') as HTMLButtonElement).disabled).toBe(true);
    expect((within(item('Delivery')).getByRole('button', { name: 'Edit Delivery' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(item('Delivery')).getByRole('button', { name: 'Delete Delivery' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('SubCategoryServicesAdminPage', () => {
  it('labels each service with its sub-category (linking to its page) and category; the filter groups sub-categories by category', async () => {
    await openSubCategoryServices();
    expect(screen.getByRole('heading', { level: 1, name: 'SubCategory Services' })).toBeTruthy();
    const dishes = item('Chafing dishes');
    expect(within(dishes).getByRole('link', { name: 'Buffet' }).getAttribute('href')).toBe(`/admin/subCategories/${S1}`);
    expect(within(dishes).getByTestId('service-parent-name').textContent).toBe('Sub-category: Buffet · Catering');
    const filter = screen.getByLabelText('Filter by sub-category');
    expect([...filter.querySelectorAll('optgroup')].map((g) => [g.label, g.textContent])).toEqual([['Catering', 'Buffet'], ['Music', 'DJ']]);
    type(filter, S2);
    expect(names()).toEqual(['Vinyl set']);
  });

  it("says 'No SubCategory Services found' and 'Failed to fetch SubCategory Services'", async () => {
    serverSubCategoryServices = [];
    stubApi(taxonomyRoutes());
    renderAt(<SubCategoryServicesAdminPage />, '/admin/subcategory-services');
    expect((await screen.findByTestId('services-empty')).textContent).toContain('No SubCategory Services found');
    cleanup();
    await db.subCategoryServices.clear();
    stubApi({ ...taxonomyRoutes(), 'GET /subCategoryService': () => json(503, { message: 'down' }) });
    renderAt(<SubCategoryServicesAdminPage />, '/admin/subcategory-services');
    expect((await screen.findByTestId('services-error')).textContent).toContain('Failed to fetch SubCategory Services');
  });

  it('asks for the sub-category first, then sends subCategoryId; a refused delete says why', async () => {
    const created = subService(NEW_ID, S2, 'Light show');
    const fetchMock = await openSubCategoryServices({
      'POST /subCategoryService': () => {
        serverSubCategoryServices = [...serverSubCategoryServices, created];
        return json(201, created);
      },
      'DELETE /subCategoryService/ss2': () => json(409, { message: 'This service is used by 1 listing. Move or delete them first.' }),
    });
    fireEvent.click(screen.getByTestId('service-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add SubCategory Service' });
    expect(within(dialog).getByTestId('service-parent-first').textContent).toBe('Please select a subCategory first');
    expect(field(dialog, 'service-name').disabled).toBe(true);
    type(field(dialog, 'service-parent'), S2);
    type(field(dialog, 'service-name'), 'Light show');
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = calls(fetchMock, '/subCategoryService').filter((c) => (c[1] as RequestInit).method === 'POST');
    expect(bodyOf(post!)).toEqual({ subCategoryId: S2, name: 'Light show', groupName: '', shortDescription: '' });
    expect(messages()).toContainEqual(['Sub-category service Light show created', 'success']);

    fireEvent.click(within(item('Vinyl set')).getByRole('button', { name: 'Delete Vinyl set' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete SubCategory Service' });
    fireEvent.click(within(confirm).getByTestId('service-delete-confirm'));
    expect((await within(confirm).findByTestId('service-delete-failure')).textContent)
      .toBe('Failed to delete SubCategory Service: This service is used by 1 listing. Move or delete it first.');
  });
});
