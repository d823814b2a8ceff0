import type { ApprovalRequest, OwnedCompany } from '../domain/companies';
import { ApprovalType } from '../domain/companies';
import { EVENT_APPROVAL_TYPE, type PlannerEvent } from '../domain/events';
import type { Listing, OwnedListingCard } from '../domain/listings';
import { api } from './http';

/** What POST /approval answers: the updated company (type 100) or listing (type 200). */
export type ApprovalAnswer<T extends ApprovalRequest['type']> = T extends typeof ApprovalType.Company ? OwnedCompany : Listing;

/** The Admin's approval queue (spec 2 §7; contract "Approvals"). Every call needs an Admin. */
export const approvalsApi = {
  /** Companies awaiting approval (status 200), oldest first. */
  companies: () => api.get<OwnedCompany[]>(`/approval/${ApprovalType.Company}`),
  /** Listings pending approval (status 100), oldest first. */
  listings: () => api.get<OwnedListingCard[]>(`/approval/${ApprovalType.Listing}`),
  /** One company as an Admin reviews it: GET /company/{id} answers an Admin the full record, any status. */
  company: (id: string) => api.get<OwnedCompany>(`/company/${encodeURIComponent(id)}`),
  /**
   * Approves or rejects one company or listing. A fresh Idempotency-Key per decision: the client
   * retries a POST once after a network failure, and without the key a decision the server did
   * record would come back as 409 'not awaiting approval'.
   */
  decide: <T extends ApprovalRequest['type']>(request: ApprovalRequest & { type: T }) =>
    api.post<ApprovalAnswer<T>>('/approval', request, { headers: { 'Idempotency-Key': crypto.randomUUID() } }),
  /** Events awaiting approval (status 100), oldest first. */
  events: () => api.get<PlannerEvent[]>(`/approval/${EVENT_APPROVAL_TYPE}`),
  /**
   * Approves or rejects one event (type 300). A rejection carries the reason shown to the planner;
   * a fresh Idempotency-Key per decision, as for companies and listings.
   */
  decideEvent: (request: { id: string; approved: boolean; rejectionMessage: string | null }) =>
    api.post<PlannerEvent>('/approval', { ...request, type: EVENT_APPROVAL_TYPE }, { headers: { 'Idempotency-Key': crypto.randomUUID() } }),
};
