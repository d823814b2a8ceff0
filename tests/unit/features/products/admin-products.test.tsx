import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { ProductType, type Product } from '../../../../src/domain/products';
import AdminProductsPage from '../../../../src/features/products/AdminProductsPage';
import { PRODUCTS_LAYOUT_KEY } from '../../../../src/features/products/viewMode';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { calls, json, stubApi } from '../../sync/fixtures';
import { BASIC, P1, P3, PACK, PRO, product } from './fixtures';

const NEW_ID = '44444444-4444-4444-8444-444444444444';

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.clear();
  session.user = makeUser({ id: 'admin-1', roles: ['Admin'] });
  snackbars.items = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  session.user = null;
  snackbars.items = [];
});

const messages = () => snackbars.items.map((s) => [s.message, s.severity]);
const item = (name: string) => screen.getAllByTestId('product-item').find((el) => within(el).getByRole('heading').textContent === name)!;
const field = (dialog: HTMLElement, label: RegExp | string) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const saveButton = (dialog: HTMLElement) => within(dialog).getByTestId('product-save') as HTMLButtonElement;

async function openPage(routes: Parameters<typeof stubApi>[0] = {}, list: Product[] = [BASIC, PRO, PACK]) {
  const fetchMock = stubApi({ 'GET /product': () => json(200, list), ...routes });
  const view = renderAt(<AdminProductsPage />, '/admin/products');
  await screen.findByTestId('products-list');
  return { fetchMock, view };
}

