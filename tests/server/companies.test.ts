import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_LIMITS, COMPANY_RETENTION_DAYS, CompanyMessages, CompanyStatus, type CompanyInput, type OwnedCompany,
} from '../../src/domain/companies';
import { companies, listings } from '../../server/db/schema';
import { makePng, multipart } from '../fixtures/images';
import { signUp, signUpAdmin } from './helpers/accounts';
import { approveCompany, companyInput, createCompany, insertListing, isListed } from './helpers/companies';
import { listingFixture } from './helpers/listings';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let f: Awaited<ReturnType<typeof listingFixture>>;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let fileId: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await listingFixture(t);
  owner = await signUp(t);
  other = await signUp(t);
  admin = await signUpAdmin(t);
  const upload = await t.request({ method: 'POST', url: '/api/files', token: owner.accessToken, ...(await multipart('data', await makePng(32, 18), 'logo.png', 'image/png')) });
  expect(upload.statusCode, upload.body).toBe(201);
  fileId = (upload.json() as { id: string }).id;
});
afterAll(() => t.close());

const call = apiCaller(() => t, () => owner.accessToken);
const create = (overrides: Partial<CompanyInput> = {}, token = owner.accessToken) => createCompany(t, token, overrides);
/** An Active company of the owner with one public listing. */
async function activeWithListing() {
  const company = await create();
  await approveCompany(t, admin.accessToken, company.id);
  const listing = await insertListing(t, { companyId: company.id, categoryId: f.catA.id, name: `Listed of ${company.name}` });
  return { company: (await call('GET', `/company/${company.id}`)).json() as OwnedCompany, listing };
}
const row = async (id: string) => (await t.deps.db.select().from(companies).where(eq(companies.id, id)))[0];
/**
 * Moves a deletion `ms` further into the past. (Moving the clock instead would expire the
 * accounts' access tokens, which are checked against the same clock.)
 */
async function ageDeletion(id: string, ms: number) {
  const { deletedAt } = (await row(id))!;
  await t.deps.db.update(companies).set({ deletedAt: new Date(deletedAt!.getTime() - ms) }).where(eq(companies.id, id));
}
const listingRow = async (id: string) => (await t.deps.db.select().from(listings).where(eq(listings.id, id)))[0];

const OWNED_KEYS = [
  'id', 'name', 'shortDescription', 'description', 'logoImageUri', 'bannerImageUri', 'organizationNumber', 'websiteUrl',
  'facebookUrl', 'instagramUrl', 'twitterUrl', 'youtubeUrl', 'phoneNumber', 'email', 'status', 'createdById', 'createdAt',
  'updatedAt', 'deletedAt', 'stripeCustomerId', 'activeSubscriptionId', 'activeProductId', 'currentPeriodStart',
  'currentPeriodEnd', 'subscriptionHistory', 'oneTimePurchaseHistory', 'listingTokens', 'eventClickTokens_Subscription',
  'eventClickTokens_Extras', 'version',
].sort();
/** An Admin is also told who owns the company (the approval queue and the review name the owner). */
const ADMIN_KEYS = [...OWNED_KEYS, 'owner'].sort();
const PUBLIC_KEYS = [
  'id', 'name', 'shortDescription', 'description', 'logoImageUri', 'bannerImageUri', 'organizationNumber', 'websiteUrl',
  'facebookUrl', 'instagramUrl', 'twitterUrl', 'youtubeUrl', 'phoneNumber', 'email', 'status',
].sort();

