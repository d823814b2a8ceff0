import type { PlannerEvent } from '../domain/events';
import { api } from './http';

/** Reads of events from a company's side and the public event page (contract 12 "Planner events"). */
export const companyEventsApi = {
  /** Approved events matching the company's public listings, newest first, each with matchingListingIds (owner or Admin). */
  forCompany: (companyId: string) => api.get<PlannerEvent[]>(`/PlannerEvent/company/${encodeURIComponent(companyId)}`),
  /** One event: its owner or an Admin reads any status; anyone reads an Approved one. 404 'Event not found' otherwise. */
  get: (id: string) => api.get<PlannerEvent>(`/PlannerEvent/${encodeURIComponent(id)}`),
};
