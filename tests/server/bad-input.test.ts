import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, files, listings, subCategoryServices, users } from '../../server/db/schema';
import { httpErrorFromDatabase } from '../../server/lib/db-errors';
import { MAX_JSON_DEPTH } from '../../server/lib/input-guards';
import { sha256Hex } from '../../server/lib/crypto';
import { MAX_IMAGE_PIXELS } from '../../src/domain/constants';
import { ListingStatus } from '../../src/domain/listings';
import { STABLE_JSON_MAX_DEPTH, stableStringify } from '../../src/domain/stable-json';
import { makePng, multipart } from '../fixtures/images';
import { signUp, signUpAdmin } from './helpers/accounts';
import { listingFixture } from './helpers/listings';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let adminToken: string;
let userToken: string;
const api = apiCaller(() => t, () => userToken);

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: 2_000_000 });
  adminToken = (await signUpAdmin(t)).accessToken;
  userToken = (await signUp(t)).accessToken;
});
afterAll(() => t.close());

const nested = (depth: number) => '['.repeat(depth - 1) + '{"a":1}' + ']'.repeat(depth - 1);
const blobPath = (sha: string) => join(t.config.dataDir, 'files', 'blobs', sha.slice(0, 2), sha);

async function upload(token: string, bytes: Buffer, name = 'photo.png', type = 'image/png') {
  const body = await multipart('data', bytes, name, type);
  return t.request({ method: 'POST', url: '/api/files', token, ...body });
}

/** An image of random pixels (so the compressed data is long enough to cut), cut to a share of its bytes. */
async function truncated(format: 'png' | 'jpeg', keep = 0.6): Promise<Buffer> {
  const [w, h] = [200, 150];
  const full = await sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })[format]().toBuffer();
  return full.subarray(0, Math.floor(full.length * keep));
}

