import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventMessages, EventStatus, type PlannerEvent } from '../../src/domain/events';
import { plannerEvents } from '../../server/db/schema';
import { signUp, signUpAdmin } from './helpers/accounts';
import { completeEvent, createEvent } from './helpers/events';
import { listingFixture } from './helpers/listings';
import { apiCaller, createTestApp, type TestApp } from './helpers/test-app';

/**
 * Spec 3 §4 as the server enforces it: every status an event can be in, against every status a
 * save can ask for, every DELETE and every Admin decision. The expectations are written out
 * here, not computed from src/domain/events, so a wrong rule there fails this table.
 */

let t: TestApp;
let f: Awaited<ReturnType<typeof listingFixture>>;
let planner: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await listingFixture(t);
  planner = await signUp(t);
  admin = await signUpAdmin(t);
});
afterAll(() => t.close());

const call = apiCaller(() => t, () => planner.accessToken);
const { Draft, AwaitingApproval, Approved, Rejected, Completed, Cancelled } = EventStatus;
const NAMES: Record<number, string> = { 0: 'Draft', 100: 'AwaitingApproval', 200: 'Approved', 300: 'Rejected', 400: 'Completed', 500: 'Cancelled' };
const row = async (id: string) => (await t.deps.db.select().from(plannerEvents).where(eq(plannerEvents.id, id)))[0];

/** An event in `status`, as an approval or a date would have left it (approved set for Approved and after). */
async function eventIn(status: number, approved = status === Approved || status === Completed): Promise<PlannerEvent> {
  const event = await createEvent(t, planner.accessToken, completeEvent(f));
  await t.deps.db.update(plannerEvents)
    .set({ status, approved, rejectionMessage: status === Rejected ? 'Too vague' : null })
    .where(eq(plannerEvents.id, event.id));
  return event;
}

type Outcome = number | 'StatusNotAllowed' | 'CancelNotAllowed';
/** [current, requested by the save, outcome]: the new status, or the 409's message. */
const PUT_TABLE: [number, number, Outcome][] = [
  [Draft, Draft, Draft],
  [Draft, AwaitingApproval, AwaitingApproval],
  [Draft, Approved, 'StatusNotAllowed'],
  [Draft, Rejected, 'StatusNotAllowed'],
  [Draft, Completed, 'StatusNotAllowed'],
  [Draft, Cancelled, 'CancelNotAllowed'],
  [AwaitingApproval, Draft, Draft],
  [AwaitingApproval, AwaitingApproval, AwaitingApproval],
  [AwaitingApproval, Approved, 'StatusNotAllowed'],
  [AwaitingApproval, Rejected, 'StatusNotAllowed'],
  [AwaitingApproval, Completed, 'StatusNotAllowed'],
  [AwaitingApproval, Cancelled, Cancelled],
  // An edit of an Approved event is an approval request again, whatever the save asked for.
  [Approved, Draft, AwaitingApproval],
  [Approved, AwaitingApproval, AwaitingApproval],
  [Approved, Approved, 'StatusNotAllowed'],
  [Approved, Rejected, 'StatusNotAllowed'],
  [Approved, Completed, 'StatusNotAllowed'],
  [Approved, Cancelled, Cancelled],
  [Rejected, Draft, Draft],
  [Rejected, AwaitingApproval, AwaitingApproval],
  [Rejected, Approved, 'StatusNotAllowed'],
  [Rejected, Rejected, 'StatusNotAllowed'],
  [Rejected, Completed, 'StatusNotAllowed'],
  [Rejected, Cancelled, 'CancelNotAllowed'],
  ...[Draft, AwaitingApproval, Approved, Rejected, Completed, Cancelled].flatMap((requested): [number, number, Outcome][] => [
    [Completed, requested, 'StatusNotAllowed'],
    [Cancelled, requested, 'StatusNotAllowed'],
  ]),
];

