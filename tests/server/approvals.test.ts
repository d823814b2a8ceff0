import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyStatus, type OwnedCompany } from '../../src/domain/companies';
import { EventStatus, type PlannerEvent } from '../../src/domain/events';
import { ListingStatus, type Listing, type OwnedListingCard } from '../../src/domain/listings';
import { companies, listings, plannerEvents } from '../../server/db/schema';
import { signUp, signUpAdmin } from './helpers/accounts';
import { approveCompany, companyInput, createCompany, insertListing, isListed } from './helpers/companies';
import { completeEvent, createEvent } from './helpers/events';
import { listingFixture } from './helpers/listings';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let f: Awaited<ReturnType<typeof listingFixture>>;
let owner: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await listingFixture(t);
  owner = await signUp(t);
  admin = await signUpAdmin(t);
});
afterAll(() => t.close());

const call = apiCaller(() => t, () => admin.accessToken);
const decide = (id: string, approved: boolean, type: number, token?: string) => call('POST', '/approval', { id, approved, type }, token);
const create = () => createCompany(t, owner.accessToken);
const companyRow = async (id: string) => (await t.deps.db.select().from(companies).where(eq(companies.id, id)))[0]!;
const listingRow = async (id: string) => (await t.deps.db.select().from(listings).where(eq(listings.id, id)))[0]!;
/** An Active company of the owner and a listing of it in `status`. */
async function listingIn(status: number) {
  const company = await create();
  await approveCompany(t, admin.accessToken, company.id);
  return insertListing(t, { companyId: company.id, categoryId: f.catA.id, status, name: `Pending ${randomUUID().slice(0, 6)}` });
}

describe('Admin only', () => {
  it.each([
    ['GET', '/approval/100'],
    ['GET', '/approval/200'],
    ['GET', '/approval/300'],
    ['POST', '/approval'],
  ] as const)('%s %s: a user gets 403, an anonymous caller 401', async (method, url) => {
    const company = await create();
    const body = method === 'POST' ? { id: company.id, approved: true, type: 100 } : undefined;
    const user = await call(method, url, body, owner.accessToken);
    expect(user.statusCode).toBe(403);
    expect(user.json().message).toBe('Admin role required');
    expect((await call(method, url, body, ANON)).statusCode).toBe(401);
    expect((await companyRow(company.id)).status).toBe(CompanyStatus.AwaitingApproval);
  });
});

describe('GET /approval/100', () => {
  it('lists the companies AwaitingApproval, oldest first, with every field', async () => {
    const first = await create();
    t.advance(1000);
    const second = await create();
    const active = await create();
    await approveCompany(t, admin.accessToken, active.id);
    const deleted = await create();
    await call('DELETE', `/company/${deleted.id}`, undefined, owner.accessToken);
    const res = await call('GET', '/approval/100');
    expect(res.statusCode).toBe(200);
    const list = res.json() as OwnedCompany[];
    expect(list.every((c) => c.status === CompanyStatus.AwaitingApproval)).toBe(true);
    const ids = list.map((c) => c.id);
    expect(ids).toContain(f.hiddenCompany.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(active.id);
    expect(ids).not.toContain(deleted.id);
    // The Admin sees who asks: the owner named, besides every field of the company.
    expect(list.find((c) => c.id === first.id)).toEqual({ ...first, owner: { fullName: `${owner.user.firstName} ${owner.user.lastName}`, email: owner.email } });
  });
});

describe('GET /approval/200', () => {
  it('lists the listings PendingApproval, oldest first, as owner cards', async () => {
    const older = await listingIn(ListingStatus.PendingApproval);
    const newer = await listingIn(ListingStatus.PendingApproval);
    await t.deps.db.update(listings).set({ createdAt: new Date('2020-01-01T00:00:00Z') }).where(eq(listings.id, older.id));
    const draft = await listingIn(ListingStatus.Draft);
    const approved = await listingIn(ListingStatus.Approved);
    const res = await call('GET', '/approval/200');
    expect(res.statusCode).toBe(200);
    const list = res.json() as OwnedListingCard[];
    const ids = list.map((l) => l.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(approved.id);
    const card = list.find((l) => l.id === newer.id)!;
    expect(Object.keys(card).sort()).toEqual([
      'categoryId', 'cardImageUri', 'company', 'companyId', 'id', 'isActive', 'name', 'price', 'shortDescription', 'status', 'subCategoryId',
      'subCategoryServiceIds', 'updatedAt', 'version',
    ].sort());
    expect(card).toMatchObject({ status: ListingStatus.PendingApproval, companyId: newer.companyId, version: 1, company: { id: newer.companyId } });
  });

  it('leaves out the listings of a deleted company', async () => {
    const listing = await listingIn(ListingStatus.PendingApproval);
    await call('DELETE', `/company/${listing.companyId}`, undefined, owner.accessToken);
    expect(((await call('GET', '/approval/200')).json() as OwnedListingCard[]).map((l) => l.id)).not.toContain(listing.id);
  });
});

describe('POST /approval for a company (type 100)', () => {
  it('approves: Active, its listings shown; a second decision is a 409', async () => {
    const company = await create();
    // A listing kept from before (hidden while the company is not Active).
    const listing = await insertListing(t, { companyId: company.id, categoryId: f.catA.id, isActive: false });
    expect(await isListed(t, listing.id)).toBe(false);
    const res = await decide(company.id, true, 100);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: company.id, status: CompanyStatus.Active, version: 2, createdById: owner.user.id });
    expect(res.headers.etag).toBe('"2"');
    expect((await listingRow(listing.id)).isActive).toBe(true);
    expect(await isListed(t, listing.id)).toBe(true);
    expect((await call('GET', `/company/${company.id}`, undefined, ANON)).statusCode).toBe(200);

    const again = await decide(company.id, false, 100);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This company is not awaiting approval');
    expect((await companyRow(company.id)).status).toBe(CompanyStatus.Active);
  });

  it('rejects: Rejected, its listings hidden; an edit sends it back for approval', async () => {
    const company = await create();
    const listing = await insertListing(t, { companyId: company.id, categoryId: f.catA.id, isActive: true });
    const res = await decide(company.id, false, 100);
    expect(res.json()).toMatchObject({ status: CompanyStatus.Rejected });
    expect((await listingRow(listing.id)).isActive).toBe(false);
    expect(await isListed(t, listing.id)).toBe(false);
    expect((await decide(company.id, true, 100)).statusCode).toBe(409);

    const edited = await call('PUT', `/company/${company.id}`, companyInput({ name: 'Better Now AS' }), owner.accessToken);
    expect(edited.json().status).toBe(CompanyStatus.AwaitingApproval);
    expect((await decide(company.id, true, 100)).json().status).toBe(CompanyStatus.Active);
    expect(await isListed(t, listing.id)).toBe(true);
  });

  it('refuses a Deleted company (409) and an unknown id (404)', async () => {
    const company = await create();
    await call('DELETE', `/company/${company.id}`, undefined, owner.accessToken);
    expect((await decide(company.id, true, 100)).statusCode).toBe(409);
    const unknown = await decide(randomUUID(), true, 100);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Company not found');
  });

  it('a company id sent as a listing is not found, and the other way round', async () => {
    const company = await create();
    expect((await decide(company.id, true, 200)).json().message).toBe('Listing not found');
    const listing = await listingIn(ListingStatus.PendingApproval);
    expect((await decide(listing.id, true, 100)).json().message).toBe('Company not found');
  });
});