/** A tiny PNG whose header claims width × height pixels (the IHDR chunk rewritten with its CRC). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makePng(8, 8));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('JSON depth (a deep body used to overflow the stack of the Idempotency-Key fingerprint)', () => {
  it('refuses a body nested deeper than the limit with 400 and a message, with or without an Idempotency-Key', async () => {
    for (const headers of [{}, { 'idempotency-key': randomUUID() }]) {
      for (const url of ['/api/listing/search', '/api/listing/statistics/record', '/api/category']) {
        const res = await t.request({
          method: 'POST', url, token: adminToken, payload: nested(5000),
          headers: { ...headers, 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(res.json().message).toContain(`at most ${MAX_JSON_DEPTH} levels`);
        expect(res.json().errors).toEqual([{ field: 'body', message: res.json().message }]);
      }
    }
  });

  it('lets a body at the limit through to the route (brackets inside strings do not count)', async () => {
    const atLimit = await t.request({
      method: 'POST', url: '/api/listing/search', payload: nested(MAX_JSON_DEPTH),
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    });
    expect(atLimit.statusCode, atLimit.body).toBe(400);
    expect(atLimit.json().message).not.toContain('levels');
    const search = await api('POST', '/listing/search', { searchQuery: '[[[['.repeat(50) }, ANON);
    expect(search.statusCode, search.body).toBe(200);
  });

  it('keeps stableStringify from overflowing: a value deeper than its limit is a RangeError', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(() => stableStringify(deep)).toThrow(RangeError);
    let ok: unknown = 1;
    for (let i = 0; i < STABLE_JSON_MAX_DEPTH; i++) ok = { a: ok };
    expect(stableStringify(ok)).toMatch(/^\{"a":/);
  });
});

describe('text PostgreSQL cannot store (NUL, unpaired surrogates) is a 400 naming the field', () => {
  const nul = 'a\u0000b';

  it('in JSON bodies of every kind of route: auth, profile, taxonomy, regions, search, statistics', async () => {
    const { add } = await listingFixture(t);
    const listing = await add();
    const cases: [string, string, unknown, string | undefined, string][] = [
      ['POST', '/auth/login', { email: `x${nul}@example.org`, password: 'Secret12!' }, ANON, 'email'],
      ['POST', '/auth/register', { email: `x${nul}@example.org` }, ANON, 'email'],
      ['POST', '/auth/check-email-exists', { email: nul }, ANON, 'email'],
      ['POST', '/auth/forgot-password', { email: nul }, ANON, 'email'],
      ['PUT', '/users/profile', { firstName: nul, lastName: 'Nordmann' }, userToken, 'firstName'],
      ['POST', '/category', { name: nul }, adminToken, 'name'],
      ['POST', '/locations', { name: 'Region', counties: [{ name: nul }] }, adminToken, 'counties.0.name'],
      ['POST', '/listing/search', { searchQuery: nul }, ANON, 'searchQuery'],
      ['POST', '/ListingStatistics/record', { listingId: listing.id, eventType: 'view', metadata: { userAgent: nul } }, ANON, 'metadata.userAgent'],
      ['POST', '/ListingStatistics/record', { listingId: listing.id, eventType: 'view', metadata: { [nul]: 1 } }, ANON, `metadata.${nul}`],
      ['POST', '/category', { name: 'half \ud800 a pair' }, adminToken, 'name'],
    ];
    for (const [method, url, payload, token, field] of cases) {
      const res = await api(method as 'POST', url, payload, token);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      expect(res.json().errors?.[0]?.field, url).toBe(field);
      expect(res.json().message).toMatch(/must not contain (a NUL character|invalid Unicode)/);
    }
  });

  it('in query strings and path params', async () => {
    for (const url of ['/listing/search/categories?q=a%00b', '/subcategory?categoryId=%00', '/category/%00', '/locations/regions%2F%00']) {
      const res = await api('GET', url, undefined, ANON);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().message).toContain('NUL');
    }
  });

  it('in an upload\'s file name', async () => {
    const res = await upload(userToken, await makePng(10, 10), 'pic\u0000.png');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'filename', message: 'filename must not contain a NUL character (\\u0000)' }]);
  });
});

describe('deleting what is still used (foreign keys) is a 409, never a 500', () => {
  it('says how many listings use a category, and deletes it once they are gone', async () => {
    const { catA, catB, add } = await listingFixture(t);
    await add(); await add(); await add();
    await add({ categoryId: catB.id });
    const res = await api('DELETE', `/category/${catA.id}`, undefined, adminToken);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('This category is used by 3 listings. Move or delete them first.');
    const one = await api('DELETE', `/category/${catB.id}`, undefined, adminToken);
    expect(one.json().message).toBe('This category is used by 1 listing. Move or delete them first.');
    const unused = await t.deps.db.insert(categories).values({ name: 'Unused' }).returning();
    expect((await api('DELETE', `/category/${unused[0]!.id}`, undefined, adminToken)).statusCode).toBe(204);
  });

  it('says how many live listings use a sub-category or one of its services, and deletes it once none do', async () => {
    const { subA1, subA2, subB1, catB, add } = await listingFixture(t);
    const db = t.deps.db;
    const [service] = await db.insert(subCategoryServices).values({ subCategoryId: subA2.id, name: 'Retouch' }).returning();
    await add(); await add();
    // Listed under another sub-category but offering one of subA2's services: it still holds on to subA2.
    const byService = await add({ subCategoryId: subA1.id, subCategoryServiceIds: [service!.id] });
    await add({ categoryId: catB.id, subCategoryId: subB1.id, status: ListingStatus.Deleted });

    const res = await api('DELETE', `/subcategory/${subA1.id}`, undefined, adminToken);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('This sub-category is used by 3 listings. Move or delete them first.');
    const one = await api('DELETE', `/subcategory/${subA2.id}`, undefined, adminToken);
    expect(one.statusCode, one.body).toBe(409);
    expect(one.json().message).toBe('This sub-category is used by 1 listing. Move or delete them first.');
    expect((await api('GET', `/subcategory/${subA2.id}`, undefined, ANON)).statusCode).toBe(200);

    // A Deleted listing does not hold on to it: the delete clears it from that listing.
    expect((await api('DELETE', `/subcategory/${subB1.id}`, undefined, adminToken)).statusCode).toBe(204);
    await db.update(listings).set({ subCategoryServiceIds: [] }).where(eq(listings.id, byService.id));
    expect((await api('DELETE', `/subcategory/${subA2.id}`, undefined, adminToken)).statusCode).toBe(204);
  });

  it('maps any foreign-key refusal of the database to 409 (the net behind the count, e.g. a listing added meanwhile)', async () => {
    const { catA, add } = await listingFixture(t);
    await add();
    const error = await t.deps.db.delete(categories).where(eq(categories.id, catA.id)).then(() => null, (e: unknown) => e);
    expect(error).toBeTruthy();
    const mapped = httpErrorFromDatabase(error);
    expect(mapped?.statusCode).toBe(409);
    expect(mapped?.message).toBe('This item is still used by listings. Move or delete them first.');
    expect(httpErrorFromDatabase(new Error('not from the database'))).toBeNull();
  });
});

describe('images: fully decoded on upload, bounded in pixels, and a bad stored file is a 4xx', () => {
  it('refuses PNG and JPEG files with a valid header and truncated pixel data', async () => {
    for (const format of ['png', 'jpeg'] as const) {
      const bytes = await truncated(format);
      expect((await sharp(bytes).metadata()).width, 'the header still reads').toBe(200);
      const res = await upload(userToken, bytes, `cut.${format}`, `image/${format}`);
      expect(res.statusCode, `${format} ${res.body}`).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'data', message: 'The image is damaged or incomplete and cannot be read' }]);
    }
  });

  it(`refuses an image over ${MAX_IMAGE_PIXELS / 1e6} megapixels before decoding it`, async () => {
    const png = await pngClaiming(7000, 7000);
    expect(png.length).toBeLessThan(1000);
    const started = performance.now();
    const res = await upload(userToken, png);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('The image has too many pixels (7000 × 7000). The limit is 40 megapixels.');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('answers a resize of a damaged stored file with 422 and a gone blob with 410, not 500', async () => {
    const bytes = await truncated('png');
    const sha = sha256Hex(bytes);
    await t.deps.fileStore.put(sha, bytes);
    const [row] = await t.deps.db.insert(files).values({ sha256: sha, contentType: 'image/png', size: bytes.length, width: 200, height: 150 }).returning();
    const resized = await api('GET', `/files/${row!.id}?width=100`, undefined, ANON);
    expect(resized.statusCode, resized.body).toBe(422);
    expect(resized.json().message).toContain('damaged');
    expect((await api('GET', `/files/${row!.id}`, undefined, ANON)).statusCode).toBe(200);
    await t.deps.fileStore.remove(sha);
    const gone = await api('GET', `/files/${row!.id}`, undefined, ANON);
    expect(gone.statusCode, gone.body).toBe(410);
    expect((await api('GET', `/files/${row!.id}?width=100`, undefined, ANON)).statusCode).toBe(410);
  });
});

describe('a token whose user no longer exists', () => {
  it("a deleted user's token gets 4xx not 500 on favourites/statistics/uploads", async () => {
    const { add } = await listingFixture(t);
    const listing = await add();
    const gone = await signUp(t);
    await t.deps.db.delete(users).where(eq(users.id, gone.user.id));
    const png = await makePng(31, 17, '#123456');
    const answers = [
      await api('POST', `/Favorites/${listing.id}`, undefined, gone.accessToken),
      await api('POST', '/ListingStatistics/record', { listingId: listing.id, eventType: 'view' }, gone.accessToken),
      await upload(gone.accessToken, png),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().message).toBeTruthy();
    }
    // The refused upload left nothing behind: its row was never written, so neither was its blob.
    expect(existsSync(blobPath(sha256Hex(png)))).toBe(false);
  });
});

describe('an upload writes its row and its blob together', () => {
  // No blob when the row cannot be inserted: see the deleted user's upload above.
  it('keeps no row when the blob cannot be written', async () => {
    const store = t.deps.fileStore;
    const put = store.put;
    const before = (await t.deps.db.select({ n: count() }).from(files))[0]!.n;
    store.put = async () => { throw Object.assign(new Error('disk full'), { code: 'ENOSPC' }); };
    try {
      const res = await upload(userToken, await makePng(23, 29, '#abcdef'));
      expect(res.statusCode).toBe(500);
    } finally {
      store.put = put;
    }
    expect((await t.deps.db.select({ n: count() }).from(files))[0]!.n).toBe(before);

    const png = await makePng(19, 13, '#fedcba');
    const ok = await upload(userToken, png);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(existsSync(blobPath(sha256Hex(png)))).toBe(true);
  });
});
