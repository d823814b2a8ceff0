import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryServices, companies, listings, subCategoryServices } from '../../server/db/schema';
import { bumpCatalogue } from '../../server/modules/listings/search-cache';
import {
  LISTING_DESCRIPTION_MAX, LISTING_GALLERY_MAX, LISTING_PRICE_MAX, LISTING_VIDEO_MAX, ListingMessages,
  type Listing, type ListingInput, type OwnedListingCard, type SearchResponse,
} from '../../src/domain/listings';
import { makePng, multipart } from '../fixtures/images';
import { signUp, signUpAdmin } from './helpers/accounts';
import { listingFixture } from './helpers/listings';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let f: Awaited<ReturnType<typeof listingFixture>>;
let owner: string;
let ownerId: string;
let other: string;
let otherCompanyOwner: string;
let admin: string;
/** Companies of `owner`: Active, AwaitingApproval, Deleted. */
let active: string;
let pending: string;
let deleted: string;
/** An Active company of `otherCompanyOwner`. */
let foreign: string;
let serviceA: string;
let serviceB: string;
let subServiceA1: string;
let subServiceB1: string;
let images: string[];

const call = apiCaller(() => t, () => owner);

async function uploadPng(token: string, color: string): Promise<string> {
  const body = await multipart('data', await makePng(32, 18, color), 'card.png', 'image/png');
  const res = await t.request({ method: 'POST', url: '/api/files', token, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await listingFixture(t);
  const ownerAccount = await signUp(t);
  owner = ownerAccount.accessToken;
  ownerId = ownerAccount.user.id;
  other = (await signUp(t)).accessToken;
  const otherOwnerAccount = await signUp(t);
  otherCompanyOwner = otherOwnerAccount.accessToken;
  admin = (await signUpAdmin(t)).accessToken;
  const db = t.deps.db;
  const rows = await db.insert(companies).values([
    { name: 'Owner Active AS', status: 100, createdById: ownerId },
    { name: 'Owner Pending AS', status: 200, createdById: ownerId },
    { name: 'Owner Deleted AS', status: 300, createdById: ownerId, deletedAt: new Date() },
    { name: 'Foreign AS', status: 100, createdById: otherOwnerAccount.user.id },
  ]).returning({ id: companies.id });
  [active, pending, deleted, foreign] = rows.map((r) => r.id) as [string, string, string, string];
  bumpCatalogue();
  const services = await db.insert(categoryServices).values([
    { categoryId: f.catA.id, name: 'Drone' }, { categoryId: f.catB.id, name: 'Catering' },
  ]).returning({ id: categoryServices.id });
  [serviceA, serviceB] = services.map((s) => s.id) as [string, string];
  const subServices = await db.insert(subCategoryServices).values([
    { subCategoryId: f.subA1.id, name: 'Album' }, { subCategoryId: f.subB1.id, name: 'Cake' },
  ]).returning({ id: subCategoryServices.id });
  [subServiceA1, subServiceB1] = subServices.map((s) => s.id) as [string, string];
  images = [await uploadPng(owner, '#aa0000'), await uploadPng(owner, '#00aa00'), await uploadPng(owner, '#0000aa')];
});
afterAll(() => t.close());

let n = 0;
/** A valid ListingInput for the owner's active company. */
function input(overrides: Partial<ListingInput> & Record<string, unknown> = {}): ListingInput & Record<string, unknown> {
  n += 1;
  return {
    companyId: active,
    name: `Bryllupsfoto ${n}`,
    shortDescription: 'Photos of your wedding day',
    description: '<p>Hello</p>',
    price: 12000,
    categoryId: f.catA.id,
    subCategoryId: f.subA1.id,
    categoryServiceIds: [serviceA],
    subCategoryServiceIds: [subServiceA1],
    locations: [f.region.id, f.county1.id],
    cardImageUri: images[0]!,
    bannerImageUri: images[1]!,
    galleryImageIds: [images[1]!, images[2]!],
    videoLinks: ['https://youtu.be/dQw4w9WgXcQ'],
    status: 0,
    ...overrides,
  };
}

async function create(overrides: Partial<ListingInput> & Record<string, unknown> = {}, token = owner): Promise<Listing> {
  const res = await call('POST', '/listing', input(overrides), token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Listing;
}

/** Marks a listing Approved in the database (the approvals are another module's). */
async function approve(id: string) {
  await t.deps.db.update(listings).set({ status: 200 }).where(eq(listings.id, id));
  bumpCatalogue();
}

const publicGet = (id: string) => call('GET', `/listing/${id}`, undefined, ANON);
const search = async (searchQuery: string) => {
  const res = await call('POST', '/listing/search', { searchQuery, pageSize: 96 }, ANON);
  return (res.json() as SearchResponse).listings.map((l) => l.id);
};
const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: { field: string; message: string }[] }).errors;

