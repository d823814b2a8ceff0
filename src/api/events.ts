import type { EventInput, PlannerEvent } from '../domain/events';
import { api } from './http';

/** The address of one planner event (GET, PUT, DELETE /PlannerEvent/{id}). */
export const plannerEventPath = (id: string) => `/PlannerEvent/${encodeURIComponent(id)}`;

/** A write as the outbox stores it: method, path (without /api) and JSON body. */
export interface EventWriteRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: EventInput;
}

/**
 * The planner event calls (issue 12 contract). Reads are plain calls; writes are sent by the
 * outbox (sync/entities/events), so a draft made offline goes later with its Idempotency-Key and
 * If-Match: these only build their requests.
 */
export const plannerEventsApi = {
  /** The caller's events, every status (Cancelled included), last updated first. */
  list: () => api.get<PlannerEvent[]>('/PlannerEvent'),
  /** One event: its planner or an Admin; anyone when Approved. */
  get: (id: string) => api.get<PlannerEvent>(plannerEventPath(id)),
  /** Approved events matching a company's public listings, each with `matchingListingIds`. */
  byCompany: (companyId: string) => api.get<PlannerEvent[]>(`/PlannerEvent/company/${encodeURIComponent(companyId)}`),
  /** POST with the device-made `id` in the body, so an event drafted offline keeps it. */
  create: (input: EventInput & { id: string }): EventWriteRequest => ({ method: 'POST', path: '/PlannerEvent', body: input }),
  update: (id: string, input: EventInput): EventWriteRequest => ({ method: 'PUT', path: plannerEventPath(id), body: input }),
  remove: (id: string): EventWriteRequest => ({ method: 'DELETE', path: plannerEventPath(id) }),
};
