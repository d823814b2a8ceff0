import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '../../src/domain/chats';
import type { OwnedCompany } from '../../src/domain/companies';
import { EventStatus, type PlannerEvent } from '../../src/domain/events';
import { ListingStatus } from '../../src/domain/listings';
import { EventClickMessages, SubscriptionStatus, type CompanySubscription } from '../../src/domain/products';
import type { CompanyStatistics, ListingStatistics } from '../../src/domain/statistics';
import { chats, companies, companySubscriptions, listingEvents, listings, products } from '../../server/db/schema';
import { bumpCatalogue } from '../../server/modules/listings/search-cache';
import { signUp, signUpAdmin } from './helpers/accounts';
import { approveCompany, createCompany } from './helpers/companies';
import { completeEvent, createEvent } from './helpers/events';
import { listingFixture } from './helpers/listings';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

const DAY = 86_400_000;

let t: TestApp;
let f: Awaited<ReturnType<typeof listingFixture>>;
let owner: Account;
let planner: Account;
let admin: Account;
let productId: string;

const call = apiCaller(() => t, () => owner.accessToken);

beforeAll(async () => {
  t = await createTestApp();
  f = await listingFixture(t);
  [owner, planner] = [await signUp(t), await signUp(t)];
  admin = await signUpAdmin(t);
  const [product] = await t.deps.db.insert(products).values({ name: 'Plan', priceMinor: 100, type: 100, eventClickTokens: 1 }).returning();
  productId = product!.id;
});
afterAll(() => t.close());

/** An Active company of the owner with a listing the fixture's events match (category A, sub-category A1, county 1). */
async function companyWithListing() {
  const company = await createCompany(t, owner.accessToken);
  await approveCompany(t, admin.accessToken, company.id);
  const matching = await listing(company.id);
  return { company, matching };
}

async function listing(companyId: string, values: Partial<typeof listings.$inferInsert> = {}) {
  const [row] = await t.deps.db.insert(listings).values({
    companyId, name: 'Fjordfoto weddings', shortDescription: 'Short', categoryId: f.catA.id, subCategoryId: f.subA1.id,
    countyIds: [f.county1.id], status: ListingStatus.Approved, isActive: true, ...values,
  }).returning();
  bumpCatalogue();
  return row!;
}

