import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventStatus, type EventInput, type PlannerEvent } from '../../src/domain/events';
import { categoryServices, counties, listings, plannerEvents, subCategoryServices } from '../../server/db/schema';
import { bumpCatalogue } from '../../server/modules/listings/search-cache';
import { signUp, signUpAdmin } from './helpers/accounts';
import { approveCompany, createCompany } from './helpers/companies';
import { completeEvent, createEvent, places } from './helpers/events';
import { listingFixture } from './helpers/listings';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let f: Awaited<ReturnType<typeof listingFixture>>;
let owner: Awaited<ReturnType<typeof signUp>>;
let planner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await listingFixture(t);
  owner = await signUp(t);
  planner = await signUp(t);
  stranger = await signUp(t);
  admin = await signUpAdmin(t);
});
afterAll(() => t.close());
// Each test's answer holds only its own events: every Approved event could match any company.
beforeEach(async () => { await t.deps.db.delete(plannerEvents); });

const call = apiCaller(() => t, () => owner.accessToken);

/** A fresh Active company of the owner (each test its own, so the answers are the test's alone). */
async function activeCompany() {
  const company = await createCompany(t, owner.accessToken);
  await approveCompany(t, admin.accessToken, company.id);
  return company;
}

type ListingInsert = typeof listings.$inferInsert;
let minute = 0;
async function listing(companyId: string, values: Partial<ListingInsert> = {}) {
  minute += 1;
  const [row] = await t.deps.db.insert(listings).values({
    companyId, name: `Listing ${minute}`, shortDescription: 'Short', categoryId: f.catB.id, status: 200, isActive: true,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, minute)), ...values,
  }).returning();
  bumpCatalogue();
  return row!;
}

/** An event of the planner, approved by the Admin unless told otherwise. */
async function event(overrides: Partial<EventInput> = {}, approve = true): Promise<PlannerEvent> {
  const created = await createEvent(t, planner.accessToken, completeEvent(f, { status: EventStatus.AwaitingApproval, ...overrides }));
  if (!approve) return created;
  const res = await call('POST', '/approval', { id: created.id, approved: true, type: 300 }, admin.accessToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlannerEvent;
}

const matches = async (companyId: string, token = owner.accessToken) => {
  const res = await call('GET', `/PlannerEvent/company/${companyId}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlannerEvent[];
};
const matchMap = async (companyId: string) =>
  Object.fromEntries((await matches(companyId)).map((e) => [e.id, [...e.matchingListingIds!].sort()]));

describe('GET /PlannerEvent/company/{companyId}: who may ask', () => {
  it('anonymous 401, another user 403, unknown company 404, malformed id 400; the owner and an Admin 200', async () => {
    const company = await activeCompany();
    expect((await call('GET', `/PlannerEvent/company/${company.id}`, undefined, ANON)).statusCode).toBe(401);
    const other = await call('GET', `/PlannerEvent/company/${company.id}`, undefined, stranger.accessToken);
    expect(other.statusCode).toBe(403);
    expect((await call('GET', `/PlannerEvent/company/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('GET', '/PlannerEvent/company/nope')).statusCode).toBe(400);
    expect(await matches(company.id)).toEqual([]);
    expect(await matches(company.id, admin.accessToken)).toEqual([]);
  });
});

describe('matching by what the event asks for', () => {
  it('category (chosen, or keyed with something ticked), sub-category or service; nothing else', async () => {
    const company = await activeCompany();
    const [catService] = await t.deps.db.insert(categoryServices).values({ categoryId: f.catB.id, name: 'Buffet' }).returning();
    const [subService] = await t.deps.db.insert(subCategoryServices).values({ subCategoryId: f.subB1.id, name: 'Dessert' }).returning();
    const place = { countyIds: [f.county1.id] };
    const inCatA = await listing(company.id, { categoryId: f.catA.id, ...place });
    const inCatB = await listing(company.id, { categoryId: f.catB.id, ...place });
    // Rows whose category is not selected, to see each of the other rules alone.
    const bySub = await listing(company.id, { categoryId: f.catB.id, subCategoryId: f.subA2.id, ...place });
    const byCatService = await listing(company.id, { categoryId: f.catA.id, categoryServiceIds: [catService!.id], ...place });
    const bySubService = await listing(company.id, { categoryId: f.catA.id, subCategoryServiceIds: [subService!.id], ...place });
    const service = (id: string) => ({ id, name: 'S', groupName: null, isSelected: true, description: null });

    const chosenA = await event({ eventCategories: [{ id: f.catA.id, name: 'A' }] });
    const keyedB = await event({
      eventCategories: [],
      selectedServices: { [f.catB.id]: { categoryServices: [], subCategories: [{ id: f.subB1.id, name: 'Buffet', isSelected: true, services: [] }] } },
    });
    const subOnly = await event({
      eventCategories: [],
      selectedServices: { [f.catA.id]: { categoryServices: [], subCategories: [{ id: f.subA2.id, name: 'P', isSelected: true, services: [] }] } },
    });
    const catServiceOnly = await event({
      eventCategories: [],
      selectedServices: { [f.catB.id]: { categoryServices: [service(catService!.id)], subCategories: [] } },
    });
    const subServiceOnly = await event({
      eventCategories: [],
      selectedServices: { [f.catB.id]: { categoryServices: [], subCategories: [{ id: f.subB1.id, name: 'B', isSelected: false, services: [service(subService!.id)] }] } },
    });
    // Category B listed with nothing ticked, and A only through a ticked sub-category of A.
    const untickedB = await event({
      eventCategories: [],
      selectedServices: {
        [f.catA.id]: { categoryServices: [], subCategories: [{ id: f.subA1.id, name: 'W', isSelected: true, services: [] }] },
        [f.catB.id]: { categoryServices: [], subCategories: [{ id: f.subB1.id, name: 'B', isSelected: false, services: [] }] },
      },
    });

    const found = await matchMap(company.id);
    const catA = [inCatA.id, byCatService.id, bySubService.id];
    const catB = [inCatB.id, bySub.id];
    expect(found[chosenA.id]).toEqual([...catA].sort());
    expect(found[keyedB.id]).toEqual(catB.sort());
    expect(found[subOnly.id]).toEqual([...catA, bySub.id].sort());
    expect(found[catServiceOnly.id]).toEqual([...catB, byCatService.id].sort());
    expect(found[subServiceOnly.id]).toEqual([...catB, bySubService.id].sort());
    expect(found[untickedB.id]).toEqual(catA.sort());
  });
});