describe('POST /company', () => {
  it('creates an AwaitingApproval company owned by the caller, with every field of spec 2 §3', async () => {
    const res = await call('POST', '/company', companyInput({
      name: '  Nordlys Catering AS ', shortDescription: ' Food for every party ', organizationNumber: ' 923456789 ',
      websiteUrl: 'https://nordlys.example', facebookUrl: 'https://facebook.com/nordlys', instagramUrl: 'http://instagram.com/nordlys',
      twitterUrl: 'https://x.com/nordlys', youtubeUrl: 'https://youtube.com/@nordlys', phoneNumber: '+47 (22) 33-44 55',
      email: ' post@nordlys.example ', logoImageUri: fileId, bannerImageUri: fileId,
    }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    const company = res.json() as OwnedCompany;
    expect(Object.keys(company).sort()).toEqual(OWNED_KEYS);
    expect(company).toMatchObject({
      name: 'Nordlys Catering AS', shortDescription: 'Food for every party', organizationNumber: '923456789',
      websiteUrl: 'https://nordlys.example', phoneNumber: '+47 (22) 33-44 55', email: 'post@nordlys.example',
      logoImageUri: fileId, bannerImageUri: fileId, status: CompanyStatus.AwaitingApproval, createdById: owner.user.id,
      deletedAt: null, stripeCustomerId: null, activeSubscriptionId: null, activeProductId: null, currentPeriodStart: null,
      currentPeriodEnd: null, subscriptionHistory: [], oneTimePurchaseHistory: [], listingTokens: 0,
      eventClickTokens_Subscription: 0, eventClickTokens_Extras: 0, version: 1,
    });
    expect(new Date(company.createdAt).toISOString()).toBe(company.createdAt);
    expect(company.updatedAt).toBe(company.createdAt);
  });

  it('stores empty optional fields as null and a missing description as empty', async () => {
    const res = await call('POST', '/company', { name: 'Bare Minimum AS', shortDescription: 'Only what is required', websiteUrl: '   ', email: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      description: '', organizationNumber: null, websiteUrl: null, facebookUrl: null, instagramUrl: null, twitterUrl: null,
      youtubeUrl: null, phoneNumber: null, email: null, logoImageUri: null, bannerImageUri: null,
    });
  });

  it('needs a login', async () => {
    const res = await call('POST', '/company', companyInput(), ANON);
    expect(res.statusCode).toBe(401);
    expect(await t.deps.db.select().from(companies).where(eq(companies.name, 'never'))).toEqual([]);
  });

  it('keeps a client-made id; the same id again answers the caller\'s company, someone else gets 409', async () => {
    const id = randomUUID();
    const first = await call('POST', '/company', companyInput({ id, name: 'Offline Made AS' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ id, name: 'Offline Made AS' });
    // A replay after its Idempotency-Key is gone: the company as it is, not a second one.
    const again = await call('POST', '/company', companyInput({ id, name: 'Offline Made AS' }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const theirs = await call('POST', '/company', companyInput({ id, name: 'Hijack AS' }), other.accessToken);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe('A company with this id already exists');
    expect((await row(id))!.name).toBe('Offline Made AS');
  });

  it('answers a repeated Idempotency-Key once, without a second company', async () => {
    const body = companyInput({ name: 'Idempotent Events AS' });
    const headers = { 'idempotency-key': randomUUID() };
    const first = await call('POST', '/company', body, undefined, headers);
    const second = await call('POST', '/company', body, undefined, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await t.deps.db.select().from(companies).where(eq(companies.name, 'Idempotent Events AS'))).toHaveLength(1);
  });
});

describe('validation (spec 2 §5)', () => {
  const refused = async (overrides: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST', url = '/company') => {
    const res = await call(method, url, { ...companyInput(), ...overrides });
    expect(res.statusCode, res.body).toBe(400);
    return res.json() as { message: string; errors: { field: string; message: string }[] };
  };

  it.each([
    ['name', '', CompanyMessages.NameRequired],
    ['name', '   ', CompanyMessages.NameRequired],
    ['name', null, CompanyMessages.NameRequired],
    ['shortDescription', '', 'Short Description is required'],
    ['organizationNumber', '12 34', 'Organization number must contain digits only'],
    ['organizationNumber', 'NO923', 'Organization number must contain digits only'],
    ['phoneNumber', '22 33 44 55 ext', 'Phone number may contain only digits, +, -, spaces and parentheses'],
    ['email', 'post@nordlys', 'Please enter a valid email address'],
    ['websiteUrl', 'nordlys.example', 'WEBSITE is not a valid URL'],
    ['facebookUrl', 'facebook', 'FACEBOOK is not a valid URL'],
    ['instagramUrl', 'ftp://instagram.com/x', 'INSTAGRAM is not a valid URL'],
    ['twitterUrl', 'javascript:alert(1)', 'TWITTER is not a valid URL'],
    ['youtubeUrl', 'https://', 'YOUTUBE is not a valid URL'],
  ])('%s %j → %s', async (field, value, message) => {
    const body = await refused({ [field]: value });
    expect(body.message).toBe(message);
    expect(body.errors).toEqual([{ field, message }]);
  });

  it.each([
    ['name', COMPANY_LIMITS.name, 'x'],
    ['shortDescription', COMPANY_LIMITS.shortDescription, 'x'],
    ['description', COMPANY_LIMITS.description, 'x'],
    ['organizationNumber', COMPANY_LIMITS.organizationNumber, '1'],
    ['phoneNumber', COMPANY_LIMITS.phoneNumber, '1'],
    ['email', COMPANY_LIMITS.email, 'e'],
    ['websiteUrl', COMPANY_LIMITS.url, 'w'],
  ])('%s longer than %i → Must be at most N characters', async (field, max, unit) => {
    const long = (n: number) => field === 'email' ? `${unit.repeat(n - 8)}@test.no` : field === 'websiteUrl' ? `https://a.no/${unit.repeat(n - 13)}` : unit.repeat(n);
    const atLimit = await call('POST', '/company', companyInput({ [field]: long(max) }));
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    const body = await refused({ [field]: long(max + 1) });
    expect(body.errors).toEqual([{ field, message: `Must be at most ${max} characters` }]);
  });

  it('reports every problem at once, in field order', async () => {
    const body = await refused({ name: '', shortDescription: '', email: 'nope', websiteUrl: 'x', youtubeUrl: 'y' });
    expect(body.errors.map((e) => e.field)).toEqual(['name', 'shortDescription', 'email', 'websiteUrl', 'youtubeUrl']);
    expect(body.message).toBe('Name is required');
  });

  it('refuses image ids that are not files', async () => {
    expect((await refused({ logoImageUri: 'logo.png' })).errors).toEqual([{ field: 'logoImageUri', message: 'Must be a file id' }]);
    expect((await refused({ bannerImageUri: randomUUID() })).errors).toEqual([{ field: 'bannerImageUri', message: 'Image not found. Upload it again.' }]);
    const empty = await call('POST', '/company', companyInput({ logoImageUri: '' as unknown as null }));
    expect(empty.statusCode, empty.body).toBe(201);
    expect(empty.json().logoImageUri).toBeNull();
  });

  it.each([
    ['an array', [1, 2]],
    ['a string', 'company'],
    ['a number', 42],
    ['null', null],
  ])('refuses %s as the body', async (_label, payload) => {
    const res = await t.request({ method: 'POST', url: '/api/company', token: owner.accessToken, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('refuses wrong types, a bad id and broken JSON', async () => {
    expect((await refused({ name: 42 })).errors[0]).toEqual({ field: 'name', message: 'Must be text' });
    expect((await refused({ websiteUrl: ['https://a.no'] })).errors[0]!.field).toBe('websiteUrl');
    expect((await refused({ id: 'not-a-uuid' })).errors[0]).toEqual({ field: 'id', message: 'The id must be a UUID' });
    const broken = await t.request({ method: 'POST', url: '/api/company', token: owner.accessToken, payload: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    const empty = await t.request({ method: 'POST', url: '/api/company', token: owner.accessToken });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.map((e: { field: string }) => e.field)).toEqual(['name', 'shortDescription']);
  });

  it('applies the same rules on PUT', async () => {
    const company = await create();
    const body = await refused({ facebookUrl: 'www.facebook.com/x', phoneNumber: 'abc' }, 'PUT', `/company/${company.id}`);
    expect(body.errors).toEqual([
      { field: 'phoneNumber', message: 'Phone number may contain only digits, +, -, spaces and parentheses' },
      { field: 'facebookUrl', message: 'FACEBOOK is not a valid URL' },
    ]);
    expect((await row(company.id))!.version).toBe(1);
  });
});

describe('GET /company (Admin only)', () => {
  it('lists every company in every status to an Admin, newest first', async () => {
    const a = await create();
    t.advance(1000);
    const b = await create({}, other.accessToken);
    await call('DELETE', `/company/${b.id}`, undefined, other.accessToken);
    const res = await call('GET', '/company', undefined, admin.accessToken);
    expect(res.statusCode).toBe(200);
    const list = res.json() as OwnedCompany[];
    expect(list.length).toBeGreaterThanOrEqual(4);
    const ids = list.map((c) => c.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids).toContain(f.company.id);
    expect(ids).toContain(f.hiddenCompany.id);
    expect(list.find((c) => c.id === b.id)!.status).toBe(CompanyStatus.Deleted);
    expect(Object.keys(list[0]!).sort()).toEqual(ADMIN_KEYS);
    const times = list.map((c) => c.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('is refused to a user (403) and to anonymous callers (401)', async () => {
    expect((await call('GET', '/company')).statusCode).toBe(403);
    expect((await call('GET', '/company', undefined, ANON)).statusCode).toBe(401);
  });
});

describe('GET /company/by-user', () => {
  it("lists the caller's own companies by name, Deleted ones while restorable", async () => {
    const u = await signUp(t);
    const zeta = await create({ name: 'Zeta Lyd AS' }, u.accessToken);
    const alfa = await create({ name: 'Alfa Lys AS' }, u.accessToken);
    const gone = await create({ name: 'Midt Scene AS' }, u.accessToken);
    await create({ name: 'Not Mine AS' }, other.accessToken);
    expect((await call('DELETE', `/company/${gone.id}`, undefined, u.accessToken)).statusCode).toBe(200);
    const list = async () => ((await call('GET', '/company/by-user', undefined, u.accessToken)).json() as OwnedCompany[]);
    expect((await list()).map((c) => c.name)).toEqual(['Alfa Lys AS', 'Midt Scene AS', 'Zeta Lyd AS']);
    expect((await list()).find((c) => c.id === gone.id)).toMatchObject({ status: CompanyStatus.Deleted });
    expect(Object.keys((await list())[0]!).sort()).toEqual(OWNED_KEYS);
    await ageDeletion(gone.id, COMPANY_RETENTION_DAYS * DAY - 60_000);
    expect((await list()).map((c) => c.id)).toContain(gone.id);
    await ageDeletion(gone.id, 60_000);
    expect((await list()).map((c) => c.id)).toEqual([alfa.id, zeta.id]);
  });

  it('needs a login', async () => {
    expect((await call('GET', '/company/by-user', undefined, ANON)).statusCode).toBe(401);
  });
});

describe('GET /company/{id}', () => {
  it('shows an Active company to anyone (public fields) and all fields with its version to the owner and Admins', async () => {
    const { company } = await activeWithListing();
    const anon = await call('GET', `/company/${company.id}`, undefined, ANON);
    expect(anon.statusCode).toBe(200);
    expect(Object.keys(anon.json()).sort()).toEqual(PUBLIC_KEYS);
    expect(anon.headers.etag).toBeUndefined();
    expect(Object.keys((await call('GET', `/company/${company.id}`, undefined, other.accessToken)).json()).sort()).toEqual(PUBLIC_KEYS);
    for (const [token, keys] of [[owner.accessToken, OWNED_KEYS], [admin.accessToken, ADMIN_KEYS]] as const) {
      const res = await call('GET', `/company/${company.id}`, undefined, token);
      expect(Object.keys(res.json()).sort()).toEqual(keys);
      expect(res.headers.etag).toBe(`"${company.version}"`);
    }
  });

  it('shows an AwaitingApproval, Rejected or Deleted company only to its owner and Admins', async () => {
    const waiting = await create();
    const rejected = await create();
    await approveCompany(t, admin.accessToken, rejected.id, false);
    const deleted = await create();
    await call('DELETE', `/company/${deleted.id}`);
    for (const [company, status] of [[waiting, 200], [rejected, 250], [deleted, 300]] as const) {
      for (const token of [ANON, other.accessToken]) {
        const res = await call('GET', `/company/${company.id}`, undefined, token);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Company not found');
      }
      for (const token of [owner.accessToken, admin.accessToken]) {
        const res = await call('GET', `/company/${company.id}`, undefined, token);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: company.id, status, createdById: owner.user.id });
      }
    }
  });

  it('404s an unknown id and 400s a malformed one', async () => {
    const unknown = await call('GET', `/company/${randomUUID()}`, undefined, admin.accessToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Company not found');
    const bad = await call('GET', '/company/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('id');
  });
});

describe('ownership of writes', () => {
  const matrix = [
    ['the owner', () => owner.accessToken, 200],
    ['an Admin', () => admin.accessToken, 200],
    ['another user', () => other.accessToken, 403],
    ['an anonymous caller', () => ANON, 401],
  ] as const;

  it.each(matrix)('PUT by %s → %i', async (_who, token, status) => {
    const company = await create();
    const res = await call('PUT', `/company/${company.id}`, companyInput({ name: 'Renamed AS' }), token());
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) expect(res.json().message).toBe('You do not have access to this company');
    expect((await row(company.id))!.name).toBe(status === 200 ? 'Renamed AS' : company.name);
    if (status === 200) expect(res.json()).toMatchObject({ name: 'Renamed AS', createdById: owner.user.id });
  });

  it.each(matrix)('DELETE by %s → %i', async (_who, token, status) => {
    const company = await create();
    const res = await call('DELETE', `/company/${company.id}`, undefined, token());
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) expect(res.json().message).toBe('You do not have access to this company');
    expect((await row(company.id))!.status).toBe(status === 200 ? CompanyStatus.Deleted : CompanyStatus.AwaitingApproval);
  });

  it.each(matrix)('restore by %s → %i', async (_who, token, status) => {
    const company = await create();
    await call('DELETE', `/company/${company.id}`);
    const res = await call('POST', `/company/${company.id}/restore`, undefined, token());
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) expect(res.json().message).toBe('You do not have access to this company');
    expect((await row(company.id))!.status).toBe(status === 200 ? CompanyStatus.AwaitingApproval : CompanyStatus.Deleted);
  });

  it('404s writes to an unknown company', async () => {
    const id = randomUUID();
    expect((await call('PUT', `/company/${id}`, companyInput())).statusCode).toBe(404);
    expect((await call('DELETE', `/company/${id}`)).statusCode).toBe(404);
    expect((await call('POST', `/company/${id}/restore`)).statusCode).toBe(404);
  });
});

describe('PUT /company/{id}', () => {
  it('puts a Rejected company back to AwaitingApproval, keeps an Active one Active', async () => {
    const rejected = await create();
    await approveCompany(t, admin.accessToken, rejected.id, false);
    const resubmitted = await call('PUT', `/company/${rejected.id}`, companyInput({ name: 'Fixed AS' }));
    expect(resubmitted.json()).toMatchObject({ status: CompanyStatus.AwaitingApproval, name: 'Fixed AS' });

    const { company, listing } = await activeWithListing();
    const edited = await call('PUT', `/company/${company.id}`, companyInput({ name: 'Still Active AS' }));
    expect(edited.json()).toMatchObject({ status: CompanyStatus.Active, name: 'Still Active AS' });
    expect(await isListed(t, listing.id)).toBe(true);
    // The public card shows the new name at once (the search cache was emptied).
    const card = ((await call('POST', '/listing/search', { pageSize: 96 }, ANON)).json() as { listings: { id: string; company: { name: string } }[] })
      .listings.find((l) => l.id === listing.id);
    expect(card!.company.name).toBe('Still Active AS');

    const waiting = await create();
    expect((await call('PUT', `/company/${waiting.id}`, companyInput())).json().status).toBe(CompanyStatus.AwaitingApproval);
  });

  it('refuses to edit a Deleted company (409)', async () => {
    const company = await create();
    await call('DELETE', `/company/${company.id}`);
    const res = await call('PUT', `/company/${company.id}`, companyInput());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Restore the company before editing it');
  });

  it('honours If-Match: a stale version gets 412 and changes nothing; answers carry the new ETag', async () => {
    const company = await create();
    const put = (ifMatch: string, name: string) =>
      call('PUT', `/company/${company.id}`, companyInput({ name }), undefined, { 'if-match': ifMatch });
    const ok = await put('"1"', 'Version Two AS');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.etag).toBe('"2"');
    expect(ok.json().version).toBe(2);
    const stale = await put('"1"', 'Lost Update AS');
    expect(stale.statusCode).toBe(412);
    expect((await row(company.id))!.name).toBe('Version Two AS');
    expect((await put('W/"2"', 'Version Three AS')).statusCode).toBe(200);
    expect((await put('two', 'Bad Header AS')).statusCode).toBe(400);
    // Without If-Match the write is unconditional.
    expect((await call('PUT', `/company/${company.id}`, companyInput({ name: 'Last Writer AS' }))).json().version).toBe(4);
  });

  it('replays an Idempotency-Key instead of saving twice', async () => {
    const company = await create();
    const headers = { 'idempotency-key': randomUUID(), 'if-match': '"1"' };
    const body = companyInput({ name: 'Once AS' });
    const first = await call('PUT', `/company/${company.id}`, body, undefined, headers);
    const second = await call('PUT', `/company/${company.id}`, body, undefined, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await row(company.id))!.version).toBe(2);
  });

  it('refuses an id in the body that is not the address\'s', async () => {
    const company = await create();
    const res = await call('PUT', `/company/${company.id}`, companyInput({ id: randomUUID() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'id', message: 'The id in the body does not match the address' }]);
    expect((await call('PUT', `/company/${company.id}`, companyInput({ id: company.id }))).statusCode).toBe(200);
  });
});

describe('delete and restore', () => {
  it('hides a deleted company and its listings, and restore brings back its status and listings', async () => {
    const { company, listing } = await activeWithListing();
    expect(await isListed(t, listing.id)).toBe(true);

    const deleted = await call('DELETE', `/company/${company.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ status: CompanyStatus.Deleted, deletedAt: expect.any(String) });
    expect(deleted.headers.etag).toBe(`"${company.version + 1}"`);
    expect((await listingRow(listing.id))!.isActive).toBe(false);
    expect(await isListed(t, listing.id)).toBe(false);
    expect((await call('GET', `/company/${company.id}`, undefined, ANON)).statusCode).toBe(404);

    await ageDeletion(company.id, COMPANY_RETENTION_DAYS * DAY - 60_000);
    const restored = await call('POST', `/company/${company.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ status: CompanyStatus.Active, deletedAt: null });
    expect((await listingRow(listing.id))!.isActive).toBe(true);
    expect(await isListed(t, listing.id)).toBe(true);
    expect((await call('GET', `/company/${company.id}`, undefined, ANON)).statusCode).toBe(200);
  });

  it('sets deletedAt to now, and deleting again keeps the first time', async () => {
    const company = await create();
    const before = t.deps.clock().getTime();
    const first = (await call('DELETE', `/company/${company.id}`)).json() as OwnedCompany;
    expect(Math.abs(new Date(first.deletedAt!).getTime() - before)).toBeLessThan(5000);
    t.advance(60_000);
    const second = await call('DELETE', `/company/${company.id}`);
    expect(second.statusCode).toBe(200);
    expect(second.json().deletedAt).toBe(first.deletedAt);
  });

  it('restores a Rejected or AwaitingApproval company to that status, its listings still hidden', async () => {
    const rejected = await create();
    await approveCompany(t, admin.accessToken, rejected.id, false);
    const listing = await insertListing(t, { companyId: rejected.id, categoryId: f.catA.id, isActive: false });
    await call('DELETE', `/company/${rejected.id}`);
    expect((await call('POST', `/company/${rejected.id}/restore`)).json().status).toBe(CompanyStatus.Rejected);
    expect(await isListed(t, listing.id)).toBe(false);

    const waiting = await create();
    await call('DELETE', `/company/${waiting.id}`, undefined, admin.accessToken);
    expect((await call('POST', `/company/${waiting.id}/restore`, undefined, admin.accessToken)).json().status).toBe(CompanyStatus.AwaitingApproval);
  });

  it('answers 410 once the 30 days are over', async () => {
    const company = await create();
    await call('DELETE', `/company/${company.id}`);
    await ageDeletion(company.id, COMPANY_RETENTION_DAYS * DAY);
    const res = await call('POST', `/company/${company.id}/restore`);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('This company can no longer be restored');
    expect((await row(company.id))!.status).toBe(CompanyStatus.Deleted);
  });

  it('answers a company that is not deleted as it is', async () => {
    const company = await create();
    const res = await call('POST', `/company/${company.id}/restore`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: CompanyStatus.AwaitingApproval, version: 1 });
  });
});