describe('POST /listing', () => {
  it('creates a draft and answers the full listing as its owner sees it, with an ETag', async () => {
    const res = await call('POST', '/listing', input({
      name: '  Sommerbryllup  ', shortDescription: '  Photos of your wedding day  ',
      description: '<p onclick="x()">Hi <script>alert(1)</script><a href="https://firma.no">site</a></p>',
      locations: [f.county1.id, `regions/${f.region.id}`],
    }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    const listing = res.json() as Listing;
    expect(listing).toMatchObject({
      companyId: active, name: 'Sommerbryllup', shortDescription: 'Photos of your wedding day', price: 12000,
      description: '<p>Hi <a href="https://firma.no" rel="noopener noreferrer nofollow" target="_blank">site</a></p>',
      categoryId: f.catA.id, subCategoryId: f.subA1.id, categoryServiceIds: [serviceA], subCategoryServiceIds: [subServiceA1],
      regionIds: [f.region.id], countyIds: [f.county1.id], cardImageUri: images[0], bannerImageUri: images[1],
      galleryImageIds: [images[1], images[2]], videoLinks: ['https://youtu.be/dQw4w9WgXcQ'], status: 0, isActive: true, version: 1,
      company: { id: active, name: 'Owner Active AS' },
    });
    expect(listing.locations.sort()).toEqual([f.region.id, f.county1.id].sort());
    const [row] = await t.deps.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row).toMatchObject({ status: 0, isActive: true, companyId: active });
  });

  it('takes Request Approval as status 100 and keeps price null or 0', async () => {
    expect((await create({ status: 100, price: null })).status).toBe(100);
    expect((await create({ price: 0 })).price).toBe(0);
    const { price: _price, ...withoutPrice } = input();
    const res = await call('POST', '/listing', withoutPrice);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().price).toBeNull();
  });

  it('lets the owner and an Admin create; 403 for another user, 401 anonymous', async () => {
    expect((await call('POST', '/listing', input(), ANON)).statusCode).toBe(401);
    const stranger = await call('POST', '/listing', input(), other);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe('You do not have access to this company');
    expect((await call('POST', '/listing', input({ companyId: foreign }), owner)).statusCode).toBe(403);
    const byAdmin = await call('POST', '/listing', input(), admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json().companyId).toBe(active);
    expect((await call('POST', '/listing', input({ companyId: foreign }), otherCompanyOwner)).statusCode).toBe(201);
  });

  it('needs an Active company (409) that exists (404)', async () => {
    for (const companyId of [pending, deleted]) {
      const res = await call('POST', '/listing', input({ companyId }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Company must be active to manage listings');
    }
    const byAdmin = await call('POST', '/listing', input({ companyId: pending }), admin);
    expect(byAdmin.statusCode).toBe(409);
    const unknown = await call('POST', '/listing', input({ companyId: randomUUID() }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Company not found');
  });

  it('keeps a client-made id; the same id again is a 409, whichever company sends it', async () => {
    const id = randomUUID();
    const created = await create({ id });
    expect(created.id).toBe(id);
    const again = await call('POST', '/listing', input({ id }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A listing with this id already exists');
    expect((await call('POST', '/listing', input({ id, companyId: foreign }), otherCompanyOwner)).statusCode).toBe(409);
    expect((await call('POST', '/listing', input({ id: 'nope' }))).statusCode).toBe(400);
  });

  it('creates once when the same request is replayed with its Idempotency-Key', async () => {
    const key = randomUUID();
    const body = input({ id: randomUUID(), name: 'Replayed once' });
    const first = await call('POST', '/listing', body, owner, { 'idempotency-key': key });
    const again = await call('POST', '/listing', body, owner, { 'idempotency-key': key });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await t.deps.db.select({ id: listings.id }).from(listings).where(eq(listings.name, 'Replayed once'))).toHaveLength(1);
    // Without an id in the body the replay still makes one row.
    const key2 = randomUUID();
    const body2 = input({ name: 'Replayed without id' });
    await call('POST', '/listing', body2, owner, { 'idempotency-key': key2 });
    await call('POST', '/listing', body2, owner, { 'idempotency-key': key2 });
    expect(await t.deps.db.select({ id: listings.id }).from(listings).where(eq(listings.name, 'Replayed without id'))).toHaveLength(1);
  });
});

describe('validation', () => {
  const refused = async (overrides: Record<string, unknown>, field: string, message: string) => {
    const res = await call('POST', '/listing', input(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res), JSON.stringify(overrides).slice(0, 200)).toContainEqual({ field, message });
  };

  it('answers the form\'s messages for name, short description, category, sub-category and company', async () => {
    await refused({ name: '' }, 'name', ListingMessages.NameRequired);
    await refused({ name: '   ' }, 'name', ListingMessages.NameRequired);
    await refused({ name: 'ab' }, 'name', ListingMessages.NameMin);
    await refused({ name: ' ab ' }, 'name', ListingMessages.NameMin);
    await refused({ name: 'x'.repeat(51) }, 'name', ListingMessages.NameMax);
    await refused({ name: 'x'.repeat(5000) }, 'name', ListingMessages.NameMax);
    await refused({ shortDescription: '' }, 'shortDescription', ListingMessages.ShortRequired);
    await refused({ shortDescription: 'too short' }, 'shortDescription', ListingMessages.ShortMin);
    await refused({ shortDescription: 'x'.repeat(151) }, 'shortDescription', ListingMessages.ShortMax);
    await refused({ categoryId: '' }, 'categoryId', ListingMessages.CategoryRequired);
    await refused({ categoryId: null }, 'categoryId', ListingMessages.CategoryRequired);
    await refused({ subCategoryId: '' }, 'subCategoryId', ListingMessages.SubCategoryRequired);
    await refused({ companyId: '' }, 'companyId', ListingMessages.CompanyRequired);
    await refused({ companyId: 'not-an-id' }, 'companyId', 'companyId must be a valid id');
    expect((await create({ name: 'x'.repeat(50), shortDescription: 'y'.repeat(150) })).name).toBe('x'.repeat(50));
    expect((await create({ name: 'abc', shortDescription: '0123456789' })).shortDescription).toBe('0123456789');
    const res = await call('POST', '/listing', input({ name: '', shortDescription: '', categoryId: '' }));
    expect(res.json().message).toBe(ListingMessages.NameRequired);
    expect(errorsOf(res).map((e) => e.field)).toEqual(['name', 'shortDescription', 'categoryId']);
  });

  it('checks the price: whole kroner from 0 to the maximum, or null', async () => {
    await refused({ price: 'abc' }, 'price', ListingMessages.PriceInvalid);
    await refused({ price: '100' }, 'price', ListingMessages.PriceInvalid);
    await refused({ price: -1 }, 'price', 'Price cannot be negative');
    await refused({ price: 10.5 }, 'price', 'Price must be a whole number of kroner');
    await refused({ price: LISTING_PRICE_MAX + 1 }, 'price', `Price must be at most ${LISTING_PRICE_MAX}`);
    expect((await create({ price: LISTING_PRICE_MAX })).price).toBe(LISTING_PRICE_MAX);
  });

  it('takes only status 0 or 100', async () => {
    for (const status of [200, 300, 400, 600, -1, '0', null]) {
      await refused({ status }, 'status', 'status must be 0 (Save as Draft) or 100 (Request Approval)');
    }
    const { status: _status, ...withoutStatus } = input();
    const res = await call('POST', '/listing', withoutStatus);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toContainEqual({ field: 'status', message: 'status must be 0 (Save as Draft) or 100 (Request Approval)' });
  });

  it('checks the taxonomy: the category exists, the sub-category and the services belong to it', async () => {
    await refused({ categoryId: randomUUID() }, 'categoryId', 'Category not found');
    await refused({ categoryId: 'nope' }, 'categoryId', 'Category not found');
    await refused({ subCategoryId: randomUUID() }, 'subCategoryId', 'Subcategory not found');
    await refused({ subCategoryId: f.subB1.id }, 'subCategoryId', 'Subcategory does not belong to the category');
    await refused({ categoryServiceIds: [serviceA, serviceB] }, 'categoryServiceIds', 'Category services must belong to the category');
    await refused({ categoryServiceIds: [randomUUID()] }, 'categoryServiceIds', 'Category services must belong to the category');
    await refused({ subCategoryServiceIds: [subServiceB1] }, 'subCategoryServiceIds', 'Subcategory services must belong to the subcategory');
    await refused({ categoryServiceIds: ['x'] }, 'categoryServiceIds.0', 'categoryServiceIds must be a list of ids');
    const other = await create({
      categoryId: f.catB.id, subCategoryId: f.subB1.id, categoryServiceIds: [serviceB, serviceB], subCategoryServiceIds: [subServiceB1],
    });
    expect(other).toMatchObject({ categoryId: f.catB.id, subCategoryId: f.subB1.id, categoryServiceIds: [serviceB], subCategoryServiceIds: [subServiceB1] });
  });

  it('splits locations into regions and counties and refuses unknown ones', async () => {
    await refused({ locations: [f.region.id, randomUUID()] }, 'locations', 'Location not found');
    await refused({ locations: ['x'] }, 'locations.0', 'locations must be a list of ids');
    const listing = await create({ locations: [f.county2.id, f.region2.id, f.county1.id, f.county2.id] });
    expect(listing.regionIds).toEqual([f.region2.id]);
    expect(listing.countyIds).toEqual([f.county2.id, f.county1.id]);
    expect((await create({ locations: [] })).locations).toEqual([]);
  });

  it('needs every image to be an uploaded file', async () => {
    await refused({ cardImageUri: randomUUID() }, 'cardImageUri', 'Image not found');
    await refused({ bannerImageUri: randomUUID() }, 'bannerImageUri', 'Image not found');
    await refused({ galleryImageIds: [images[0], randomUUID()] }, 'galleryImageIds', 'Image not found');
    await refused({ cardImageUri: 'x' }, 'cardImageUri', 'cardImageUri must be a file id');
    await refused({ galleryImageIds: Array.from({ length: LISTING_GALLERY_MAX + 1 }, () => images[0]) }, 'galleryImageIds',
      `At most ${LISTING_GALLERY_MAX} gallery images`);
    const res = await call('POST', '/listing', input({ cardImageUri: randomUUID(), bannerImageUri: randomUUID(), galleryImageIds: [randomUUID()] }));
    expect(errorsOf(res).map((e) => e.field)).toEqual(['cardImageUri', 'bannerImageUri', 'galleryImageIds']);
    const none = await create({ cardImageUri: '', bannerImageUri: null, galleryImageIds: [] });
    expect(none).toMatchObject({ cardImageUri: null, bannerImageUri: null, galleryImageIds: [] });
  });

  it('stores the description sanitized and refuses one longer than the limit after sanitizing', async () => {
    const long = `<p>${'x'.repeat(LISTING_DESCRIPTION_MAX)}</p>`;
    await refused({ description: long }, 'description', `The description must be at most ${LISTING_DESCRIPTION_MAX} characters`);
    // Markup that is dropped does not count.
    const padded = `<p class="${'c'.repeat(LISTING_DESCRIPTION_MAX)}">short</p>`;
    expect((await create({ description: padded })).description).toBe('<p>short</p>');
    expect((await create({ description: '' })).description).toBe('');
  });

  it('refuses malformed bodies with 400, never a 5xx', async () => {
    const bodies: unknown[] = [
      [], 'text', 42, null, { ...input(), categoryServiceIds: 'x' }, { ...input(), locations: {} }, { ...input(), videoLinks: [1] },
      { ...input(), videoLinks: 'https://youtu.be/dQw4w9WgXcQ' }, { ...input(), name: 5 }, { ...input(), description: ['<p>'] },
      { ...input(), galleryImageIds: [null] }, { ...input(), price: { value: 1 } }, { ...input(), status: 'Draft' },
    ];
    for (const body of bodies) {
      const res = await t.request({ method: 'POST', url: '/api/listing', token: owner, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)} → ${res.body}`).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const broken = await t.request({ method: 'POST', url: '/api/listing', token: owner, payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
  });
});

describe('video links', () => {
  it('keeps YouTube watch, embed and youtu.be links and Vimeo and player.vimeo links; drops the rest', async () => {
    const valid = [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/embed/aBcDeFgHiJk',
      'https://youtu.be/A1b2C3d4E5f',
      'https://vimeo.com/76979871',
      'https://player.vimeo.com/video/123456',
    ];
    const invalid = ['', '   ', 'https://example.com/video', 'https://www.youtube.com/watch?v=short', 'javascript:alert(1)',
      'https://vimeo.com/abc', 'ftp://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/playlist?list=x', 'not a url'];
    const listing = await create({ videoLinks: [invalid[0]!, valid[0]!, invalid[2]!, ` ${valid[1]!} `, valid[2]!, invalid[3]!, valid[3]!,
      invalid[4]!, valid[4]!, invalid[5]!, invalid[6]!, valid[0]!, invalid[7]!, invalid[8]!, invalid[1]!] });
    expect(listing.videoLinks).toEqual(valid);
    expect((await create({ videoLinks: invalid })).videoLinks).toEqual([]);
  });

  it(`takes at most ${LISTING_VIDEO_MAX} links`, async () => {
    const res = await call('POST', '/listing', input({ videoLinks: Array.from({ length: LISTING_VIDEO_MAX + 1 }, () => 'https://youtu.be/dQw4w9WgXcQ') }));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toContainEqual({ field: 'videoLinks', message: `At most ${LISTING_VIDEO_MAX} video links` });
  });
});

describe('who sees what', () => {
  it('keeps drafts and pending listings off the public site; an approved one is public', async () => {
    const draft = await create({ name: 'Draftvisibility' });
    const waiting = await create({ name: 'Pendingvisibility', status: 100 });
    for (const { id } of [draft, waiting]) {
      expect((await publicGet(id)).statusCode).toBe(404);
      expect((await call('GET', `/listing/${id}`, undefined, other)).statusCode).toBe(404);
      expect((await call('GET', `/listing/${id}`, undefined, owner)).statusCode).toBe(200);
      expect((await call('GET', `/listing/${id}`, undefined, admin)).statusCode).toBe(200);
    }
    expect(await search('Draftvisibility')).toEqual([]);
    expect(await search('Pendingvisibility')).toEqual([]);
    const publicCards = (await call('GET', `/listing/company/${active}`, undefined, ANON)).json() as { id: string }[];
    expect(publicCards.map((c) => c.id)).not.toContain(draft.id);

    await approve(waiting.id);
    const shown = await publicGet(waiting.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: waiting.id, status: 200 });
    expect(await search('Pendingvisibility')).toEqual([waiting.id]);
    const cards = (await call('GET', `/listing/company/${active}`, undefined, other)).json() as { id: string }[];
    expect(cards.map((c) => c.id)).toContain(waiting.id);
  });

  it('answers GET /listing/{id} with an ETag of the version to the owner', async () => {
    const listing = await create();
    const res = await call('GET', `/listing/${listing.id}`, undefined, owner);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toEqual(listing);
  });

  it('shows an approved listing of a company that is no longer Active to its owner only', async () => {
    const listing = await create();
    await approve(listing.id);
    expect((await publicGet(listing.id)).statusCode).toBe(200);
    await t.deps.db.update(listings).set({ isActive: false }).where(eq(listings.id, listing.id));
    bumpCatalogue();
    expect((await publicGet(listing.id)).statusCode).toBe(404);
    const mine = await call('GET', `/listing/${listing.id}`, undefined, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().isActive).toBe(false);
    // The owner's cards say so too, so the app keeps the card out of its public cache.
    const cards = (await call('GET', `/listing/company/${active}`, undefined, owner)).json() as OwnedListingCard[];
    expect(cards.find((c) => c.id === listing.id)).toMatchObject({ status: 200, isActive: false });
  });

  it('lists every status but Deleted for the owner and an Admin, newest first; public cards for others', async () => {
    const [company] = await t.deps.db.insert(companies).values({ name: 'List AS', status: 100, createdById: ownerId }).returning();
    const companyId = company!.id;
    const draft = await create({ companyId, name: 'List draft' });
    t.advance(1000);
    const waiting = await create({ companyId, name: 'List pending', status: 100 });
    t.advance(1000);
    const approved = await create({ companyId, name: 'List approved', status: 100 });
    await approve(approved.id);
    t.advance(1000);
    const rejected = await create({ companyId, name: 'List rejected', status: 100 });
    await t.deps.db.update(listings).set({ status: 300 }).where(eq(listings.id, rejected.id));
    t.advance(1000);
    const gone = await create({ companyId, name: 'List deleted' });
    expect((await call('DELETE', `/listing/${gone.id}`)).statusCode).toBe(204);

    for (const token of [owner, admin]) {
      const res = await call('GET', `/listing/company/${companyId}`, undefined, token);
      expect(res.statusCode).toBe(200);
      const cards = res.json() as OwnedListingCard[];
      expect(cards.map((c) => [c.id, c.status])).toEqual([[rejected.id, 300], [approved.id, 200], [waiting.id, 100], [draft.id, 0]]);
      expect(cards[0]).toMatchObject({ companyId, version: 1, isActive: true, company: { id: companyId, name: 'List AS' } });
      expect(typeof cards[0]!.updatedAt).toBe('string');
    }
    for (const token of [other, ANON]) {
      const cards = (await call('GET', `/listing/company/${companyId}`, undefined, token)).json() as Record<string, unknown>[];
      expect(cards.map((c) => c.id)).toEqual([approved.id]);
      expect(cards[0]).not.toHaveProperty('status');
    }
    expect((await call('GET', '/listing/company/not-a-uuid', undefined, owner)).statusCode).toBe(400);
    expect((await call('GET', `/listing/company/${randomUUID()}`, undefined, owner)).json()).toEqual([]);
  });
});

describe('PUT /listing/{id}', () => {
  it('saves the edit, bumps the version and answers it with the new ETag', async () => {
    const listing = await create();
    const res = await call('PUT', `/listing/${listing.id}`, input({ name: 'Edited name', price: null, locations: [f.county2.id], status: 100 }),
      owner, { 'if-match': '"1"' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json()).toMatchObject({ id: listing.id, name: 'Edited name', price: null, countyIds: [f.county2.id], regionIds: [], status: 100, version: 2 });
    expect(res.json().createdAt).toBe(listing.createdAt);
    // If-Match is optional.
    const unconditional = await call('PUT', `/listing/${listing.id}`, input({ name: 'Edited again' }));
    expect(unconditional.json().version).toBe(3);
  });

  it('answers 412 to a stale If-Match and changes nothing; 400 to a malformed one', async () => {
    const listing = await create();
    expect((await call('PUT', `/listing/${listing.id}`, input({ name: 'First edit' }), owner, { 'if-match': '"1"' })).statusCode).toBe(200);
    const stale = await call('PUT', `/listing/${listing.id}`, input({ name: 'Lost edit' }), owner, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toBe('The listing was changed by someone else. Reload it and try again.');
    // A stale edit is a 412 even when its body has other problems.
    expect((await call('PUT', `/listing/${listing.id}`, input({ name: '' }), owner, { 'if-match': '"1"' })).statusCode).toBe(412);
    expect((await call('GET', `/listing/${listing.id}`)).json()).toMatchObject({ name: 'First edit', version: 2 });
    expect((await call('PUT', `/listing/${listing.id}`, input(), owner, { 'if-match': 'abc' })).statusCode).toBe(400);
  });

  it('lets the owner and an Admin edit; 403 for another user, 401 anonymous, 404 unknown or deleted', async () => {
    const listing = await create();
    expect((await call('PUT', `/listing/${listing.id}`, input(), ANON)).statusCode).toBe(401);
    const stranger = await call('PUT', `/listing/${listing.id}`, input(), other);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe('You do not have access to this company');
    // Naming one's own company in the body does not help.
    expect((await call('PUT', `/listing/${listing.id}`, input({ companyId: foreign }), otherCompanyOwner)).statusCode).toBe(403);
    expect((await call('PUT', `/listing/${listing.id}`, input({ name: 'By admin' }), admin)).json()).toMatchObject({ name: 'By admin', version: 2 });
    expect((await call('PUT', `/listing/${randomUUID()}`, input())).statusCode).toBe(404);
    await call('DELETE', `/listing/${listing.id}`);
    const gone = await call('PUT', `/listing/${listing.id}`, input());
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Listing not found');
    expect((await call('PUT', '/listing/not-a-uuid', input())).statusCode).toBe(400);
  });

  it('keeps the listing in its company and its id', async () => {
    const listing = await create();
    const moved = await call('PUT', `/listing/${listing.id}`, input({ companyId: foreign }), admin);
    expect(moved.statusCode).toBe(400);
    expect(errorsOf(moved)).toContainEqual({ field: 'companyId', message: 'A listing cannot be moved to another company' });
    const otherId = await call('PUT', `/listing/${listing.id}`, input({ id: randomUUID() }));
    expect(errorsOf(otherId)).toContainEqual({ field: 'id', message: 'id must match the listing in the address' });
    expect((await call('PUT', `/listing/${listing.id}`, input({ id: listing.id }))).statusCode).toBe(200);
  });

  it('validates like a create', async () => {
    const listing = await create();
    const res = await call('PUT', `/listing/${listing.id}`, input({ name: 'ab', subCategoryId: f.subB1.id, videoLinks: ['https://youtu.be/dQw4w9WgXcQ', 'bad'] }));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([
      { field: 'name', message: ListingMessages.NameMin },
      { field: 'subCategoryId', message: 'Subcategory does not belong to the category' },
    ]);
    expect((await call('PUT', `/listing/${listing.id}`, { ...input(), status: 200 })).statusCode).toBe(400);
  });

  it('takes an edited Approved listing off the public site until it is approved again', async () => {
    const listing = await create({ name: 'Approvededit' });
    await approve(listing.id);
    expect((await publicGet(listing.id)).statusCode).toBe(200);
    expect(await search('Approvededit')).toEqual([listing.id]);
    const res = await call('PUT', `/listing/${listing.id}`, input({ name: 'Approvededit changed', status: 100 }));
    expect(res.json().status).toBe(100);
    expect((await publicGet(listing.id)).statusCode).toBe(404);
    expect(await search('Approvededit')).toEqual([]);
    expect((await call('GET', `/listing/${listing.id}`, undefined, owner)).json()).toMatchObject({ name: 'Approvededit changed', status: 100 });
    await approve(listing.id);
    expect((await publicGet(listing.id)).json().name).toBe('Approvededit changed');
    // Saved as a draft it leaves the site too.
    expect((await call('PUT', `/listing/${listing.id}`, input({ name: 'Approvededit draft', status: 0 }))).json().status).toBe(0);
    expect((await publicGet(listing.id)).statusCode).toBe(404);
  });

  it('needs an Active company (409)', async () => {
    const [company] = await t.deps.db.insert(companies).values({ name: 'Soon hidden AS', status: 100, createdById: ownerId }).returning();
    const listing = await create({ companyId: company!.id });
    await t.deps.db.update(companies).set({ status: 250 }).where(eq(companies.id, company!.id));
    const res = await call('PUT', `/listing/${listing.id}`, input({ companyId: company!.id }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Company must be active to manage listings');
    // Deleting still works.
    expect((await call('DELETE', `/listing/${listing.id}`)).statusCode).toBe(204);
  });

  it('applies an edit once when it is replayed with its Idempotency-Key', async () => {
    const listing = await create();
    const key = randomUUID();
    const body = input({ name: 'Replayed edit' });
    const first = await call('PUT', `/listing/${listing.id}`, body, owner, { 'idempotency-key': key, 'if-match': '"1"' });
    const again = await call('PUT', `/listing/${listing.id}`, body, owner, { 'idempotency-key': key, 'if-match': '"1"' });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await call('GET', `/listing/${listing.id}`)).json().version).toBe(2);
  });
});

describe('DELETE /listing/{id}', () => {
  it('marks the listing Deleted (600): gone for everyone, the owner included', async () => {
    const listing = await create({ name: 'Deletedlisting' });
    await approve(listing.id);
    expect(await search('Deletedlisting')).toEqual([listing.id]);
    expect((await call('DELETE', `/listing/${listing.id}`, undefined, ANON)).statusCode).toBe(401);
    const stranger = await call('DELETE', `/listing/${listing.id}`, undefined, other);
    expect(stranger.statusCode).toBe(403);
    const res = await call('DELETE', `/listing/${listing.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [row] = await t.deps.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row).toMatchObject({ status: 600, version: 2 });
    expect((await publicGet(listing.id)).statusCode).toBe(404);
    expect((await call('GET', `/listing/${listing.id}`, undefined, owner)).statusCode).toBe(404);
    expect((await call('GET', `/listing/${listing.id}`, undefined, admin)).statusCode).toBe(404);
    expect(await search('Deletedlisting')).toEqual([]);
    const mine = (await call('GET', `/listing/company/${active}`)).json() as { id: string }[];
    expect(mine.map((c) => c.id)).not.toContain(listing.id);
    expect((await call('DELETE', `/listing/${listing.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/listing/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/listing/x')).statusCode).toBe(400);
  });

  it('lets an Admin delete, and answers a replay with its Idempotency-Key', async () => {
    const listing = await create();
    const key = randomUUID();
    const first = await call('DELETE', `/listing/${listing.id}`, undefined, admin, { 'idempotency-key': key });
    const again = await call('DELETE', `/listing/${listing.id}`, undefined, admin, { 'idempotency-key': key });
    expect([first.statusCode, again.statusCode]).toEqual([204, 204]);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});

describe('images chosen offline', () => {
  it('accepts a file created with PUT /files/{id} under a device-made id as the card image', async () => {
    const id = randomUUID();
    const body = await multipart('data', await makePng(32, 18, '#123123'), 'offline.png', 'image/png');
    expect((await t.request({ method: 'PUT', url: `/api/files/${id}`, token: owner, ...body })).statusCode).toBe(201);
    expect((await create({ cardImageUri: id, galleryImageIds: [id] })).cardImageUri).toBe(id);
  });
});
