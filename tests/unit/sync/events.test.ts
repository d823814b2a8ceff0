import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type StoredPlannerEvent } from '../../../src/db/database';
import { plannerEventsQuery } from '../../../src/db/planner-events';
import { EventStatus, EventType, newEventInput, type PlannerEvent } from '../../../src/domain/events';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/domain/sync';
import {
  cancelPlannerEvent, pullPlannerEvents, queueEventSave, removePlannerEvent, updatePlannerEvent, type EventSave,
} from '../../../src/sync/entities/events';
import { queueWrite, userEntries } from '../../../src/sync/outbox';
import { createReplayer } from '../../../src/sync/replay';
import { calls, json, stubApi } from './fixtures';

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const replayer = () => createReplayer({ getUserId: () => 'u1', lock: (fn) => fn() });
const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;
const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

function draft(id: string, name = 'Summer wedding', extra: Partial<EventSave> = {}): EventSave {
  const base = newEventInput(id) as EventSave;
  return { ...base, eventType: EventType.Wedding, eventConfig: { ...base.eventConfig, eventName: name }, ...extra };
}

function serverEvent(id: string, extra: Partial<PlannerEvent> = {}): PlannerEvent {
  const { id: _id, ...input } = draft(id);
  return {
    ...input, id, createdBy: 'u1', createdAt: '2026-01-01T00:00:00.000Z', lastUpdated: '2026-01-02T00:00:00.000Z',
    approved: false, rejectionMessage: null, version: 1, ...extra,
  };
}
const row = (event: PlannerEvent, userId = 'u1'): StoredPlannerEvent => ({ ...event, userId, fetchedAt: 1 });

