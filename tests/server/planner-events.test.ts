import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_LIMITS, EventStatus, newEventInput, type EventInput, type PlannerEvent } from '../../src/domain/events';
import { categoryServices, plannerEvents, subCategoryServices, users } from '../../server/db/schema';
import { signUp, signUpAdmin } from './helpers/accounts';
import { completeEvent, createEvent, places, services } from './helpers/events';
import { listingFixture } from './helpers/listings';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let f: Awaited<ReturnType<typeof listingFixture>>;
let planner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await listingFixture(t);
  planner = await signUp(t);
  other = await signUp(t);
  admin = await signUpAdmin(t);
});
afterAll(() => t.close());

const call = apiCaller(() => t, () => planner.accessToken);
const row = async (id: string) => (await t.deps.db.select().from(plannerEvents).where(eq(plannerEvents.id, id)))[0];
const draft = (overrides: Partial<EventInput> = {}) => createEvent(t, planner.accessToken, completeEvent(f, overrides));
const setStatus = (id: string, status: number) => t.deps.db.update(plannerEvents).set({ status }).where(eq(plannerEvents.id, id));

describe('POST /PlannerEvent', () => {
  it('creates a draft at version 1 with every field, and derives the match columns from the documents', async () => {
    const input = completeEvent(f, { eventLocations: places(f, { region: true, county1: true, county2: true }) });
    // Whatever a client says about the derived columns is ignored.
    const res = await call('POST', '/PlannerEvent', { ...input, regionIds: [randomUUID()], serviceIds: [randomUUID()], approved: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    const event = res.json() as PlannerEvent;
    expect(event).toMatchObject({
      ...input, createdBy: planner.user.id, approved: false, rejectionMessage: null, version: 1, status: EventStatus.Draft,
    });
    expect(Object.keys(event).sort()).toEqual([
      'approved', 'createdAt', 'createdBy', 'eventCategories', 'eventConfig', 'eventLocations', 'eventType', 'id', 'lastUpdated',
      'rejectionMessage', 'selectedServices', 'status', 'version',
    ]);
    const stored = (await row(event.id))!;
    expect(stored.regionIds).toEqual([f.region.id]);
    expect(stored.countyIds.sort()).toEqual([f.county1.id, f.county2.id].sort());
    expect(stored.categoryIds).toEqual([f.catA.id]);
    expect(stored.subCategoryIds).toEqual([f.subA1.id]);
    expect(stored.serviceIds).toEqual([]);
  });

  it('derives category and service ids from selectedServices: only categories with something ticked count', async () => {
    const [catService] = await t.deps.db.insert(categoryServices).values({ categoryId: f.catB.id, name: 'Buffet for 100' }).returning();
    const [subService] = await t.deps.db.insert(subCategoryServices).values({ subCategoryId: f.subA2.id, name: 'Album' }).returning();
    const service = (id: string, isSelected: boolean) => ({ id, name: 'S', groupName: null, isSelected, description: null });
    const event = await draft({
      eventCategories: [],
      selectedServices: {
        [f.catA.id]: { categoryServices: [], subCategories: [{ id: f.subA2.id, name: 'Portraits', isSelected: false, services: [service(subService!.id, true)] }] },
        [f.catB.id]: { categoryServices: [service(catService!.id, true)], subCategories: [] },
        // Listed, nothing ticked: not a selected category.
        [f.catA.id.replace(/.$/, (c) => (c === '0' ? '1' : '0'))]: { categoryServices: [], subCategories: [] },
      },
    });
    const stored = (await row(event.id))!;
    expect(stored.categoryIds.sort()).toEqual([f.catA.id, f.catB.id].sort());
    expect(stored.subCategoryIds).toEqual([]);
    expect(stored.serviceIds.sort()).toEqual([catService!.id, subService!.id].sort());
  });

  it('keeps a device-made id; the same id again answers the event unchanged (200), another user gets 409', async () => {
    const id = randomUUID();
    const first = await call('POST', '/PlannerEvent', completeEvent(f, { id }));
    expect(first.statusCode).toBe(201);
    expect(first.json().id).toBe(id);
    const again = await call('POST', '/PlannerEvent', completeEvent(f, { id, eventConfig: { ...completeEvent(f).eventConfig, eventName: 'Changed' } }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const taken = await call('POST', '/PlannerEvent', completeEvent(f, { id }), other.accessToken);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An event with this id already exists');
    expect((await row(id))!.createdById).toBe(planner.user.id);
  });

  it('saves a new empty draft (the autosave) and an event for approval when every step is complete', async () => {
    const empty = await createEvent(t, planner.accessToken, newEventInput());
    expect(empty).toMatchObject({ status: EventStatus.Draft, eventType: -1, eventConfig: { eventName: '', startDate: null } });
    const pending = await draft({ status: EventStatus.AwaitingApproval });
    expect(pending.status).toBe(EventStatus.AwaitingApproval);
  });

  it.each([EventStatus.Approved, EventStatus.Rejected, EventStatus.Completed, EventStatus.Cancelled])(
    'refuses to create an event with status %i', async (status) => {
      const res = await call('POST', '/PlannerEvent', completeEvent(f, { status }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('status');
    });

  it('Save for Approval needs every wizard step, with the steps\' messages', async () => {
    const res = await call('POST', '/PlannerEvent', { ...newEventInput(), status: EventStatus.AwaitingApproval });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'eventConfig', message: 'Name, attendees, start date and end date are required' },
      { field: 'eventLocations', message: 'Choose at least one region or county' },
      { field: 'selectedServices', message: 'Choose at least one service' },
    ]);
    const noAttendees = completeEvent(f, { status: EventStatus.AwaitingApproval });
    noAttendees.eventConfig.numberOfAttendees = 0;
    expect((await call('POST', '/PlannerEvent', noAttendees)).json().errors).toEqual([
      { field: 'eventConfig', message: 'Name, attendees, start date and end date are required' },
    ]);
  });

  it('accepts region ids with the regions/ prefix and stores them without it', async () => {
    const locations = places(f, { region: true });
    locations[0]!.id = `regions/${f.region.id}`;
    locations[0]!.counties[0]!.regionId = `regions/${f.region.id}`;
    const event = await draft({ eventLocations: locations });
    expect(event.eventLocations[0]!.id).toBe(f.region.id);
    expect(event.eventLocations[0]!.counties[0]!.regionId).toBe(f.region.id);
    expect((await row(event.id))!.regionIds).toEqual([f.region.id]);
  });
});

describe('validation (400 with errors[])', () => {
  const base = () => completeEvent(f);
  const config = (patch: Record<string, unknown>) => ({ ...base(), eventConfig: { ...base().eventConfig, ...patch } });
  it.each([
    ['no body', () => undefined, 'eventType'],
    ['an array', () => [], 'body'],
    ['an unknown event type', () => ({ ...base(), eventType: 11 }), 'eventType'],
    ['the event type as text', () => ({ ...base(), eventType: '10' }), 'eventType'],
    ['an unknown status', () => ({ ...base(), status: 7 }), 'status'],
    ['no eventConfig', () => ({ ...base(), eventConfig: undefined }), 'eventConfig'],
    ['a date that does not exist', () => config({ startDate: '2027-02-30' }), 'eventConfig.startDate'],
    ['a date in another format', () => config({ endDate: '13/06/2027' }), 'eventConfig.endDate'],
    ['an end before the start', () => config({ startDate: '2027-06-13', endDate: '2027-06-12' }), 'eventConfig.endDate'],
    ['negative attendees', () => config({ numberOfAttendees: -1 }), 'eventConfig.numberOfAttendees'],
    ['too many attendees', () => config({ numberOfAttendees: EVENT_LIMITS.attendeesMax + 1 }), 'eventConfig.numberOfAttendees'],
    ['half an attendee', () => config({ numberOfAttendees: 1.5 }), 'eventConfig.numberOfAttendees'],
    ['a negative budget', () => config({ budget: -1 }), 'eventConfig.budget'],
    ['a budget over the limit', () => config({ budget: EVENT_LIMITS.budgetMax + 1 }), 'eventConfig.budget'],
    ['a name too long', () => config({ eventName: 'x'.repeat(EVENT_LIMITS.name + 1) }), 'eventConfig.eventName'],
    ['a description too long', () => config({ description: 'x'.repeat(EVENT_LIMITS.description + 1) }), 'eventConfig.description'],
    ['a region id that is not an id', () => ({ ...base(), eventLocations: [{ id: 'oslo', name: 'Oslo', isSelected: true, counties: [] }] }), 'eventLocations.0.id'],
    ['a category key that is not an id', () => ({ ...base(), selectedServices: { food: { categoryServices: [], subCategories: [] } } }), 'selectedServices.food'],
    ['locations as an object', () => ({ ...base(), eventLocations: {} }), 'eventLocations'],
    ['too many regions', () => ({ ...base(), eventLocations: Array.from({ length: 201 }, () => places(f)[0]) }), 'eventLocations'],
  ])('refuses %s', async (_label, body, field) => {
    const res = await call('POST', '/PlannerEvent', body());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it.each([
    ['a selected region', () => completeEvent(f, { eventLocations: [{ id: randomUUID(), name: 'Nowhere', isSelected: true, counties: [] }] }), 'Region not found'],
    ['a selected county', () => completeEvent(f, {
      eventLocations: [{ ...places(f)[0]!, counties: [{ id: randomUUID(), name: 'X', regionId: f.region.id, isSelected: true }] }],
    }), 'County not found'],
    ['a category', () => completeEvent(f, { eventCategories: [{ id: randomUUID(), name: 'Gone' }] }), 'Category not found'],
    ['a selected sub-category', () => completeEvent(f, {
      selectedServices: { [f.catA.id]: { categoryServices: [], subCategories: [{ id: randomUUID(), name: 'Gone', isSelected: true, services: [] }] } },
    }), 'Subcategory not found'],
    ['a selected service', () => completeEvent(f, {
      selectedServices: { [f.catA.id]: { categoryServices: [{ id: randomUUID(), name: 'Gone', groupName: null, isSelected: true, description: null }], subCategories: [] } },
    }), 'Service not found'],
  ])('refuses %s that does not exist', async (_label, body, message) => {
    const res = await call('POST', '/PlannerEvent', body());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it('accepts a listed but unselected county that no longer exists (the wizard\'s copy of the catalogue)', async () => {
    const locations = places(f, { county1: true });
    locations[0]!.counties.push({ id: randomUUID(), name: 'Removed since', regionId: f.region.id, isSelected: false });
    expect((await call('POST', '/PlannerEvent', completeEvent(f, { eventLocations: locations }))).statusCode).toBe(201);
  });

  it('a deeply nested or huge body is a 400, never a 5xx', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { a: deep };
    const nested = await call('POST', '/PlannerEvent', { ...completeEvent(f), selectedServices: deep });
    expect(nested.statusCode).toBe(400);
    const many = Array.from({ length: 2001 }, () => ({ id: randomUUID(), name: 'S', groupName: null, isSelected: false, description: null }));
    const huge = await call('POST', '/PlannerEvent', { ...completeEvent(f), selectedServices: { [f.catA.id]: { categoryServices: many, subCategories: [] } } });
    expect(huge.statusCode).toBe(400);
    const tooBig = await call('POST', '/PlannerEvent', { ...completeEvent(f), eventConfig: { ...completeEvent(f).eventConfig, description: 'x'.repeat(2_000_000) } });
    expect(tooBig.statusCode).toBeLessThan(500);
    expect(tooBig.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('reads', () => {
  it('GET /PlannerEvent lists the caller\'s events only, Cancelled too, last updated first; anonymous 401', async () => {
    const user = await signUp(t);
    const older = await createEvent(t, user.accessToken, completeEvent(f));
    t.advance(1000);
    const cancelled = await createEvent(t, user.accessToken, completeEvent(f));
    await setStatus(cancelled.id, EventStatus.Cancelled);
    t.advance(1000);
    const newer = await createEvent(t, user.accessToken, completeEvent(f));
    await createEvent(t, other.accessToken, completeEvent(f));
    const res = await call('GET', '/PlannerEvent', undefined, user.accessToken);
    expect(res.statusCode).toBe(200);
    expect((res.json() as PlannerEvent[]).map((e) => e.id)).toEqual([newer.id, cancelled.id, older.id]);
    expect((await call('GET', '/PlannerEvent', undefined, ANON)).statusCode).toBe(401);
  });

  it('GET /PlannerEvent/{id}: the planner and an Admin read any status; others only an Approved one', async () => {
    const event = await draft();
    const own = await call('GET', `/PlannerEvent/${event.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers.etag).toBe('"1"');
    expect(own.json()).toEqual(event);
    expect((await call('GET', `/PlannerEvent/${event.id}`, undefined, admin.accessToken)).statusCode).toBe(200);
    for (const status of [EventStatus.Draft, EventStatus.AwaitingApproval, EventStatus.Rejected, EventStatus.Completed, EventStatus.Cancelled]) {
      await setStatus(event.id, status);
      for (const token of [other.accessToken, ANON]) {
        const res = await call('GET', `/PlannerEvent/${event.id}`, undefined, token);
        expect(res.statusCode, `status ${status}`).toBe(404);
        expect(res.json().message).toBe('Event not found');
      }
    }
    await setStatus(event.id, EventStatus.Approved);
    expect((await call('GET', `/PlannerEvent/${event.id}`, undefined, ANON)).json()).toMatchObject({ id: event.id, status: EventStatus.Approved });
    expect((await call('GET', `/PlannerEvent/${event.id}`, undefined, other.accessToken)).statusCode).toBe(200);
  });

  it('an unknown id is 404, a malformed one 400', async () => {
    expect((await call('GET', `/PlannerEvent/${randomUUID()}`)).json().message).toBe('Event not found');
    expect((await call('GET', '/PlannerEvent/not-an-id')).statusCode).toBe(400);
  });
});

describe('writes: ownership, versions, idempotency', () => {
  it('PUT and DELETE: anonymous 401, another user 403 (even on an Approved event), an Admin may', async () => {
    const event = await draft();
    for (const status of [EventStatus.Draft, EventStatus.Approved]) {
      await setStatus(event.id, status);
      expect((await call('PUT', `/PlannerEvent/${event.id}`, completeEvent(f), ANON)).statusCode).toBe(401);
      expect((await call('DELETE', `/PlannerEvent/${event.id}`, undefined, ANON)).statusCode).toBe(401);
      const put = await call('PUT', `/PlannerEvent/${event.id}`, completeEvent(f), other.accessToken);
      expect(put.statusCode).toBe(403);
      expect((await call('DELETE', `/PlannerEvent/${event.id}`, undefined, other.accessToken)).statusCode).toBe(403);
    }
    await setStatus(event.id, EventStatus.Draft);
    expect((await row(event.id))!.version).toBe(1);
    const byAdmin = await call('PUT', `/PlannerEvent/${event.id}`, completeEvent(f, { eventType: 50 }), admin.accessToken);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ eventType: 50, createdBy: planner.user.id, version: 2 });
    expect((await call('DELETE', `/PlannerEvent/${event.id}`, undefined, admin.accessToken)).statusCode).toBe(204);
  });

  it('PUT stores the new documents, bumps the version, recomputes the derived columns; If-Match stale is 412', async () => {
    const event = await draft();
    const edited = completeEvent(f, { eventLocations: places(f, { county2: true }), selectedServices: services(f, [f.subA2.id]) });
    const res = await call('PUT', `/PlannerEvent/${event.id}`, edited, undefined, { 'if-match': '"1"' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json()).toMatchObject({ ...edited, version: 2, createdAt: event.createdAt });
    const stored = (await row(event.id))!;
    expect(stored.countyIds).toEqual([f.county2.id]);
    expect(stored.subCategoryIds).toEqual([f.subA2.id]);

    const stale = await call('PUT', `/PlannerEvent/${event.id}`, completeEvent(f), undefined, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    expect((await row(event.id))!.version).toBe(2);
    expect((await call('PUT', `/PlannerEvent/${event.id}`, completeEvent(f), undefined, { 'if-match': 'abc' })).statusCode).toBe(400);
  });

  it('PUT: an unknown event is 404, an id in the body that differs is 400', async () => {
    expect((await call('PUT', `/PlannerEvent/${randomUUID()}`, completeEvent(f))).statusCode).toBe(404);
    const event = await draft();
    const res = await call('PUT', `/PlannerEvent/${event.id}`, completeEvent(f, { id: randomUUID() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('id must match the event in the address');
  });

  it('DELETE removes the row for good; a second DELETE is 404', async () => {
    const event = await draft();
    const res = await call('DELETE', `/PlannerEvent/${event.id}`);
    expect(res.statusCode).toBe(204);
    expect(await row(event.id)).toBeUndefined();
    expect((await call('DELETE', `/PlannerEvent/${event.id}`)).statusCode).toBe(404);
  });

  it('a repeated POST, PUT or DELETE with its Idempotency-Key runs once and answers the same', async () => {
    const id = randomUUID();
    const key = { 'idempotency-key': randomUUID() };
    const post1 = await call('POST', '/PlannerEvent', completeEvent(f, { id }), undefined, key);
    const post2 = await call('POST', '/PlannerEvent', completeEvent(f, { id }), undefined, key);
    expect([post1.statusCode, post2.statusCode]).toEqual([201, 201]);
    expect(post2.headers['idempotent-replayed']).toBe('true');
    expect(post2.json()).toEqual(post1.json());

    const putKey = { 'idempotency-key': randomUUID() };
    const body = completeEvent(f, { status: EventStatus.AwaitingApproval });
    const put1 = await call('PUT', `/PlannerEvent/${id}`, body, undefined, putKey);
    const put2 = await call('PUT', `/PlannerEvent/${id}`, body, undefined, putKey);
    expect(put2.json()).toEqual(put1.json());
    expect((await row(id))!.version).toBe(2);

    await setStatus(id, EventStatus.Draft);
    const deleteKey = { 'idempotency-key': randomUUID() };
    expect((await call('DELETE', `/PlannerEvent/${id}`, undefined, undefined, deleteKey)).statusCode).toBe(204);
    const replay = await call('DELETE', `/PlannerEvent/${id}`, undefined, undefined, deleteKey);
    expect(replay.statusCode).toBe(204);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('an event goes when its planner\'s account goes', async () => {
    const user = await signUp(t);
    const event = await createEvent(t, user.accessToken, completeEvent(f));
    await t.deps.db.delete(users).where(eq(users.id, user.user.id));
    expect(await row(event.id)).toBeUndefined();
  });
});
