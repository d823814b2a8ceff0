import { and, eq, sql } from 'drizzle-orm';
import { CompanyStatus } from '../../../src/domain/companies';
import { ListingStatus, type Listing } from '../../../src/domain/listings';
import { companies, listings } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { InTransaction } from '../../lib/admin-crud';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { staleVersion } from '../../lib/versioning';
import { spendListingToken } from '../products/listing-tokens';
import { formErrors, resolveListingInput } from './listing-input';
import { managedCompany, type Caller, type CompanyAccess } from './ownership';
import { findListing, isNotDeleted } from './queries';
import type { ListingBody } from './schemas';
import { bumpCatalogue } from './search-cache';

export const ListingWriteMessages = {
  CompanyNotActive: 'Company must be active to manage listings',
  IdTaken: 'A listing with this id already exists',
  IdMismatch: 'id must match the listing in the address',
  CompanyChanged: 'A listing cannot be moved to another company',
  NotFound: 'Listing not found',
} as const;

/** Writes need an Active company (the hub's tile says so too); deleting does not. */
function assertActive(company: CompanyAccess) {
  if (company.status !== CompanyStatus.Active) throw conflict(ListingWriteMessages.CompanyNotActive);
}

/**
 * `is_active` as the company's state at the moment of the write, read in the same statement, so
 * a company hidden meanwhile cannot leave the new row marked active.
 */
const companyIsActive = (companyId: string) =>
  sql`(select ${companies.status} = ${CompanyStatus.Active} from ${companies} where ${companies.id} = ${companyId})`;

/**
 * Listing writes by the company's owner or an Admin (spec 2 §4, §5): create, edit (versioned)
 * and delete. Every answer is the full listing as its owner sees it. An edit stores the status
 * the save asked for (Draft or PendingApproval), so an Approved listing that is edited leaves the
 * public site until an Admin approves it again (docs/decisions.md).
 */
/** What a write tells its `then`: the listing, and who owns its company. */
export interface ChangedListing { id: string; name: string; ownerId: string | null }

export function listingWrites(deps: AppDeps) {
  const { db, clock } = deps;

  const ownerView = async (id: string): Promise<Listing> => {
    const listing = await findListing(db, id, 'owner');
    if (!listing) throw notFound(ListingWriteMessages.NotFound);
    return listing;
  };

  /** The listing (not deleted) and its company, when the caller may manage it. */
  async function managedListing(caller: Caller, id: string) {
    const [row] = await db.select({ companyId: listings.companyId, version: listings.version, status: listings.status }).from(listings)
      .where(and(eq(listings.id, id), isNotDeleted)).limit(1);
    if (!row) throw notFound(ListingWriteMessages.NotFound);
    return { ...row, company: await managedCompany(db, row.companyId, caller) };
  }

  return {
    async create(caller: Caller, body: ListingBody): Promise<Listing> {
      const errors = formErrors(body);
      if (errors.some((e) => e.field === 'companyId')) throw validationFailed(errors);
      const company = await managedCompany(db, body.companyId.trim(), caller);
      assertActive(company);
      const columns = await resolveListingInput(db, body, errors);
      const now = clock();
      const [row] = await db.transaction(async (tx) => {
        const inserted = await tx.insert(listings).values({
          ...(body.id ? { id: body.id } : {}), ...columns, companyId: company.id, isActive: companyIsActive(company.id),
          createdAt: now, updatedAt: now,
        }).onConflictDoNothing({ target: listings.id }).returning({ id: listings.id });
        // Sent for approval at once: a listing token (server/modules/products/listing-tokens.ts).
        if (inserted.length > 0 && columns.status === ListingStatus.PendingApproval) await spendListingToken(tx, company.id, now);
        return inserted;
      });
      bumpCatalogue();
      // A replay of the same create with its Idempotency-Key never gets here (the stored answer is sent).
      if (!row) throw conflict(ListingWriteMessages.IdTaken);
      return ownerView(row.id);
    },

    /**
     * `expected` is the If-Match version or null; a stale one is a 412. `then` runs in the write's
     * transaction (the audit entry of an Admin's change), as in remove.
     */
    async update(caller: Caller, id: string, expected: number | null, body: ListingBody, then?: InTransaction<ChangedListing>): Promise<Listing> {
      const errors = formErrors(body);
      if (body.id && body.id !== id) errors.push({ field: 'id', message: ListingWriteMessages.IdMismatch });
      const current = await managedListing(caller, id);
      // A stale edit is a conflict whatever else is wrong with it: the client resolves that first.
      if (expected !== null && expected !== current.version) throw staleVersion('listing');
      const companyId = body.companyId.trim();
      if (companyId && companyId !== current.companyId && !errors.some((e) => e.field === 'companyId')) {
        errors.push({ field: 'companyId', message: ListingWriteMessages.CompanyChanged });
      }
      assertActive(current.company);
      const columns = await resolveListingInput(db, body, errors);
      const now = clock();
      const sentForApproval = current.status === ListingStatus.Draft && columns.status === ListingStatus.PendingApproval;
      const [row] = await db.transaction(async (tx) => {
        const updated = await tx.update(listings).set({
          ...columns, isActive: companyIsActive(current.companyId), version: sql`${listings.version} + 1`, updatedAt: now,
        }).where(and(eq(listings.id, id), isNotDeleted, eq(listings.status, current.status),
          expected === null ? undefined : eq(listings.version, expected)))
          .returning({ id: listings.id, name: listings.name });
        // Draft → PendingApproval spends a listing token (server/modules/products/listing-tokens.ts).
        if (updated.length > 0 && sentForApproval) await spendListingToken(tx, current.companyId, now);
        if (updated[0]) await then?.(tx, { ...updated[0], ownerId: current.company.createdById });
        return updated;
      });
      bumpCatalogue();
      if (!row) {
        // Deleted, or edited again, between the read and the write.
        const [still] = await db.select({ id: listings.id }).from(listings).where(and(eq(listings.id, id), isNotDeleted)).limit(1);
        if (!still) throw notFound(ListingWriteMessages.NotFound);
        throw staleVersion('listing');
      }
      return ownerView(row.id);
    },

    /** Marks the listing Deleted (600): hidden everywhere, the owner's list included. */
    async remove(caller: Caller, id: string, then?: InTransaction<ChangedListing>): Promise<void> {
      const current = await managedListing(caller, id);
      await db.transaction(async (tx) => {
        const [row] = await tx.update(listings).set({ status: ListingStatus.Deleted, version: sql`${listings.version} + 1`, updatedAt: clock() })
          .where(and(eq(listings.id, id), isNotDeleted)).returning({ id: listings.id, name: listings.name });
        if (row) await then?.(tx, { ...row, ownerId: current.company.createdById });
      });
      bumpCatalogue();
    },
  };
}
