import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductMessages, type Product, type ProductInput } from '../../src/domain/products';
import { seedProducts, DEMO_PRODUCTS } from '../../server/db/seed-data/products';
import { signUp, signUpAdmin } from './helpers/accounts';
import { approveCompany, createCompany } from './helpers/companies';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let user: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  user = await signUp(t);
});
afterAll(() => t.close());

const call = apiCaller(() => t, () => admin.accessToken);

const input = (overrides: Partial<Record<keyof ProductInput | 'id', unknown>> = {}) => ({
  name: 'Gold', description: 'A yearly plan', price: 199.99, currency: 2, listingsTokens: 10, eventClickTokens: 100, isActive: true, type: 100,
  ...overrides,
});

async function create(overrides: Partial<Record<keyof ProductInput, unknown>> = {}): Promise<Product> {
  const res = await call('POST', '/product', input(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Product;
}

describe('product catalogue', () => {
  it('creates, reads, updates and lists products; the price keeps its two decimals', async () => {
    const product = await create();
    expect(product).toMatchObject({ name: 'Gold', price: 199.99, currency: 2, listingsTokens: 10, eventClickTokens: 100, isActive: true, type: 100 });
    const put = await call('PUT', `/product/${product.id}`, input({ id: product.id, name: '  Gold+  ', price: 0.1, isActive: false, type: 'OneTime', currency: 'EUR' }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id: product.id, name: 'Gold+', price: 0.1, isActive: false, type: 200, currency: 1 });
    const all = (await call('GET', '/product')).json() as Product[];
    expect(all.find((p) => p.id === product.id)?.name).toBe('Gold+');
    const active = (await call('GET', '/product/active', undefined, ANON)).json() as Product[];
    expect(active.some((p) => p.id === product.id)).toBe(false);
    expect((await call('GET', `/product/${product.id}`)).json()).toMatchObject({ name: 'Gold+' });
  });

  it('answers the active products to anyone, all products only to an Admin', async () => {
    const product = await create({ name: 'Visible' });
    const active = await call('GET', '/product/active', undefined, ANON);
    expect(active.statusCode).toBe(200);
    expect((active.json() as Product[]).map((p) => p.id)).toContain(product.id);
    expect((await call('GET', '/product', undefined, ANON)).statusCode).toBe(401);
    expect((await call('GET', '/product', undefined, user.accessToken)).statusCode).toBe(403);
  });

  it('lets only an Admin write: 401 anonymous, 403 a user', async () => {
    const product = await create();
    for (const [token, status] of [[ANON, 401], [user.accessToken, 403]] as const) {
      expect((await call('POST', '/product', input(), token)).statusCode).toBe(status);
      expect((await call('PUT', `/product/${product.id}`, input(), token)).statusCode).toBe(status);
      expect((await call('DELETE', `/product/${product.id}`, undefined, token)).statusCode).toBe(status);
    }
    expect((await call('GET', `/product/${product.id}`)).json()).toMatchObject({ name: 'Gold' });
  });

  it('answers 400 with the field errors of validateProduct', async () => {
    const res = await call('POST', '/product', input({ name: ' ', price: 1.005, listingsTokens: -1, eventClickTokens: 1.5, type: 300, currency: 9 }));
    expect(res.statusCode).toBe(400);
    const errors = (res.json() as { errors: { field: string; message: string }[] }).errors;
    expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toEqual({
      name: ProductMessages.NameRequired,
      price: ProductMessages.PriceInvalid,
      listingsTokens: ProductMessages.TokensInvalid,
      eventClickTokens: ProductMessages.TokensInvalid,
      type: ProductMessages.TypeInvalid,
      currency: ProductMessages.CurrencyInvalid,
    });
    expect((await call('POST', '/product', input({ name: 'x'.repeat(101) }))).statusCode).toBe(400);
    expect((await call('POST', '/product', input({ price: -1 }))).statusCode).toBe(400);
    expect((await call('POST', '/product', input({ price: '12' }))).statusCode).toBe(400);
  });

  it('refuses hostile bodies and ids with 4xx, never 5xx', async () => {
    const product = await create();
    const bodies: unknown[] = [null, [], 'text', 42, { name: { $ne: 1 } }, input({ price: 1e308 }), input({ price: Number.MAX_SAFE_INTEGER }),
      input({ listingsTokens: 2 ** 40 }), input({ isActive: 'yes' }), input({ description: 5 }), input({ name: 'a\u0000b' })];
    for (const body of bodies) {
      const res = await call('POST', '/product', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PUT', '/product/not-a-uuid', input())).statusCode).toBe(400);
    expect((await call('PUT', `/product/${crypto.randomUUID()}`, input())).statusCode).toBe(404);
    expect((await call('PUT', `/product/${product.id}`, input({ id: crypto.randomUUID() }))).statusCode).toBe(400);
    expect((await call('DELETE', `/product/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call('GET', '/product/%00')).statusCode).toBe(400);
  });

  it('deletes an unused product and deactivates one that a checkout refers to', async () => {
    const unused = await create();
    expect((await call('DELETE', `/product/${unused.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/product/${unused.id}`)).statusCode).toBe(404);

    const bought = await create({ name: 'Bought' });
    const company = await createCompany(t, user.accessToken);
    await approveCompany(t, admin.accessToken, company.id);
    const checkout = await call('POST', '/stripe/create-checkout-session', { productId: bought.id, companyId: company.id }, user.accessToken);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const res = await call('DELETE', `/product/${bought.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ removed: false, product: { id: bought.id, isActive: false } });
    expect((await call('GET', `/product/${bought.id}`)).json()).toMatchObject({ isActive: false });
  });
});

describe('demo products', () => {
  it('are seeded into an empty catalogue only', async () => {
    const fresh = await createTestApp();
    try {
      await seedProducts(fresh.deps.db);
      await seedProducts(fresh.deps.db);
      const listed = (await fresh.request({ method: 'GET', url: '/api/product/active' })).json() as Product[];
      expect(listed.map((p) => p.name).sort()).toEqual(DEMO_PRODUCTS.map((p) => p.name).sort());
      expect(listed.filter((p) => p.type === 100)).toHaveLength(2);
    } finally {
      await fresh.close();
    }
    // This file's catalogue was not empty: nothing seeded into it.
    const before = ((await call('GET', '/product')).json() as Product[]).length;
    await seedProducts(t.deps.db);
    expect(((await call('GET', '/product')).json() as Product[]).length).toBe(before);
  });
});
