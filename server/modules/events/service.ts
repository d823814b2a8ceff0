import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '../../../src/domain/constants';
import {
  canDeleteEvent, EventMessages, EventStatus, plannerTransition, type EventStatusCode, type EventTypeCode, type PlannerEvent,
} from '../../../src/domain/events';
import type { Db } from '../../db/client';
import { plannerEvents } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, notFound, validationFailed } from '../../lib/errors';
import { staleVersion } from '../../lib/versioning';
import type { Caller } from '../listings/ownership';
import { approvalRequestErrors, deriveIds, referenceErrors } from './derive';
import type { EventBody } from './schemas';

export type EventRow = typeof plannerEvents.$inferSelect;

export const EventWriteMessages = {
  IdTaken: 'An event with this id already exists',
  IdMismatch: 'id must match the event in the address',
  CreateStatus: 'A new event is saved as a draft (0) or for approval (100)',
  NoAccess: 'You do not have access to this event',
} as const;

export function presentEvent(row: EventRow): PlannerEvent {
  return {
    id: row.id,
    eventType: row.eventType as EventTypeCode,
    eventConfig: row.eventConfig,
    eventLocations: row.eventLocations,
    eventCategories: row.eventCategories,
    selectedServices: row.selectedServices,
    status: row.status as EventStatusCode,
    createdBy: row.createdById,
    createdAt: row.createdAt.toISOString(),
    lastUpdated: row.updatedAt.toISOString(),
    approved: row.approved,
    rejectionMessage: row.rejectionMessage,
    version: row.version,
  };
}

/** Events AwaitingApproval, oldest first (the Admin's queue, GET /approval/300). */
export async function pendingEvents(db: Db): Promise<PlannerEvent[]> {
  const rows = await db.select().from(plannerEvents).where(eq(plannerEvents.status, EventStatus.AwaitingApproval))
    .orderBy(asc(plannerEvents.createdAt), asc(plannerEvents.id));
  return rows.map(presentEvent);
}

const isAdmin = (caller: Caller | null) => caller?.roles.includes(ADMIN_ROLE) ?? false;
const mayManage = (row: EventRow, caller: Caller | null) => caller !== null && (row.createdById === caller.userId || isAdmin(caller));

/** The stored documents and the id columns derived from them, after every rule and reference check. */
async function checkedColumns(deps: AppDeps, body: EventBody, status: EventStatusCode) {
  const errors = status === EventStatus.AwaitingApproval ? approvalRequestErrors(body) : [];
  const ids = deriveIds(body);
  errors.push(...await referenceErrors(deps.db, ids));
  if (errors.length > 0) throw validationFailed(errors);
  return {
    eventType: body.eventType,
    eventConfig: body.eventConfig,
    eventLocations: body.eventLocations,
    eventCategories: body.eventCategories,
    selectedServices: body.selectedServices,
    ...ids,
  };
}

/**
 * The planner's events (spec 3 §3–§4): the caller's own, an Admin's access to any, and the
 * transitions of src/domain/events enforced on every write. Delete removes the row.
 */