describe('matching by place', () => {
  it('same region or county; a region covers its counties; a county lies in its region; another place does not match', async () => {
    const company = await activeCompany();
    const [farCounty] = await t.deps.db.insert(counties).values({ regionId: f.region2.id, name: `Far ${randomUUID().slice(0, 4)}` }).returning();
    const inCounty1 = await listing(company.id, { countyIds: [f.county1.id] });
    const inCounty2 = await listing(company.id, { countyIds: [f.county2.id] });
    const inRegion = await listing(company.id, { regionIds: [f.region.id] });
    const inRegion2 = await listing(company.id, { regionIds: [f.region2.id] });
    const inFar = await listing(company.id, { countyIds: [farCounty!.id] });
    const nowhere = await listing(company.id, {});
    const withB = { eventCategories: [{ id: f.catB.id, name: 'B' }] };

    const region = await event({ ...withB, eventLocations: places(f, { region: true }) });
    const county1 = await event({ ...withB, eventLocations: places(f, { county1: true }) });
    const region2 = await event({ ...withB, eventLocations: [{ id: f.region2.id, name: 'Other', isSelected: true, counties: [] }] });

    const found = await matchMap(company.id);
    expect(found[region.id]).toEqual([inCounty1.id, inCounty2.id, inRegion.id].sort());
    expect(found[county1.id]).toEqual([inCounty1.id, inRegion.id].sort());
    expect(found[region2.id]).toEqual([inRegion2.id, inFar.id].sort());
    for (const ids of Object.values(found)) expect(ids).not.toContain(nowhere.id);

    // A county added to the region later counts at once (the region is expanded when asked, not when saved).
    const [added] = await t.deps.db.insert(counties).values({ regionId: f.region.id, name: `New ${randomUUID().slice(0, 4)}` }).returning();
    const inAdded = await listing(company.id, { countyIds: [added!.id] });
    expect((await matchMap(company.id))[region.id]).toContain(inAdded.id);
  });
});

describe('what is left out', () => {
  it('events not Approved, listings not public, other companies\' listings; events with no match at all', async () => {
    const company = await activeCompany();
    const otherCompany = await activeCompany();
    const place = { countyIds: [f.county1.id] };
    const shown = await listing(company.id, place);
    const draft = await listing(company.id, { ...place, status: 0 });
    const pending = await listing(company.id, { ...place, status: 100 });
    const hidden = await listing(company.id, { ...place, isActive: false });
    const deleted = await listing(company.id, { ...place, status: 600 });
    await listing(otherCompany.id, place);
    const withB = { eventCategories: [{ id: f.catB.id, name: 'B' }] };

    const approved = await event(withB);
    const waiting = await event(withB, false);
    const cancelled = await event(withB);
    await call('PUT', `/PlannerEvent/${cancelled.id}`, completeEvent(f, { ...withB, status: EventStatus.Cancelled }), planner.accessToken);
    const completed = await event(withB);
    await t.deps.db.update(plannerEvents).set({ status: EventStatus.Completed }).where(eq(plannerEvents.id, completed.id));
    const elsewhere = await event({ ...withB, eventLocations: [{ id: f.region2.id, name: 'Other', isSelected: true, counties: [] }] });

    const list = await matches(company.id);
    expect(list.map((e) => e.id)).toEqual([approved.id]);
    expect(list[0]!.matchingListingIds).toEqual([shown.id]);
    for (const id of [draft.id, pending.id, hidden.id, deleted.id]) expect(list[0]!.matchingListingIds).not.toContain(id);
    expect(list.map((e) => e.id)).not.toContain(waiting.id);
    expect(list.map((e) => e.id)).not.toContain(elsewhere.id);

    // The owner's company hidden from the public (Deleted): no listing is public, nothing matches.
    await call('DELETE', `/company/${company.id}`);
    expect(await matches(company.id)).toEqual([]);
  });

  it('answers each event as its planner sees it plus matchingListingIds, newest event first, newest listing first', async () => {
    const company = await activeCompany();
    const older = await listing(company.id, { countyIds: [f.county1.id] });
    const newer = await listing(company.id, { countyIds: [f.county1.id] });
    const withB = { eventCategories: [{ id: f.catB.id, name: 'B' }] };
    const first = await event(withB);
    t.advance(1000);
    const second = await event(withB);
    const list = await matches(company.id);
    expect(list.map((e) => e.id)).toEqual([second.id, first.id]);
    expect(list[1]).toEqual({ ...first, matchingListingIds: [newer.id, older.id] });
  });
});