describe('POST /approval for a listing (type 200)', () => {
  it('approves: Approved and public at once, answered as the full listing', async () => {
    const listing = await listingIn(ListingStatus.PendingApproval);
    expect(await isListed(t, listing.id)).toBe(false);
    const res = await decide(listing.id, true, 200);
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json() as Listing;
    expect(answered).toMatchObject({ id: listing.id, status: ListingStatus.Approved, isActive: true, version: 2, companyId: listing.companyId });
    expect(answered.company.id).toBe(listing.companyId);
    expect(answered.locations).toEqual([]);
    expect(res.headers.etag).toBe('"2"');
    expect(await isListed(t, listing.id)).toBe(true);
    const again = await decide(listing.id, false, 200);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This listing is not awaiting approval');
    expect((await listingRow(listing.id)).status).toBe(ListingStatus.Approved);
  });

  it('rejects: Rejected and not public', async () => {
    const listing = await listingIn(ListingStatus.PendingApproval);
    const res = await decide(listing.id, false, 200);
    expect(res.json()).toMatchObject({ status: ListingStatus.Rejected });
    expect(await isListed(t, listing.id)).toBe(false);
  });

  it.each([
    ['Draft', ListingStatus.Draft],
    ['Approved', ListingStatus.Approved],
    ['Rejected', ListingStatus.Rejected],
    ['Active', ListingStatus.Active],
    ['Inactive', ListingStatus.Inactive],
  ])('refuses a %s listing with 409', async (_name, status) => {
    const listing = await listingIn(status);
    const res = await decide(listing.id, true, 200);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This listing is not awaiting approval');
    expect((await listingRow(listing.id)).status).toBe(status);
  });

  it('404s an unknown or deleted listing', async () => {
    const unknown = await decide(randomUUID(), true, 200);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Listing not found');
    const deleted = await listingIn(ListingStatus.Deleted);
    expect((await decide(deleted.id, true, 200)).statusCode).toBe(404);
  });

  it('an approved listing of a company that is not Active stays hidden until the company is', async () => {
    const company = await create();
    const listing = await insertListing(t, { companyId: company.id, categoryId: f.catA.id, status: ListingStatus.PendingApproval, isActive: false });
    expect((await decide(listing.id, true, 200)).json()).toMatchObject({ status: ListingStatus.Approved, isActive: false });
    expect(await isListed(t, listing.id)).toBe(false);
    await approveCompany(t, admin.accessToken, company.id);
    expect(await isListed(t, listing.id)).toBe(true);
  });

  it('replays a repeated Idempotency-Key instead of answering 409', async () => {
    const listing = await listingIn(ListingStatus.PendingApproval);
    const headers = { 'idempotency-key': randomUUID() };
    const first = await call('POST', '/approval', { id: listing.id, approved: true, type: 200 }, undefined, headers);
    const second = await call('POST', '/approval', { id: listing.id, approved: true, type: 200 }, undefined, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
  });
});

/** An event of the owner waiting for the Admin. */
const pendingEvent = () => createEvent(t, owner.accessToken, completeEvent(f, { status: EventStatus.AwaitingApproval }));
const eventRow = async (id: string) => (await t.deps.db.select().from(plannerEvents).where(eq(plannerEvents.id, id)))[0]!;
const decideEvent = (id: string, approved: boolean, rejectionMessage?: unknown) =>
  call('POST', '/approval', { id, approved, type: 300, ...(rejectionMessage === undefined ? {} : { rejectionMessage }) });

describe('GET /approval/300', () => {
  it('lists the events AwaitingApproval of every planner, oldest first', async () => {
    const first = await pendingEvent();
    t.advance(1000);
    const second = await pendingEvent();
    const draft = await createEvent(t, owner.accessToken, completeEvent(f));
    const approved = await pendingEvent();
    await decideEvent(approved.id, true);
    const res = await call('GET', '/approval/300');
    expect(res.statusCode).toBe(200);
    const list = res.json() as PlannerEvent[];
    expect(list.every((e) => e.status === EventStatus.AwaitingApproval)).toBe(true);
    const ids = list.map((e) => e.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(approved.id);
    expect(list.find((e) => e.id === first.id)).toEqual(first);
  });
});

describe('POST /approval for an event (type 300)', () => {
  it('approves: Approved, approved=true, version bumped, public; a second decision is a 409', async () => {
    const event = await pendingEvent();
    expect((await call('GET', `/PlannerEvent/${event.id}`, undefined, ANON)).statusCode).toBe(404);
    const res = await decideEvent(event.id, true, 'ignored when approving');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json()).toEqual({ ...event, status: EventStatus.Approved, approved: true, rejectionMessage: null, version: 2, lastUpdated: res.json().lastUpdated });
    expect((await call('GET', `/PlannerEvent/${event.id}`, undefined, ANON)).statusCode).toBe(200);
    const again = await decideEvent(event.id, false, 'Too late');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This event is not awaiting approval');
  });

  it.each([
    ['no reason', undefined], ['a null reason', null], ['an empty reason', ''], ['a blank reason', '  \n\t '],
  ])('a rejection with %s is a 400 and changes nothing', async (_label, reason) => {
    const event = await pendingEvent();
    const res = await decideEvent(event.id, false, reason);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'A reason is required to reject an event',
      errors: [{ field: 'rejectionMessage', message: 'A reason is required to reject an event' }],
    });
    expect(await eventRow(event.id)).toMatchObject({ status: EventStatus.AwaitingApproval, version: 1 });
  });

  it('rejects with the reason (trimmed), which its planner reads; a reason too long is a 400', async () => {
    const event = await pendingEvent();
    expect((await decideEvent(event.id, false, 'x'.repeat(1001))).statusCode).toBe(400);
    const res = await decideEvent(event.id, false, '  Please add the venue  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: EventStatus.Rejected, approved: false, rejectionMessage: 'Please add the venue' });
    const seen = await call('GET', `/PlannerEvent/${event.id}`, undefined, owner.accessToken);
    expect(seen.json()).toMatchObject({ status: EventStatus.Rejected, rejectionMessage: 'Please add the venue' });
  });

  it('an unknown event is a 404 "Event not found"', async () => {
    const res = await decideEvent(randomUUID(), true);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Event not found');
  });

  it('the rejection message is ignored for companies and listings', async () => {
    const company = await create();
    const res = await call('POST', '/approval', { id: company.id, approved: false, type: 100, rejectionMessage: 'Why not' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('rejectionMessage');
  });
});

describe('malformed approval bodies', () => {
  it.each([
    ['no body', undefined, 'id'],
    ['an array', [], 'body'],
    ['a missing id', { approved: true, type: 100 }, 'id'],
    ['an id that is not a UUID', { id: 'abc', approved: true, type: 100 }, 'id'],
    ['approved as text', { id: randomUUID(), approved: 'yes', type: 100 }, 'approved'],
    ['a missing approved', { id: randomUUID(), type: 100 }, 'approved'],
    ['an unknown type', { id: randomUUID(), approved: true, type: 400 }, 'type'],
    ['a rejection message that is not text', { id: randomUUID(), approved: false, type: 300, rejectionMessage: 5 }, 'rejectionMessage'],
    ['the type as text', { id: randomUUID(), approved: true, type: '100' }, 'type'],
  ])('refuses %s with 400', async (_label, body, field) => {
    const res = await call('POST', '/approval', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });

  it('names the types in the message', async () => {
    const res = await call('POST', '/approval', { id: randomUUID(), approved: true, type: 7 });
    expect(res.json().message).toBe('type must be 100 (company), 200 (listing) or 300 (event)');
  });
});