describe('PUT /PlannerEvent/{id}: every status against every requested status', () => {
  it('covers all 36 pairs', () => {
    expect(new Set(PUT_TABLE.map(([c, r]) => `${c}>${r}`)).size).toBe(36);
  });

  it.each(PUT_TABLE.map(([c, r, o]) => [NAMES[c], NAMES[r], typeof o === 'number' ? NAMES[o] : `409 ${o}`, c, r, o] as const))(
    '%s, save asks %s → %s', async (_c, _r, _o, current, requested, outcome) => {
      const event = await eventIn(current);
      const edited = completeEvent(f, { status: requested as PlannerEvent['status'], eventType: 50 });
      const res = await call('PUT', `/PlannerEvent/${event.id}`, edited);
      const stored = (await row(event.id))!;
      if (typeof outcome === 'number') {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ status: outcome, version: 2 });
        expect(stored.status).toBe(outcome);
        if (outcome === Cancelled) {
          // A cancel changes the status only; an approved event keeps having been approved.
          expect(stored.eventType).toBe(event.eventType);
          expect(stored.approved).toBe(current === Approved);
        } else {
          expect(stored.eventType).toBe(50);
          expect(stored.approved).toBe(false);
          expect(stored.rejectionMessage).toBeNull();
        }
      } else {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toBe(EventMessages[outcome]);
        expect(stored).toMatchObject({ status: current, version: 1, eventType: event.eventType });
      }
    });
});

describe('DELETE /PlannerEvent/{id}', () => {
  it.each([
    [Draft, true], [AwaitingApproval, false], [Approved, false], [Rejected, true], [Completed, false], [Cancelled, false],
  ])('status %i: deleted %s', async (status, deleted) => {
    const event = await eventIn(status);
    const res = await call('DELETE', `/PlannerEvent/${event.id}`);
    if (deleted) {
      expect(res.statusCode).toBe(204);
      expect(await row(event.id)).toBeUndefined();
    } else {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Only a draft or a rejected event can be deleted');
      expect((await row(event.id))!.status).toBe(status);
    }
  });
});

describe('POST /approval type 300: only an event AwaitingApproval is decided', () => {
  const decide = (id: string, approved: boolean) =>
    call('POST', '/approval', { id, approved, type: 300, rejectionMessage: approved ? undefined : 'Please add a date' }, admin.accessToken);
  it.each([
    [Draft, true, 409], [Draft, false, 409],
    [AwaitingApproval, true, Approved], [AwaitingApproval, false, Rejected],
    [Approved, true, 409], [Approved, false, 409],
    [Rejected, true, 409], [Rejected, false, 409],
    [Completed, true, 409], [Completed, false, 409],
    [Cancelled, true, 409], [Cancelled, false, 409],
  ])('status %i, approved %s → %i', async (status, approved, outcome) => {
    const event = await eventIn(status);
    const res = await decide(event.id, approved);
    const stored = (await row(event.id))!;
    if (outcome === 409) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This event is not awaiting approval');
      expect(stored).toMatchObject({ status, version: 1 });
    } else {
      expect(res.statusCode, res.body).toBe(200);
      expect(stored).toMatchObject({
        status: outcome, approved, rejectionMessage: approved ? null : 'Please add a date', version: 2,
      });
    }
  });
});

describe('a whole life', () => {
  it('draft → for approval → rejected → edited → for approval → approved → edited (pending again) → approved → cancelled', async () => {
    const event = await createEvent(t, planner.accessToken, completeEvent(f));
    const put = async (status: number) => (await call('PUT', `/PlannerEvent/${event.id}`, completeEvent(f, { status: status as PlannerEvent['status'] }))).json() as PlannerEvent;
    const decide = async (approved: boolean) =>
      (await call('POST', '/approval', { id: event.id, approved, type: 300, rejectionMessage: 'No date yet' }, admin.accessToken)).json() as PlannerEvent;
    expect((await put(AwaitingApproval)).status).toBe(AwaitingApproval);
    expect(await decide(false)).toMatchObject({ status: Rejected, rejectionMessage: 'No date yet', approved: false });
    expect((await call('GET', `/PlannerEvent/${event.id}`)).json().rejectionMessage).toBe('No date yet');
    expect(await put(Draft)).toMatchObject({ status: Draft, rejectionMessage: null });
    expect((await put(AwaitingApproval)).status).toBe(AwaitingApproval);
    expect(await decide(true)).toMatchObject({ status: Approved, approved: true, rejectionMessage: null });
    expect(await put(Draft)).toMatchObject({ status: AwaitingApproval, approved: false });
    expect((await decide(true)).status).toBe(Approved);
    expect(await put(Cancelled)).toMatchObject({ status: Cancelled, approved: true, version: 9 });
  });
});
