import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { ApprovalType, CompanyStatus, type OwnedCompany } from '../../../src/domain/companies';
import { EVENT_APPROVAL_TYPE, EventMessages, EventStatus, type PlannerEvent } from '../../../src/domain/events';
import { ListingStatus, type Listing, type OwnedListingCard } from '../../../src/domain/listings';
import type { Db } from '../../db/client';
import type { InTransaction } from '../../lib/admin-crud';
import { companies, listings, plannerEvents } from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { presentOwnedCompany, syncListingsActive, withOwners } from '../companies/service';
import { pendingEvents, presentEvent } from '../events/service';
import { bumpCatalogue, findListing as findAnyListing, selectOwnedCards } from '../listings/service';
import type { ApprovalBody } from './schemas';

export const ApprovalErrors = {
  CompanyNotFound: 'Company not found',
  ListingNotFound: 'Listing not found',
  CompanyNotPending: 'This company is not awaiting approval',
  ListingNotPending: 'This listing is not awaiting approval',
} as const;

/** The queues' filters, shared by the lists and their counts. */
const pendingCompany = eq(companies.status, CompanyStatus.AwaitingApproval);
const pendingListing = and(eq(listings.status, ListingStatus.PendingApproval), ne(companies.status, CompanyStatus.Deleted));

/** What a decision answers with. */
export type Decided = OwnedCompany | Listing | PlannerEvent;

/** The Admin's review queues and decisions (spec 2 §4, §6). */
export function approvalService(db: Db, clock: () => Date) {
  /** Active or Rejected, with its listings shown or hidden in the same transaction. */
  async function decideCompany(id: string, approved: boolean, then?: InTransaction<Decided>): Promise<OwnedCompany> {
    const status = approved ? CompanyStatus.Active : CompanyStatus.Rejected;
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.update(companies)
        .set({ status, version: sql`${companies.version} + 1`, updatedAt: clock() })
        .where(and(eq(companies.id, id), eq(companies.status, CompanyStatus.AwaitingApproval))).returning();
      if (!row) return null;
      await syncListingsActive(tx, id, status);
      const company = presentOwnedCompany(row);
      await then?.(tx, company);
      return company;
    });
    if (!updated) {
      const [exists] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
      throw exists ? conflict(ApprovalErrors.CompanyNotPending) : notFound(ApprovalErrors.CompanyNotFound);
    }
    bumpCatalogue();
    return updated;
  }

  /** Approved (public at once while its company is Active) or Rejected. */
  async function decideListing(id: string, approved: boolean, then?: InTransaction<Decided>): Promise<Listing> {
    const decided = await db.transaction(async (tx) => {
      const [row] = await tx.update(listings)
        .set({ status: approved ? ListingStatus.Approved : ListingStatus.Rejected, version: sql`${listings.version} + 1`, updatedAt: clock() })
        .where(and(eq(listings.id, id), eq(listings.status, ListingStatus.PendingApproval))).returning({ id: listings.id });
      if (!row) return null;
      const listing = await findAnyListing(tx, id, 'owner');
      if (!listing) throw notFound(ApprovalErrors.ListingNotFound);
      await then?.(tx, listing);
      return listing;
    });
    if (!decided) {
      const exists = await findAnyListing(db, id, 'owner');
      throw exists ? conflict(ApprovalErrors.ListingNotPending) : notFound(ApprovalErrors.ListingNotFound);
    }
    bumpCatalogue();
    return decided;
  }

  /** Approved (status 200, approved) or Rejected (300) with the reason the planner is shown. */
  async function decideEvent(id: string, approved: boolean, rejectionMessage: string, then?: InTransaction<Decided>): Promise<PlannerEvent> {
    if (!approved && !rejectionMessage) {
      throw validationFailed([{ field: 'rejectionMessage', message: EventMessages.RejectionReasonRequired }]);
    }
    const decided = await db.transaction(async (tx) => {
      const [row] = await tx.update(plannerEvents).set({
        status: approved ? EventStatus.Approved : EventStatus.Rejected,
        approved,
        rejectionMessage: approved ? null : rejectionMessage,
        version: sql`${plannerEvents.version} + 1`,
        updatedAt: clock(),
      }).where(and(eq(plannerEvents.id, id), eq(plannerEvents.status, EventStatus.AwaitingApproval))).returning();
      if (!row) return null;
      const event = presentEvent(row);
      await then?.(tx, event);
      return event;
    });
    if (!decided) {
      const [exists] = await db.select({ id: plannerEvents.id }).from(plannerEvents).where(eq(plannerEvents.id, id)).limit(1);
      throw exists ? conflict(EventMessages.NotAwaitingApproval) : notFound(EventMessages.NotFound);
    }
    return decided;
  }

  return {
    /** Companies AwaitingApproval, oldest first. */
    pendingCompanies: async (): Promise<OwnedCompany[]> => withOwners(db,
      (await db.select().from(companies).where(pendingCompany)
        .orderBy(asc(companies.createdAt), asc(companies.id))).map(presentOwnedCompany)),

    /** Listings PendingApproval, oldest first; those of a Deleted company are left out (nothing left to publish). */
    pendingListings: (): Promise<OwnedListingCard[]> => selectOwnedCards(db, pendingListing, [asc(listings.createdAt), asc(listings.id)]),

    /** How many each queue above holds, counted by the database (the Admin Center's badges). */
    async pendingCounts(): Promise<{ companies: number; listings: number; events: number }> {
      const [[c], [l], [e]] = await Promise.all([
        db.select({ n: count() }).from(companies).where(pendingCompany),
        db.select({ n: count() }).from(listings).innerJoin(companies, eq(companies.id, listings.companyId)).where(pendingListing),
        db.select({ n: count() }).from(plannerEvents).where(eq(plannerEvents.status, EventStatus.AwaitingApproval)),
      ]);
      return { companies: c?.n ?? 0, listings: l?.n ?? 0, events: e?.n ?? 0 };
    },

    /** Applies an Admin's decision; 404 for an unknown id, 409 when it is not waiting for one. */
    /** Events AwaitingApproval, oldest first. */
    pendingEvents: (): Promise<PlannerEvent[]> => pendingEvents(db),

    /** `then` runs in the decision's transaction (the audit entry). */
    decide(body: ApprovalBody, then?: InTransaction<Decided>): Promise<Decided> {
      if (body.type === EVENT_APPROVAL_TYPE) return decideEvent(body.id, body.approved, body.rejectionMessage, then);
      return body.type === ApprovalType.Company ? decideCompany(body.id, body.approved, then) : decideListing(body.id, body.approved, then);
    },
  };
}