describe('planner events made offline', () => {
  it('a new draft is stored at once (version 0) and its create replays once, with its device-made id, when back online', async () => {
    const goOffline = offline();
    const fetchMock = stubApi({ 'POST /PlannerEvent': () => json(201, serverEvent('e-dev'), { etag: '"1"' }) });
    const entry = await queueEventSave(draft('e-dev'), 'u1');
    expect(entry).toMatchObject({ kind: 'plannerEvent.create', method: 'POST', path: '/PlannerEvent', entityId: 'e-dev', baseVersion: null });
    expect(await db.plannerEvents.get('e-dev')).toMatchObject({ id: 'e-dev', status: EventStatus.Draft, version: 0, userId: 'u1', createdBy: 'u1' });

    const sender = replayer();
    await sender.run();
    expect(fetchMock).not.toHaveBeenCalled();
    goOffline.mockReturnValue(true);
    await sender.run();
    await sender.run();
    sender.stop();
    const posts = calls(fetchMock, '/PlannerEvent');
    expect(posts).toHaveLength(1);
    const [, init] = posts[0]!;
    expect(headersOf(init)[IDEMPOTENCY_KEY_HEADER]).toBe(entry.id);
    expect(JSON.parse(init?.body as string)).toMatchObject({ id: 'e-dev', eventType: EventType.Wedding, status: EventStatus.Draft });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.plannerEvents.get('e-dev')).toMatchObject({ version: 1, userId: 'u1' });
  });

  it('edits while the create is queued go without If-Match, and an unsent edit is replaced by the next one', async () => {
    const goOffline = offline();
    await queueEventSave(draft('e1', 'First'), 'u1');
    await queueEventSave(draft('e1', 'Second'), 'u1');
    await queueEventSave(draft('e1', 'Third', { status: EventStatus.AwaitingApproval }), 'u1');
    const entries = await userEntries('u1');
    expect(entries.map((e) => [e.kind, e.baseVersion])).toEqual([['plannerEvent.create', null], ['plannerEvent.update', null]]);
    expect(await db.plannerEvents.get('e1')).toMatchObject({ eventConfig: { eventName: 'Third' }, status: EventStatus.AwaitingApproval });

    const fetchMock = stubApi({
      'POST /PlannerEvent': () => json(201, serverEvent('e1'), { etag: '"1"' }),
      'PUT /PlannerEvent/e1': () => json(200, serverEvent('e1', { status: EventStatus.AwaitingApproval, version: 2 }), { etag: '"2"' }),
    });
    goOffline.mockReturnValue(true);
    await replayer().run();
    expect(calls(fetchMock, '/PlannerEvent')).toHaveLength(1);
    const puts = calls(fetchMock, '/PlannerEvent/e1');
    expect(puts).toHaveLength(1);
    expect(headersOf(puts[0]![1])['if-match']).toBeUndefined();
    expect(JSON.parse(puts[0]![1]?.body as string)).toMatchObject({ eventConfig: { eventName: 'Third' }, status: EventStatus.AwaitingApproval });
    expect(JSON.parse(puts[0]![1]?.body as string)).not.toHaveProperty('id');
    expect(await db.plannerEvents.get('e1')).toMatchObject({ version: 2, status: EventStatus.AwaitingApproval });
  });

  it('two saves of a new draft at once queue one create, not two', async () => {
    offline();
    await Promise.all([queueEventSave(draft('e2', 'A'), 'u1'), queueEventSave(draft('e2', 'B'), 'u1')]);
    expect((await userEntries('u1')).map((e) => e.kind)).toEqual(['plannerEvent.create', 'plannerEvent.update']);
  });

  it('an edit of a synced event sends If-Match; an edit being sent is never replaced', async () => {
    offline();
    await db.plannerEvents.put(row(serverEvent('e3', { version: 4 })));
    const first = await queueWrite(updatePlannerEvent, draft('e3', 'Edit 1'), 'u1');
    expect(first.baseVersion).toBe(4);
    await db.outbox.update(first.seq!, { state: 'sending' });
    await queueWrite(updatePlannerEvent, draft('e3', 'Edit 2'), 'u1');
    expect((await userEntries('u1')).map((e) => e.state)).toEqual(['sending', 'pending']);
  });

  it('an edit of an Approved event shows it Awaiting Approval at once, as the server will', async () => {
    offline();
    await db.plannerEvents.put(row(serverEvent('e4', { status: EventStatus.Approved, approved: true, version: 3 })));
    await queueWrite(updatePlannerEvent, draft('e4', 'Changed', { status: EventStatus.Draft }), 'u1');
    expect(await db.plannerEvents.get('e4')).toMatchObject({ status: EventStatus.AwaitingApproval, approved: false });
  });

  it('cancel is a PUT of the unchanged event with status Cancelled; delete is DELETE and removes the row', async () => {
    offline();
    await db.plannerEvents.put(row(serverEvent('e5', { status: EventStatus.Approved, version: 2 })));
    await db.plannerEvents.put(row(serverEvent('e6', { status: EventStatus.Rejected, version: 2 })));
    const cancel = await queueWrite(cancelPlannerEvent, draft('e5', 'Summer wedding', { status: EventStatus.Approved }), 'u1');
    expect(cancel).toMatchObject({ method: 'PUT', path: '/PlannerEvent/e5', baseVersion: 2 });
    expect(cancel.body).toMatchObject({ status: EventStatus.Cancelled, eventConfig: { eventName: 'Summer wedding' } });
    expect((await db.plannerEvents.get('e5'))?.status).toBe(EventStatus.Cancelled);
    const remove = await queueWrite(removePlannerEvent, { id: 'e6', name: 'Summer wedding' }, 'u1');
    expect(remove).toMatchObject({ method: 'DELETE', path: '/PlannerEvent/e6' });
    expect(await db.plannerEvents.get('e6')).toBeUndefined();
  });
});

describe('pulling the planner\'s events', () => {
  it('replaces the user\'s rows with the server\'s, holding back rows with queued writes and leaving other users\' rows', async () => {
    await db.plannerEvents.bulkPut([
      row(serverEvent('gone')),
      row(serverEvent('edited')),
      row(serverEvent('theirs', { createdBy: 'u2' }), 'u2'),
    ]);
    offline();
    await queueEventSave(draft('offline-made', 'Made offline'), 'u1');
    await queueWrite(updatePlannerEvent, draft('edited', 'My edit'), 'u1');
    vi.restoreAllMocks();
    stubApi({
      'GET /PlannerEvent': () => json(200, [
        serverEvent('edited', { eventConfig: { ...draft('x').eventConfig, eventName: 'Server edit' }, version: 2 }),
        serverEvent('fresh'),
      ]),
    });
    await pullPlannerEvents('u1');
    const mine = await plannerEventsQuery('u1');
    expect(mine.map((e) => [e.id, e.eventConfig.eventName]).sort()).toEqual([
      ['edited', 'My edit'], ['fresh', 'Summer wedding'], ['offline-made', 'Made offline'],
    ]);
    expect(await db.plannerEvents.get('theirs')).toBeTruthy();
    expect(await db.plannerEvents.get('gone')).toBeUndefined();
  });
});