async function approvedEvent(): Promise<PlannerEvent> {
  const created = await createEvent(t, planner.accessToken, completeEvent(f, { status: EventStatus.AwaitingApproval }));
  const res = await call('POST', '/approval', { id: created.id, approved: true, type: 300 }, admin.accessToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlannerEvent;
}

const startEventChat = (companyId: string, eventId: string) =>
  call('POST', '/chats/event-chat', { userId: planner.user.id, companyId, eventId });

const hitsOf = async (eventId: string) =>
  (await t.deps.db.select().from(listingEvents).where(eq(listingEvents.eventType, 'eventhit')))
    .filter((e) => e.metadata.eventId === eventId);

async function subscribe(companyId: string, values: Partial<typeof companySubscriptions.$inferInsert>) {
  const now = t.deps.clock();
  await t.deps.db.insert(companySubscriptions).values({
    companyId, productId, status: SubscriptionStatus.Active, periodStart: now, periodEnd: new Date(now.getTime() + 30 * DAY),
    eventClickTokens: 0, updatedAt: now, ...values,
  });
}

const setExtras = (companyId: string, extras: number) =>
  t.deps.db.update(companies).set({ eventClickTokensExtras: extras }).where(eq(companies.id, companyId));

const ownedCompany = async (id: string) => (await call('GET', `/company/${id}`)).json() as OwnedCompany;

describe('event hits', () => {
  it('records one on each of the company\'s matching listings that is not Deleted, for a new chat only', async () => {
    const { company, matching } = await companyWithListing();
    const draft = await listing(company.id, { status: ListingStatus.Draft, name: 'Draft' });
    const otherService = await listing(company.id, { categoryId: f.catB.id, subCategoryId: f.subB1.id, name: 'Buffet' });
    const elsewhere = await listing(company.id, { countyIds: [], regionIds: [f.region2.id], name: 'Elsewhere' });
    const deleted = await listing(company.id, { status: ListingStatus.Deleted, name: 'Deleted' });
    const event = await approvedEvent();

    const first = await startEventChat(company.id, event.id);
    expect(first.statusCode, first.body).toBe(201);
    const hits = await hitsOf(event.id);
    expect(hits.map((h) => h.listingId).sort()).toEqual([matching.id, draft.id].sort());
    expect(hits.every((h) => h.userId === owner.user.id)).toBe(true);

    // The chat already exists: no second event click, no new hits.
    const again = await startEventChat(company.id, event.id);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as Chat).id).toBe((first.json() as Chat).id);
    expect(await hitsOf(event.id)).toHaveLength(2);

    // The statistics count them: all time, in a range and in the company's totals and series.
    const all = (await call('GET', `/ListingStatistics/${matching.id}`)).json() as ListingStatistics;
    expect(all).toMatchObject({ eventHitCount: 1, viewCount: 0, chatStartCount: 0 });
    const today = t.deps.clock().toISOString().slice(0, 10);
    const range = (await call('GET', `/ListingStatistics/${draft.id}/range?startDate=${today}&endDate=${today}`)).json() as ListingStatistics;
    expect(range.eventHitCount).toBe(1);
    const res = await call('GET', `/ListingStatistics/company/${company.id}?startDate=${today}&endDate=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json() as CompanyStatistics;
    expect(stats.totalEventHits).toBe(2);
    const series = new Map(stats.listingStatistics.map((s) => [s.listingId, s.dailyEventHits]));
    expect(series.get(matching.id)).toEqual([{ date: today, count: 1 }]);
    expect(series.get(draft.id)).toEqual([{ date: today, count: 1 }]);
    for (const id of [otherService.id, elsewhere.id]) expect(series.get(id)).toEqual([{ date: today, count: 0 }]);
    expect(series.has(deleted.id)).toBe(false);
  });

  it('cannot be recorded by clients: POST /ListingStatistics/record refuses the type', async () => {
    const { matching } = await companyWithListing();
    for (const eventType of ['eventhit', 'eventHit', ' EVENTHIT ']) {
      const res = await call('POST', '/ListingStatistics/record', { listingId: matching.id, eventType, metadata: { deviceId: 'd1' } }, ANON);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { errors: { field: string }[] }).errors[0]!.field).toBe('eventType');
    }
    expect(await t.deps.db.select().from(listingEvents).where(eq(listingEvents.listingId, matching.id))).toEqual([]);
  });
});

describe('event clicks', () => {
  it('are not limited for a company that never subscribed', async () => {
    const { company } = await companyWithListing();
    for (let i = 0; i < 3; i += 1) {
      const res = await startEventChat(company.id, (await approvedEvent()).id);
      expect(res.statusCode, res.body).toBe(201);
    }
    const row = await ownedCompany(company.id);
    expect([row.eventClickTokens_Subscription, row.eventClickTokens_Extras]).toEqual([0, 0]);
  });

  it('spend this period\'s token first, then the extras, then answer 409 and store nothing', async () => {
    const { company } = await companyWithListing();
    await subscribe(company.id, { eventClickTokens: 1 });
    await t.deps.db.update(companies).set({ eventClickTokensSubscription: 1 }).where(eq(companies.id, company.id));
    await setExtras(company.id, 1);
    const before = (await t.deps.db.select().from(companySubscriptions).where(eq(companySubscriptions.companyId, company.id)))[0]!;
    t.advance(60_000);

    expect((await startEventChat(company.id, (await approvedEvent()).id)).statusCode).toBe(201);
    const sub = (await call('GET', `/subscription/${company.id}`)).json() as CompanySubscription;
    expect(sub.eventClickTokens_Subscription).toBe(0);
    let row = await ownedCompany(company.id);
    expect([row.eventClickTokens_Subscription, row.eventClickTokens_Extras]).toEqual([0, 1]);
    // The spend is a write of the subscription row: its updatedAt moves (the Admin's attention list sorts by it).
    const after = (await t.deps.db.select().from(companySubscriptions).where(eq(companySubscriptions.companyId, company.id)))[0]!;
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());

    expect((await startEventChat(company.id, (await approvedEvent()).id)).statusCode).toBe(201);
    row = await ownedCompany(company.id);
    expect([row.eventClickTokens_Subscription, row.eventClickTokens_Extras]).toEqual([0, 0]);

    const refusedEvent = await approvedEvent();
    const refused = await startEventChat(company.id, refusedEvent.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect((refused.json() as { message: string }).message).toBe(EventClickMessages.NoneLeft);
    expect(await t.deps.db.select().from(chats).where(and(eq(chats.companyId, company.id), eq(chats.eventId, refusedEvent.id)))).toEqual([]);
    expect(await hitsOf(refusedEvent.id)).toEqual([]);

    // A chat that already exists stays reachable without tokens.
    const [earlier] = await t.deps.db.select().from(chats).where(eq(chats.companyId, company.id)).limit(1);
    expect((await startEventChat(company.id, earlier!.eventId!)).statusCode).toBe(200);

    // A token pack later: the refused chat can be made.
    await setExtras(company.id, 1);
    expect((await startEventChat(company.id, refusedEvent.id)).statusCode).toBe(201);
    expect(await hitsOf(refusedEvent.id)).toHaveLength(1);
  });

  it('do not use period tokens after the period ended; a Cancelled plan keeps them until then', async () => {
    const { company } = await companyWithListing();
    const now = t.deps.clock();
    await subscribe(company.id, { eventClickTokens: 5, periodStart: new Date(now.getTime() - 400 * DAY), periodEnd: new Date(now.getTime() - DAY) });
    const ended = await startEventChat(company.id, (await approvedEvent()).id);
    expect(ended.statusCode, ended.body).toBe(409);

    await t.deps.db.update(companySubscriptions)
      .set({ status: SubscriptionStatus.Cancelled, periodEnd: new Date(now.getTime() + DAY) })
      .where(eq(companySubscriptions.companyId, company.id));
    expect((await startEventChat(company.id, (await approvedEvent()).id)).statusCode).toBe(201);
    const [sub] = await t.deps.db.select().from(companySubscriptions).where(eq(companySubscriptions.companyId, company.id));
    expect(sub!.eventClickTokens).toBe(4);
  });

  it.each([
    ['PastDue (the provider still retrying)', { status: SubscriptionStatus.PastDue }, true],
    ['Unpaid (benefits suspended)', { status: SubscriptionStatus.Unpaid }, false],
    ['Incomplete (never paid)', { status: SubscriptionStatus.Incomplete }, false],
    ['IncompleteExpired', { status: SubscriptionStatus.IncompleteExpired }, false],
    ['paused', { paused: true, pauseReason: 'Winter break' }, false],
  ] as const)('period tokens of a plan that is %s: spent %s; the extras are spent either way', async (_label, state, spends) => {
    const { company } = await companyWithListing();
    await subscribe(company.id, { eventClickTokens: 3, ...state });
    const first = await startEventChat(company.id, (await approvedEvent()).id);
    expect(first.statusCode, first.body).toBe(spends ? 201 : 409);
    const [sub] = await t.deps.db.select().from(companySubscriptions).where(eq(companySubscriptions.companyId, company.id));
    expect(sub!.eventClickTokens).toBe(spends ? 2 : 3);
    await setExtras(company.id, 1);
    expect((await startEventChat(company.id, (await approvedEvent()).id)).statusCode).toBe(201);
    // A plan that spends uses its own tokens first; otherwise the pack's token went.
    expect((await ownedCompany(company.id)).eventClickTokens_Extras).toBe(spends ? 1 : 0);
  });
});
