import { plannerEventsApi } from '../../api/events';
import { db, type OutboxEntry, type StoredPlannerEvent } from '../../db/database';
import { EventStatus, plannerTransition, type EventInput, type PlannerEvent } from '../../domain/events';
import { pendingEntityKeys } from '../pending';
import { queueWrite } from '../outbox';
import { defineEntity, write, type WriteAnswer } from './define';

/** An event as the wizard saves it: always with its id (made on this device for a new one). */
export type EventSave = EventInput & { id: string };
export interface EventRemoval {
  id: string;
  name: string;
}

const ENTITY = 'plannerEvent';
const CREATE = 'plannerEvent.create';
const UPDATE = 'plannerEvent.update';

/** The input without its id: PUT names the event in the path. */
const bodyOf = ({ id: _id, ...input }: EventSave): EventInput => input;

/** The event's content as sent: the fields of EventInput only (a row passed in carries more). */
const contentOf = (p: EventSave): EventSave => ({
  id: p.id,
  eventType: p.eventType,
  eventConfig: p.eventConfig,
  eventLocations: p.eventLocations,
  eventCategories: p.eventCategories,
  selectedServices: p.selectedServices,
  status: p.status,
});

const readRow = async (id: string, userId: string) => {
  const row = await db.plannerEvents.get(id);
  return row && row.userId === userId ? row : undefined;
};

/** The row the planner sees at once, before the server answers; the status moves as the server would move it. */
function localRow(p: EventSave, userId: string, current: StoredPlannerEvent | undefined): StoredPlannerEvent {
  const now = new Date().toISOString();
  const status = current ? plannerTransition(current.status, p.status) ?? current.status : p.status;
  return {
    ...(current ?? { createdBy: userId, createdAt: now, approved: false, rejectionMessage: null, version: 0, fetchedAt: 0 }),
    ...bodyOf(contentOf(p)),
    id: p.id,
    status,
    // An edited Approved event is an approval request again.
    approved: current?.approved === true && status !== EventStatus.AwaitingApproval && status !== EventStatus.Draft,
    lastUpdated: now,
    userId,
  };
}

/** The server's answer over the local row, when it is an event of this user. */
async function storeAnswer(userId: string, answer: WriteAnswer): Promise<void> {
  const event = answer.body as PlannerEvent | undefined;
  if (!event || typeof event !== 'object' || typeof event.id !== 'string') return;
  const previous = await db.plannerEvents.get(event.id);
  if (event.createdBy !== userId && previous?.userId !== userId) return;
  await db.plannerEvents.put({ ...event, userId, fetchedAt: Date.now() });
}

/** The subject named in the unsent-changes list (stored payloads of older releases may lack fields). */
async function subjectOf(p: Partial<EventSave & EventRemoval>): Promise<string | null> {
  const named = p.eventConfig?.eventName ?? p.name;
  if (typeof named === 'string' && named.trim()) return named.trim();
  return (typeof p.id === 'string' ? (await db.plannerEvents.get(p.id))?.eventConfig.eventName : undefined) || null;
}

/**
 * GET /PlannerEvent replaces the user's rows, except rows with queued writes (an event drafted
 * offline, an edit not yet sent): those stay as this device has them.
 */
export async function pullPlannerEvents(userId: string): Promise<StoredPlannerEvent[]> {
  const events = await plannerEventsApi.list();
  const fetchedAt = Date.now();
  return db.transaction('rw', [db.plannerEvents, db.outbox], async () => {
    const held = await pendingEntityKeys(ENTITY, userId);
    const existing = await db.plannerEvents.where('userId').equals(userId).toArray();
    const served = new Set(events.map((e) => e.id));
    await db.plannerEvents.bulkDelete(existing.filter((row) => !served.has(row.id) && !held.has(row.id)).map((row) => row.id));
    await db.plannerEvents.bulkPut(events.filter((e) => !held.has(e.id)).map((e) => ({ ...e, userId, fetchedAt })));
    return db.plannerEvents.where('userId').equals(userId).toArray();
  });
}

/** The version to send as If-Match: none while the event's create is still queued (it has no server version yet). */
async function baseVersionOf(id: string, userId: string): Promise<number | null> {
  const queued = await db.outbox.where('[entity+entityId]').equals([ENTITY, id]).toArray();
  if (queued.some((e) => e.kind === CREATE && e.userId === userId)) return null;
  const row = await readRow(id, userId);
  return row && row.version > 0 ? row.version : null;
}