export function eventService(deps: AppDeps) {
  const { db, clock } = deps;

  const find = async (id: string): Promise<EventRow | null> =>
    (await db.select().from(plannerEvents).where(eq(plannerEvents.id, id)).limit(1))[0] ?? null;

  /** The event when the caller may write it: 404 when there is none, 403 when it is someone else's. */
  async function managed(caller: Caller, id: string): Promise<EventRow> {
    const row = await find(id);
    if (!row) throw notFound(EventMessages.NotFound);
    if (!mayManage(row, caller)) throw forbidden(EventWriteMessages.NoAccess);
    return row;
  }

  return {
    /** Every event of the caller, Cancelled ones too, last updated first. */
    async listOwn(userId: string): Promise<PlannerEvent[]> {
      const rows = await db.select().from(plannerEvents).where(eq(plannerEvents.createdById, userId))
        .orderBy(desc(plannerEvents.updatedAt), desc(plannerEvents.id));
      return rows.map(presentEvent);
    },

    /** Its planner and Admins read any event; anyone else only an Approved one (the public event page). */
    async get(caller: Caller | null, id: string): Promise<PlannerEvent> {
      const row = await find(id);
      if (!row || (!mayManage(row, caller) && row.status !== EventStatus.Approved)) throw notFound(EventMessages.NotFound);
      return presentEvent(row);
    },

    /**
     * A new event, Draft or AwaitingApproval. A device-made id that is already the caller's event
     * answers that event unchanged (`created` false: a replay after its Idempotency-Key expired).
     */
    async create(caller: Caller, body: EventBody): Promise<{ event: PlannerEvent; created: boolean }> {
      if (body.status !== EventStatus.Draft && body.status !== EventStatus.AwaitingApproval) {
        throw validationFailed([{ field: 'status', message: EventWriteMessages.CreateStatus }]);
      }
      if (body.id) {
        const existing = await find(body.id);
        if (existing) {
          if (existing.createdById !== caller.userId) throw conflict(EventWriteMessages.IdTaken);
          return { event: presentEvent(existing), created: false };
        }
      }
      const columns = await checkedColumns(deps, body, body.status);
      const now = clock();
      const [row] = await db.insert(plannerEvents).values({
        ...(body.id ? { id: body.id } : {}), ...columns, createdById: caller.userId, status: body.status,
        approved: false, rejectionMessage: null, createdAt: now, updatedAt: now,
      }).onConflictDoNothing({ target: plannerEvents.id }).returning();
      // Only a create racing another one with the same id gets here without a row.
      if (!row) throw conflict(EventWriteMessages.IdTaken);
      return { event: presentEvent(row), created: true };
    },

    /**
     * A save of the wizard or a cancel. The new status is plannerTransition(current, asked);
     * an edit of an Approved event goes back to AwaitingApproval and loses its approval. A
     * cancel changes only the status (the rest of the body is the event as it was).
     */
    async update(caller: Caller, id: string, expected: number | null, body: EventBody): Promise<PlannerEvent> {
      if (body.id && body.id.toLowerCase() !== id.toLowerCase()) {
        throw validationFailed([{ field: 'id', message: EventWriteMessages.IdMismatch }]);
      }
      const current = await managed(caller, id);
      // A stale edit is a conflict whatever else is wrong with it: the client resolves that first.
      if (expected !== null && expected !== current.version) throw staleVersion('event');
      const next = plannerTransition(current.status as EventStatusCode, body.status);
      if (next === null) {
        const cancelling = body.status === EventStatus.Cancelled && current.status !== EventStatus.Cancelled
          && current.status !== EventStatus.Completed;
        throw conflict(cancelling ? EventMessages.CancelNotAllowed : EventMessages.StatusNotAllowed);
      }
      const changes = next === EventStatus.Cancelled
        ? { status: next }
        : { ...await checkedColumns(deps, body, next), status: next, approved: false, rejectionMessage: null };
      const [row] = await db.update(plannerEvents)
        .set({ ...changes, version: sql`${plannerEvents.version} + 1`, updatedAt: clock() })
        // The status read above must still hold: a concurrent approval or cancel makes this a 412.
        .where(and(eq(plannerEvents.id, id), eq(plannerEvents.version, current.version))).returning();
      if (!row) {
        if (!await find(id)) throw notFound(EventMessages.NotFound);
        throw staleVersion('event');
      }
      return presentEvent(row);
    },

    /** Removes a Draft or Rejected event for good; any other status is a 409. */
    async remove(caller: Caller, id: string): Promise<void> {
      const current = await managed(caller, id);
      if (!canDeleteEvent(current.status)) throw conflict(EventMessages.DeleteOnlyDraftOrRejected);
      const deleted = await db.delete(plannerEvents)
        .where(and(eq(plannerEvents.id, id), sql`${plannerEvents.status} in (${EventStatus.Draft}, ${EventStatus.Rejected})`))
        .returning({ id: plannerEvents.id });
      if (deleted.length === 0) {
        // Gone, or its status changed (submitted, approved) between the read and the delete.
        const now = await find(id);
        if (!now) throw notFound(EventMessages.NotFound);
        throw conflict(EventMessages.DeleteOnlyDraftOrRejected);
      }
    },
  };
}