describe('AdminProductsPage', () => {
  it('shows each product in a grid by default: name, description, type, price, tokens and Active/Inactive', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeTruthy();
    expect(screen.getByTestId('products-list').dataset.layout).toBe('grid');
    expect(screen.getByTestId('products-layout-grid').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('products-count').textContent).toBe('3 products');

    const basic = item('Basic');
    expect(within(basic).getByTestId('product-price').textContent).toBe('$99/year');
    expect(within(basic).getByTestId('product-type').textContent).toBe('Subscription');
    expect(within(basic).getByTestId('product-description').textContent).toBe('A few listings');
    expect(within(basic).getByTestId('product-listings-tokens').textContent).toBe('5');
    expect(within(basic).getByTestId('product-event-tokens').textContent).toBe('50');
    expect(within(basic).getByTestId('product-status').textContent).toBe('Active');
    // Two decimals when the price has cents; nothing after a one-time price.
    expect(within(item('Pro')).getByTestId('product-price').textContent).toBe('$299.50/year');
    expect(within(item('Pro')).getByTestId('product-status').textContent).toBe('Inactive');
    expect(within(item('Token pack')).getByTestId('product-price').textContent).toBe('$49');
    expect(within(item('Token pack')).getByTestId('product-type').textContent).toBe('One-time');
  });

  it('switches to the list and remembers the choice on this device', async () => {
    const { view } = await openPage();
    fireEvent.click(screen.getByTestId('products-layout-list'));
    expect(screen.getByTestId('products-list').dataset.layout).toBe('list');
    expect(screen.getByTestId('products-layout-list').getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(PRODUCTS_LAYOUT_KEY)).toBe('list');
    view.unmount();
    renderAt(<AdminProductsPage />, '/admin/products');
    await screen.findByTestId('products-list');
    expect(screen.getByTestId('products-list').dataset.layout).toBe('list');
  });

  it('disables Create until both a name and a price are given; price step 0.01, tokens whole and ≥ 0', async () => {
    await openPage();
    fireEvent.click(screen.getByTestId('product-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    expect(saveButton(dialog).textContent).toBe('Create');
    expect(saveButton(dialog).disabled).toBe(true);
    const price = field(dialog, /Price/);
    expect(price.type).toBe('number');
    expect(price.step).toBe('0.01');
    expect(price.min).toBe('0');
    for (const label of ['Listing tokens', 'Event-click tokens']) {
      expect(field(dialog, label).min).toBe('0');
      expect(field(dialog, label).step).toBe('1');
    }
    expect([...within(dialog).getByLabelText('Currency').querySelectorAll('option')].map((o) => o.textContent))
      .toEqual(['USD', 'EUR', 'NOK', 'SEK', 'DKK']);

    type(field(dialog, /Name/), 'Gold');
    expect(saveButton(dialog).disabled).toBe(true);
    type(price, '10');
    expect(saveButton(dialog).disabled).toBe(false);
    type(field(dialog, /Name/), '   ');
    expect(saveButton(dialog).disabled).toBe(true);
    type(field(dialog, /Name/), 'Gold');
    type(price, '');
    expect(saveButton(dialog).disabled).toBe(true);
  });

  it('shows the rules of validateProduct and sends nothing while a field breaks one', async () => {
    const { fetchMock } = await openPage();
    fireEvent.click(screen.getByTestId('product-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    type(field(dialog, /Name/), 'Gold');
    type(field(dialog, /Price/), '10.555');
    type(field(dialog, 'Listing tokens'), '1.5');
    fireEvent.click(saveButton(dialog));
    await within(dialog).findByText('Price must be a number of 0 or more with at most 2 decimals');
    expect(within(dialog).getByText('Must be a whole number of 0 or more')).toBeTruthy();
    expect(calls(fetchMock, '/product').filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('creates a product with the typed values and shows it', async () => {
    let sent: Record<string, unknown> = {};
    const { fetchMock } = await openPage({
      'POST /product': (init) => {
        sent = JSON.parse(String(init.body)) as Record<string, unknown>;
        return json(201, { ...sent, id: NEW_ID });
      },
    });
    fireEvent.click(screen.getByTestId('product-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    type(field(dialog, /Name/), '  Gold ');
    type(within(dialog).getByLabelText('Description'), 'All you need');
    type(field(dialog, /Price/), '149.99');
    fireEvent.change(within(dialog).getByLabelText('Currency'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: String(ProductType.OneTime) } });
    type(field(dialog, 'Listing tokens'), '7');
    type(field(dialog, 'Event-click tokens'), '70');
    fireEvent.click(within(dialog).getByLabelText('Active (on sale)'));
    fireEvent.click(saveButton(dialog));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({
      name: 'Gold', description: 'All you need', price: 149.99, currency: 2, type: ProductType.OneTime,
      listingsTokens: 7, eventClickTokens: 70, isActive: false,
    });
    const post = calls(fetchMock, '/product').find(([, init]) => init?.method === 'POST')!;
    expect(new Headers((post[1] as RequestInit).headers).get('Idempotency-Key')).toBeTruthy();
    expect(within(item('Gold')).getByTestId('product-price').textContent).toBe('$149.99');
    expect(messages()).toEqual([['Product Gold created', 'success']]);
  });

  it("keeps the dialog open with the server's field error (400) and with its message for other failures", async () => {
    let answer = json(400, { message: 'Validation failed', errors: [{ field: 'name', message: 'Name is required' }] });
    await openPage({ 'POST /product': () => answer });
    fireEvent.click(screen.getByTestId('product-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    type(field(dialog, /Name/), 'Gold');
    type(field(dialog, /Price/), '10');
    fireEvent.click(saveButton(dialog));
    await within(dialog).findByText('Name is required');
    expect(field(dialog, /Name/).getAttribute('aria-invalid')).toBe('true');

    answer = json(403, { message: 'Admin role required' });
    fireEvent.click(saveButton(dialog));
    await within(dialog).findByText('Failed to create product: Admin role required');
    // The typed input is still there.
    expect(field(dialog, /Name/).value).toBe('Gold');
    expect(screen.getByRole('dialog', { name: 'Add Product' })).toBeTruthy();
  });

  it('edits a product: the dialog starts from it, Save sends PUT with its id and the item changes', async () => {
    let sent: Record<string, unknown> = {};
    const { fetchMock } = await openPage({
      [`PUT /product/${P1}`]: (init) => {
        sent = JSON.parse(String(init.body)) as Record<string, unknown>;
        return json(200, { ...BASIC, ...sent });
      },
    });
    fireEvent.click(within(item('Basic')).getByRole('button', { name: 'Edit Basic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect(saveButton(dialog).textContent).toBe('Save');
    expect(field(dialog, /Name/).value).toBe('Basic');
    expect(field(dialog, /Price/).value).toBe('99');
    type(field(dialog, /Price/), '');
    expect(saveButton(dialog).disabled).toBe(true);
    type(field(dialog, /Price/), '109');
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toMatchObject({ id: P1, name: 'Basic', price: 109 });
    expect(calls(fetchMock, `/product/${P1}`)).toHaveLength(1);
    expect(within(item('Basic')).getByTestId('product-price').textContent).toBe('$109/year');
    expect(messages()).toEqual([['Product Basic saved', 'success']]);
  });

  it('deletes after confirmation; a product in use is deactivated instead, and says so', async () => {
    await openPage({
      [`DELETE /product/${P3}`]: () => json(204, null),
      [`DELETE /product/${P1}`]: () => json(200, { removed: false, product: { ...BASIC, isActive: false } }),
    });
    fireEvent.click(within(item('Token pack')).getByRole('button', { name: 'Delete Token pack' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Product' });
    expect(confirm.textContent).toContain('Delete the product Token pack?');
    fireEvent.click(within(confirm).getByTestId('product-delete-confirm'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Token pack' })).toBeNull());
    expect(messages()).toEqual([['Product Token pack deleted', 'success']]);

    fireEvent.click(within(item('Basic')).getByRole('button', { name: 'Delete Basic' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Product' })).getByTestId('product-delete-confirm'));
    await waitFor(() => expect(within(item('Basic')).getByTestId('product-status').textContent).toBe('Inactive'));
    expect(messages().at(-1)).toEqual(['Basic is in use by a subscription or a purchase, so it was deactivated instead and kept for their history.', 'info']);
  });

  it("keeps the delete confirmation open with the server's message when the delete fails", async () => {
    await openPage({ [`DELETE /product/${P1}`]: () => json(409, { message: 'Something is in the way' }) });
    fireEvent.click(within(item('Basic')).getByRole('button', { name: 'Delete Basic' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Product' });
    fireEvent.click(within(confirm).getByTestId('product-delete-confirm'));
    await within(confirm).findByText('Failed to delete product: Something is in the way');
    expect(item('Basic')).toBeTruthy();
  });

  it("shows 'Failed to fetch products' with the server's text in red, and Try Again loads them", async () => {
    let fail = true;
    stubApi({ 'GET /product': () => (fail ? json(403, { message: 'Admin role required' }) : json(200, [BASIC])) });
    renderAt(<AdminProductsPage />, '/admin/products');
    await screen.findByText('Failed to fetch products');
    expect(screen.getByTestId('products-error-text').textContent).toBe('Admin role required');
    expect(screen.getByTestId('products-error-text').className).toContain('text-danger');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByTestId('products-list');
    expect(item('Basic')).toBeTruthy();
  });

  it('shows a loading state, then the empty state with Add Product', async () => {
    let answer: (r: Response) => void = () => {};
    stubApi({ 'GET /product': () => new Promise<Response>((resolve) => { answer = resolve; }) });
    renderAt(<AdminProductsPage />, '/admin/products');
    expect(screen.getByText('Loading products…')).toBeTruthy();
    answer(json(200, []));
    await screen.findByText('No products yet');
    expect(within(screen.getByTestId('products-empty')).getByRole('button', { name: 'Add Product' })).toBeTruthy();
  });

  it('turns the writes off while offline', async () => {
    await openPage({}, [product(P1, { name: 'Basic' })]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await screen.findByText('You are offline. Products can be changed when you are back online.');
    expect((screen.getByTestId('product-add') as HTMLButtonElement).disabled).toBe(true);
    expect((within(item('Basic')).getByRole('button', { name: 'Edit Basic' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