const serverVersion = async (p: { id: string }) => (await plannerEventsApi.get(p.id)).version;

/**
 * The user's planner events (`plannerEvents`), every status, drafted and edited offline: `create`
 * is POST with the id made on the device (the entry id is the Idempotency-Key, so it lands once),
 * `update` is PUT with If-Match (none while the create is queued), `cancel` is a PUT of the
 * unchanged event with status Cancelled, `remove` is DELETE.
 */
export const plannerEvents = defineEntity({
  name: ENTITY,
  table: 'plannerEvents',
  key: (p) => p.id,
  pull: pullPlannerEvents,
  clear: async (userId) => {
    await db.plannerEvents.where('userId').equals(userId).delete();
  },
  actionPrefix: 'plannerEvent',
  writes: {
    create: write<EventSave>({
      request: (p) => plannerEventsApi.create(contentOf(p)),
      async apply(p, userId) {
        await db.plannerEvents.put(localRow(p, userId, undefined));
      },
      settle: (_p, userId, answer) => storeAnswer(userId, answer),
      subject: subjectOf,
    }),
    /**
     * An edit. Applying it also drops an edit of the same event queued before it and not yet on its
     * way (state pending, the last entry of the event): the newer one carries all of it, so an
     * autosaving wizard leaves at most one edit waiting. An entry being sent is never touched; if
     * the sender read the dropped one just before, it still goes first and this one is re-based on
     * its answer (as any later write of the entity is).
     */
    update: write<EventSave>({
      request: (p) => plannerEventsApi.update(p.id, bodyOf(contentOf(p))),
      baseVersion: (p, userId) => baseVersionOf(p.id, userId),
      serverVersion,
      async apply(p, userId) {
        const queued = (await db.outbox.where('[entity+entityId]').equals([ENTITY, p.id]).toArray())
          .filter((e) => e.userId === userId).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
        const last = queued.at(-1);
        if (last && last.kind === UPDATE && last.state === 'pending') await db.outbox.delete(last.seq!);
        await db.plannerEvents.put(localRow(p, userId, await readRow(p.id, userId)));
      },
      settle: (_p, userId, answer) => storeAnswer(userId, answer),
      subject: subjectOf,
    }),
    /** The unchanged event with status Cancelled (only from Awaiting Approval or Approved). */
    cancel: write<EventSave>({
      request: (p) => plannerEventsApi.update(p.id, { ...bodyOf(contentOf(p)), status: EventStatus.Cancelled }),
      baseVersion: (p, userId) => baseVersionOf(p.id, userId),
      serverVersion,
      async apply(p, userId) {
        const row = await readRow(p.id, userId);
        if (row) await db.plannerEvents.put({ ...row, status: EventStatus.Cancelled, lastUpdated: new Date().toISOString() });
      },
      settle: (_p, userId, answer) => storeAnswer(userId, answer),
      subject: subjectOf,
    }),
    remove: write<EventRemoval>({
      request: (p) => plannerEventsApi.remove(p.id),
      async apply(p, userId) {
        if (await readRow(p.id, userId)) await db.plannerEvents.delete(p.id);
      },
      subject: subjectOf,
    }),
  },
});

export const createPlannerEvent = plannerEvents.writes.create;
export const updatePlannerEvent = plannerEvents.writes.update;
export const cancelPlannerEvent = plannerEvents.writes.cancel;
export const removePlannerEvent = plannerEvents.writes.remove;

/**
 * Queues a save of the wizard's event: a create when this device has no row of it yet (a new
 * draft, with its device-made id), else an edit.
 */
export function queueEventSave(event: EventSave, userId: string): Promise<OutboxEntry> {
  // One save of an event at a time: two saves of a new draft at once (autosave and Save) would
  // both see no row and queue two creates.
  const previous = saving.get(event.id) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(async () => {
    const existing = await readRow(event.id, userId);
    return queueWrite(existing ? updatePlannerEvent : createPlannerEvent, contentOf(event), userId);
  });
  const settled = next.finally(() => {
    if (saving.get(event.id) === settled) saving.delete(event.id);
  });
  saving.set(event.id, settled);
  return next;
}

const saving = new Map<string, Promise<unknown>>();
