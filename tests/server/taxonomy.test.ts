import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../../server/db/schema';
import { seedTaxonomy } from '../../server/db/seed-data';
import { makePng, multipart } from '../fixtures/images';
import { signUp, signUpAdmin } from './helpers/accounts';
import { createCompany, insertListing } from './helpers/companies';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await signUpAdmin(t)).accessToken;
  userToken = (await signUp(t)).accessToken;
});
afterAll(() => t.close());

// Calls go as the Admin unless another token (or ANON) is passed.
const call = apiCaller(() => t, () => adminToken);

async function create(path: string, body: Record<string, unknown>) {
  const res = await call('POST', path, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const newCategory = (body: Record<string, unknown> = {}) =>
  create('/category', { name: `Cat ${randomUUID().slice(0, 8)}`, shortDescription: 'Short', description: 'Long', ...body });

describe('seed', () => {
  it('seeds the taxonomy into empty tables once, with services at every level', async () => {
    expect(await seedTaxonomy(t.deps.db)).toBe(true);
    expect(await seedTaxonomy(t.deps.db)).toBe(false);
    const cats = (await call('GET', '/category', undefined, ANON)).json();
    expect(cats.length).toBeGreaterThanOrEqual(8);
    expect(cats[0].name).toBe('Venues');
    const subs = (await call('GET', '/subcategory')).json();
    const services = (await call('GET', '/categoryService')).json();
    const subServices = (await call('GET', '/subCategoryService')).json();
    for (const c of cats) {
      const own = subs.filter((s: { categoryId: string }) => s.categoryId === c.id);
      expect(own.length, c.name).toBeGreaterThanOrEqual(2);
      expect(own.length, c.name).toBeLessThanOrEqual(5);
      const ownServices = services.filter((s: { categoryId: string }) => s.categoryId === c.id).length;
      expect(ownServices, c.name).toBeGreaterThanOrEqual(2);
      expect(ownServices, c.name).toBeLessThanOrEqual(4);
      for (const sub of own) {
        const n = subServices.filter((s: { subCategoryId: string }) => s.subCategoryId === sub.id).length;
        expect(n, sub.name).toBeGreaterThanOrEqual(2);
        expect(n, sub.name).toBeLessThanOrEqual(4);
      }
    }
  });
});

describe('categories', () => {
  it('creates, reads, updates (version bumped) and deletes as Admin', async () => {
    const created = await newCategory({ name: '  Venues test  ' });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Venues test', shortDescription: 'Short', description: 'Long', imageUri: null, version: 1,
    });
    expect((await call('GET', `/category/${created.id}`, undefined, ANON)).json()).toEqual(created);
    const list = (await call('GET', '/category', undefined, ANON)).json();
    expect(list).toContainEqual(created);

    const updated = await call('PUT', `/category/${created.id}`, { name: 'Renamed', shortDescription: 'New short' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Renamed', shortDescription: 'New short', description: 'Long', version: 2 });

    expect((await call('DELETE', `/category/${created.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/category/${created.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/category/${created.id}`)).statusCode).toBe(404);
  });

  it('lists by sort order, then by name', async () => {
    const b = await newCategory({ name: 'zz-sort B', sortOrder: -5 });
    const a = await newCategory({ name: 'zz-sort A', sortOrder: -5 });
    const first = await newCategory({ name: 'zz-sort C', sortOrder: -10 });
    const ids = (await call('GET', '/category')).json().map((c: { id: string }) => c.id);
    expect(ids.slice(0, 3)).toEqual([first.id, a.id, b.id]);
    for (const c of [a, b, first]) await call('DELETE', `/category/${c.id}`);
  });

  it('needs an Admin to write: 401 anonymous, 403 for a normal user', async () => {
    const c = await newCategory();
    for (const [token, status] of [[ANON, 401], [userToken, 403]] as const) {
      expect((await call('POST', '/category', { name: 'X' }, token)).statusCode).toBe(status);
      expect((await call('PUT', `/category/${c.id}`, { name: 'X' }, token)).statusCode).toBe(status);
      expect((await call('DELETE', `/category/${c.id}`, undefined, token)).statusCode).toBe(status);
    }
    expect((await call('GET', `/category/${c.id}`, undefined, userToken)).statusCode).toBe(200);
  });

  it('validates the body with field errors', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'name', 'Name is required'],
      [{}, 'name', 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name cannot exceed 100 characters'],
      [{ name: 'Ok', shortDescription: 'x'.repeat(201) }, 'shortDescription', 'Short description cannot exceed 200 characters'],
      [{ name: 'Ok', id: 'not-a-uuid' }, 'id', 'Must be a valid id'],
      [{ name: 'Ok', imageUri: 'nope' }, 'imageUri', 'imageUri must be a valid file id'],
      [{ name: 'Ok', imageUri: randomUUID() }, 'imageUri', 'The image must be an uploaded file'],
      [{ name: 42 }, 'name', 'Name must be text'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/category', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expect((await call('GET', '/category/not-a-uuid')).statusCode).toBe(400);
    expect((await call('PUT', `/category/${randomUUID()}`, { name: 'Missing' })).statusCode).toBe(404);
  });

  it('accepts an uploaded file as imageUri and clears it with null', async () => {
    const body = await multipart('data', await makePng(8, 8), 'c.png', 'image/png');
    const file = (await t.request({ method: 'POST', url: '/api/files', token: adminToken, ...body })).json();
    const c = await newCategory({ imageUri: file.id });
    expect(c.imageUri).toBe(file.id);
    const cleared = await call('PUT', `/category/${c.id}`, { name: c.name, imageUri: null });
    expect(cleared.json().imageUri).toBeNull();
  });

  it('takes a client id once (409 on a duplicate)', async () => {
    const id = randomUUID();
    const c = await newCategory({ id });
    expect(c.id).toBe(id);
    const again = await call('POST', '/category', { id, name: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBeTruthy();
  });

  it('refuses a stale If-Match with 412', async () => {
    const c = await newCategory();
    const ok = await call('PUT', `/category/${c.id}`, { name: 'v2' }, adminToken, { 'if-match': '1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().version).toBe(2);
    const stale = await call('PUT', `/category/${c.id}`, { name: 'v3' }, adminToken, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(/changed/);
    expect((await call('PUT', `/category/${c.id}`, { name: 'v3' }, adminToken, { 'if-match': 'W/"2"' })).statusCode).toBe(200);
    expect((await call('PUT', `/category/${c.id}`, { name: 'v4' }, adminToken, { 'if-match': 'abc' })).statusCode).toBe(400);
  });

  it('deleting a category removes its sub-categories and all their services', async () => {
    const c = await newCategory();
    const sub = await create('/subcategory', { categoryId: c.id, name: 'Sub' });
    const service = await create('/categoryService', { categoryId: c.id, name: 'Service' });
    const subService = await create('/subCategoryService', { subCategoryId: sub.id, name: 'Sub service' });
    expect((await call('DELETE', `/category/${c.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/subcategory/${sub.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/categoryService/${service.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/subCategoryService/${subService.id}`)).statusCode).toBe(404);
  });
});

describe('sub-categories', () => {
  it('CRUD with the category id, filtered lists sorted by name', async () => {
    const c = await newCategory();
    const other = await newCategory();
    const b = await create('/subcategory', { categoryId: c.id, name: 'Beta', shortDescription: 'B', description: 'Bee' });
    const a = await create('/subcategory', { categoryId: c.id, name: 'alpha' });
    await create('/subcategory', { categoryId: other.id, name: 'Elsewhere' });
    expect(b).toEqual({ id: b.id, categoryId: c.id, name: 'Beta', shortDescription: 'B', description: 'Bee', imageUri: null, version: 1 });
    const list = (await call('GET', `/subcategory?categoryId=${c.id}`, undefined, ANON)).json();
    expect(list.map((s: { name: string }) => s.name)).toEqual(['alpha', 'Beta']);
    expect((await call('GET', '/subcategory')).json().length).toBeGreaterThanOrEqual(3);
    expect((await call('GET', '/subcategory?categoryId=bad')).statusCode).toBe(400);

    const moved = await call('PUT', `/subcategory/${a.id}`, { categoryId: other.id, name: 'Alpha' });
    expect(moved.json()).toMatchObject({ categoryId: other.id, name: 'Alpha', version: 2 });
    expect((await call('DELETE', `/subcategory/${a.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/subcategory/${a.id}`)).statusCode).toBe(404);
  });

  it('validates the parent, name and image; Admin only', async () => {
    const c = await newCategory();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'No parent' }, 'categoryId', 'Please select a category first'],
      [{ categoryId: 'bad', name: 'X' }, 'categoryId', 'Must be a valid id'],
      [{ categoryId: randomUUID(), name: 'X' }, 'categoryId', 'The category does not exist'],
      [{ categoryId: c.id, name: '' }, 'name', 'Name is required'],
      [{ categoryId: c.id, name: 'y'.repeat(101) }, 'name', 'Name cannot exceed 100 characters'],
      [{ categoryId: c.id, name: 'X', imageUri: randomUUID() }, 'imageUri', 'The image must be an uploaded file'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/subcategory', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expect((await call('POST', '/subcategory', { categoryId: c.id, name: 'X' }, ANON)).statusCode).toBe(401);
    expect((await call('POST', '/subcategory', { categoryId: c.id, name: 'X' }, userToken)).statusCode).toBe(403);
    const id = randomUUID();
    await create('/subcategory', { id, categoryId: c.id, name: 'Once' });
    expect((await call('POST', '/subcategory', { id, categoryId: c.id, name: 'Twice' })).statusCode).toBe(409);
    expect((await call('PUT', `/subcategory/${id}`, { categoryId: c.id, name: 'Stale' }, adminToken, { 'if-match': '7' })).statusCode).toBe(412);
    expect((await call('PUT', `/subcategory/${randomUUID()}`, { categoryId: c.id, name: 'Nobody' })).statusCode).toBe(404);
    expect((await call('DELETE', `/subcategory/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('category services', () => {
  it('CRUD, filtering, validation and access', async () => {
    const c = await newCategory();
    const s = await create('/categoryService', { categoryId: c.id, name: ' Tasting ', groupName: 'Planning', shortDescription: 'Try it' });
    expect(s).toEqual({ id: s.id, categoryId: c.id, name: 'Tasting', groupName: 'Planning', shortDescription: 'Try it', version: 1 });
    await create('/categoryService', { categoryId: c.id, name: 'Delivery' });
    const list = (await call('GET', `/categoryservice?categoryId=${c.id}`, undefined, ANON)).json();
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Delivery', 'Tasting']);
    expect(list[0].groupName).toBe('');

    const updated = await call('PUT', `/categoryService/${s.id}`, { categoryId: c.id, name: 'Tasting', groupName: 'Menu' }, adminToken, { 'if-match': '1' });
    expect(updated.json()).toMatchObject({ groupName: 'Menu', shortDescription: 'Try it', version: 2 });
    expect((await call('PUT', `/categoryService/${s.id}`, { categoryId: c.id, name: 'T' }, adminToken, { 'if-match': '1' })).statusCode).toBe(412);

    for (const [body, field] of [
      [{ name: 'X' }, 'categoryId'], [{ categoryId: randomUUID(), name: 'X' }, 'categoryId'],
      [{ categoryId: c.id, name: ' ' }, 'name'], [{ categoryId: c.id, name: 'X', groupName: 'g'.repeat(101) }, 'groupName'],
    ] as const) {
      const res = await call('POST', '/categoryService', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
    }
    expect((await call('POST', '/categoryService', { categoryId: c.id, name: 'X' }, ANON)).statusCode).toBe(401);
    expect((await call('DELETE', `/categoryService/${s.id}`, undefined, userToken)).statusCode).toBe(403);
    expect((await call('POST', '/categoryService', { id: s.id, categoryId: c.id, name: 'Dup' })).statusCode).toBe(409);
    expect((await call('DELETE', `/categoryService/${s.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/categoryService/${s.id}`)).statusCode).toBe(404);
  });
});

describe('sub-category services', () => {
  it('CRUD, filtering, validation and access', async () => {
    const c = await newCategory();
    const sub = await create('/subcategory', { categoryId: c.id, name: 'Sub' });
    const s = await create('/subCategoryService', { subCategoryId: sub.id, name: 'Bouquet', groupName: 'Flowers', shortDescription: 'Hand-tied' });
    expect(s).toEqual({ id: s.id, subCategoryId: sub.id, name: 'Bouquet', groupName: 'Flowers', shortDescription: 'Hand-tied', version: 1 });
    await create('/subCategoryService', { subCategoryId: sub.id, name: 'Arch' });
    const list = (await call('GET', `/subCategoryService?subCategoryId=${sub.id}`, undefined, ANON)).json();
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Arch', 'Bouquet']);

    const updated = await call('PUT', `/subCategoryService/${s.id}`, { subCategoryId: sub.id, name: 'Bridal bouquet' });
    expect(updated.json()).toMatchObject({ name: 'Bridal bouquet', groupName: 'Flowers', version: 2 });
    expect((await call('PUT', `/subCategoryService/${s.id}`, { subCategoryId: sub.id, name: 'X' }, adminToken, { 'if-match': '1' })).statusCode).toBe(412);

    const missing = await call('POST', '/subCategoryService', { name: 'X' });
    expect(missing.json().errors).toContainEqual({ field: 'subCategoryId', message: 'Please select a subCategory first' });
    const unknown = await call('POST', '/subCategoryService', { subCategoryId: randomUUID(), name: 'X' });
    expect(unknown.json().errors).toContainEqual({ field: 'subCategoryId', message: 'The sub-category does not exist' });
    expect((await call('POST', '/subCategoryService', { subCategoryId: sub.id, name: 'z'.repeat(101) })).statusCode).toBe(400);
    expect((await call('POST', '/subCategoryService', { subCategoryId: sub.id, name: 'X' }, ANON)).statusCode).toBe(401);
    expect((await call('POST', '/subCategoryService', { subCategoryId: sub.id, name: 'X' }, userToken)).statusCode).toBe(403);
    expect((await call('POST', '/subCategoryService', { id: s.id, subCategoryId: sub.id, name: 'Dup' })).statusCode).toBe(409);
    expect((await call('GET', `/subCategoryService/${randomUUID()}`)).statusCode).toBe(404);

    // Deleting the sub-category removes its services.
    expect((await call('DELETE', `/subcategory/${sub.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/subCategoryService/${s.id}`)).statusCode).toBe(404);
  });
});

describe('deleting a service that listings offer', () => {
  it('is refused with 409 and the number of listings, for both kinds; deleted listings do not count', async () => {
    const c = await newCategory();
    const sub = await create('/subcategory', { categoryId: c.id, name: 'Sub' });
    const service = await create('/categoryService', { categoryId: c.id, name: 'Tasting' });
    const subService = await create('/subCategoryService', { subCategoryId: sub.id, name: 'Bouquet' });
    const company = await createCompany(t, userToken);
    const offers = { companyId: company.id, categoryId: c.id, categoryServiceIds: [service.id], subCategoryServiceIds: [subService.id] };
    await insertListing(t, offers);

    const one = await call('DELETE', `/categoryService/${service.id}`);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe('This service is used by 1 listing. Move or delete them first.');
    await insertListing(t, { ...offers, name: 'Second' });
    const two = await call('DELETE', `/subCategoryService/${subService.id}`);
    expect(two.statusCode).toBe(409);
    expect(two.json().message).toBe('This service is used by 2 listings. Move or delete them first.');
    // Nothing was deleted.
    expect((await call('GET', `/categoryService/${service.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/subCategoryService/${subService.id}`)).statusCode).toBe(200);

    // Once those listings are Deleted (status 600) they no longer hold the services.
    await t.deps.db.update(listings).set({ status: 600 }).where(eq(listings.categoryId, c.id));
    expect((await call('DELETE', `/categoryService/${service.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/subCategoryService/${subService.id}`)).statusCode).toBe(204);
  });

  it('refuses a service another listing offers among others, and lets an unused one go', async () => {
    const c = await newCategory();
    const used = await create('/categoryService', { categoryId: c.id, name: 'Used' });
    const unused = await create('/categoryService', { categoryId: c.id, name: 'Unused' });
    const filler = await create('/categoryService', { categoryId: c.id, name: 'Filler' });
    const company = await createCompany(t, userToken);
    await insertListing(t, { companyId: company.id, categoryId: c.id, categoryServiceIds: [filler.id, used.id] });
    expect((await call('DELETE', `/categoryService/${used.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/categoryService/${unused.id}`)).statusCode).toBe(204);
    // Only Admins are told: a user gets 403 before any count.
    expect((await call('DELETE', `/categoryService/${used.id}`, undefined, userToken)).statusCode).toBe(403);
  });
});

describe('moving an item that listings use to another parent', () => {
  /** A category with a sub-category, a service of each, and one listing using all three; a second category to move to. */
  async function used() {
    const c = await newCategory();
    const other = await newCategory();
    const sub = await create('/subcategory', { categoryId: c.id, name: 'Sub' });
    const otherSub = await create('/subcategory', { categoryId: other.id, name: 'Other sub' });
    const service = await create('/categoryService', { categoryId: c.id, name: 'Tasting' });
    const subService = await create('/subCategoryService', { subCategoryId: sub.id, name: 'Bouquet' });
    const company = await createCompany(t, userToken);
    const listing = await insertListing(t, {
      companyId: company.id, categoryId: c.id, subCategoryId: sub.id, categoryServiceIds: [service.id], subCategoryServiceIds: [subService.id],
    });
    return { c, other, sub, otherSub, service, subService, company, listing };
  }

  it('refuses a sub-category\'s new category while listings use it (each listing counted once), allows other changes', async () => {
    const { c, other, sub, subService, company } = await used();
    // The listing holds the sub-category and one of its services: one listing, not two.
    const res = await call('PUT', `/subcategory/${sub.id}`, { categoryId: other.id, name: 'Moved' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('This sub-category is used by 1 listing. Move or delete them first.');
    expect((await call('DELETE', `/subcategory/${sub.id}`)).json().message).toBe('This sub-category is used by 1 listing. Move or delete them first.');
    const stored = (await call('GET', `/subcategory/${sub.id}`)).json();
    expect(stored).toMatchObject({ categoryId: c.id, name: 'Sub', version: sub.version });
    // A listing offering only one of its services counts too.
    await insertListing(t, { companyId: company.id, categoryId: c.id, subCategoryServiceIds: [subService.id], name: 'Second' });
    const two = await call('PUT', `/subcategory/${sub.id}`, { categoryId: other.id, name: 'Moved' });
    expect(two.json().message).toBe('This sub-category is used by 2 listings. Move or delete them first.');
    // Renaming under the same category is fine.
    expect((await call('PUT', `/subcategory/${sub.id}`, { categoryId: c.id, name: 'Renamed' })).statusCode).toBe(200);
    // Once the listings are Deleted, it moves.
    await t.deps.db.update(listings).set({ status: 600 }).where(eq(listings.categoryId, c.id));
    const moved = await call('PUT', `/subcategory/${sub.id}`, { categoryId: other.id, name: 'Moved' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().categoryId).toBe(other.id);
  });

  it('refuses a service\'s new parent while listings offer it, for both kinds', async () => {
    const { c, other, sub, otherSub, service, subService } = await used();
    const cat = await call('PUT', `/categoryService/${service.id}`, { categoryId: other.id, name: 'Tasting' });
    expect(cat.statusCode, cat.body).toBe(409);
    expect(cat.json().message).toBe('This service is used by 1 listing. Move or delete them first.');
    const subRes = await call('PUT', `/subCategoryService/${subService.id}`, { subCategoryId: otherSub.id, name: 'Bouquet' });
    expect(subRes.statusCode, subRes.body).toBe(409);
    expect(subRes.json().message).toBe('This service is used by 1 listing. Move or delete them first.');
    expect((await call('GET', `/categoryService/${service.id}`)).json().categoryId).toBe(c.id);
    expect((await call('GET', `/subCategoryService/${subService.id}`)).json().subCategoryId).toBe(sub.id);
    // The same parent with a new name is fine.
    expect((await call('PUT', `/categoryService/${service.id}`, { categoryId: c.id, name: 'Wine tasting' })).statusCode).toBe(200);
    expect((await call('PUT', `/subCategoryService/${subService.id}`, { subCategoryId: sub.id, name: 'Big bouquet' })).statusCode).toBe(200);
  });
});

describe('audit entries', () => {
  it('are written in the change\'s transaction: an entry that cannot be written undoes the change', async () => {
    const c = await newCategory();
    // Refuse audit entries that name 'Unloggable' (as a full disk or a broken table would refuse them all).
    await t.deps.db.execute(sql`alter table audit_log add constraint test_unloggable check (summary not like '%Unloggable%')`);
    try {
      const created = await call('POST', '/category', { id: randomUUID(), name: 'Unloggable', shortDescription: 'Short', description: 'Long' });
      expect(created.statusCode).toBe(500);
      expect((await call('GET', '/category')).json().some((x: { name: string }) => x.name === 'Unloggable')).toBe(false);
      const updated = await call('PUT', `/category/${c.id}`, { name: 'Unloggable', shortDescription: 'Short', description: 'Long' });
      expect(updated.statusCode).toBe(500);
      expect((await call('GET', `/category/${c.id}`)).json()).toMatchObject({ name: c.name, version: c.version });
    } finally {
      await t.deps.db.execute(sql`alter table audit_log drop constraint test_unloggable`);
    }
  });
});
