import { and, asc, desc, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLE } from '../../../src/domain/constants';
import {
  COMPANY_RETENTION_DAYS, CompanyStatus, validateCompany, type Company, type OwnedCompany,
} from '../../../src/domain/companies';
import type { FieldError } from '../../../src/domain/validation';
import type { Db } from '../../db/client';
import type { InTransaction } from '../../lib/admin-crud';
import { companies, files, listings, users } from '../../db/schema';
import { HttpError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { assertValid } from '../../lib/validate';
import { staleVersion } from '../../lib/versioning';
import { bumpCatalogue } from '../listings/service';
import type { CompanyBody } from './schemas';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type CompanyRow = typeof companies.$inferSelect;

/** Who is asking: null for an anonymous caller. */
export type Caller = { userId: string; roles: readonly string[] } | null;

export const isAdmin = (caller: Caller): boolean => !!caller && caller.roles.includes(ADMIN_ROLE);

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a deleted company can be restored; the purge job removes it after that. */
export const COMPANY_RETENTION_MS = COMPANY_RETENTION_DAYS * DAY_MS;

export const CompanyErrors = {
  NotFound: 'Company not found',
  NoAccess: 'You do not have access to this company',
  IdTaken: 'A company with this id already exists',
  RestoreFirst: 'Restore the company before editing it',
  TooLateToRestore: 'This company can no longer be restored',
  IdMismatch: 'The id in the body does not match the address',
  ImageNotFound: 'Image not found. Upload it again.',
} as const;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The public face of a company (spec 2 §7): what visitors see of an Active one. */
export function presentPublicCompany(row: CompanyRow): Company {
  return {
    id: row.id, name: row.name, shortDescription: row.shortDescription, description: row.description,
    logoImageUri: row.logoImageUri, bannerImageUri: row.bannerImageUri, organizationNumber: row.organizationNumber,
    websiteUrl: row.websiteUrl, facebookUrl: row.facebookUrl, instagramUrl: row.instagramUrl, twitterUrl: row.twitterUrl,
    youtubeUrl: row.youtubeUrl, phoneNumber: row.phoneNumber, email: row.email, status: row.status,
  };
}

/** Every field of spec 2 §3, as the owner or an Admin sees it; dates as ISO strings. */
export function presentOwnedCompany(row: CompanyRow): OwnedCompany {
  return {
    ...presentPublicCompany(row),
    createdById: row.createdById,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: iso(row.deletedAt),
    stripeCustomerId: row.stripeCustomerId,
    activeSubscriptionId: row.activeSubscriptionId,
    activeProductId: row.activeProductId,
    currentPeriodStart: iso(row.currentPeriodStart),
    currentPeriodEnd: iso(row.currentPeriodEnd),
    subscriptionHistory: row.subscriptionHistory,
    oneTimePurchaseHistory: row.oneTimePurchaseHistory,
    listingTokens: row.listingTokens,
    eventClickTokens_Subscription: row.eventClickTokensSubscription,
    eventClickTokens_Extras: row.eventClickTokensExtras,
    version: row.version,
  };
}

/**
 * Keeps `listings.is_active` in step with the company's status (the public filter reads only the
 * listings table): true only while the company is Active. Call inside the status change's transaction.
 */
export async function syncListingsActive(tx: Tx | Db, companyId: string, status: number): Promise<void> {
  const active = status === CompanyStatus.Active;
  await tx.update(listings).set({ isActive: active })
    .where(and(eq(listings.companyId, companyId), ne(listings.isActive, active)));
}

/** The stored columns of a form body: empty optional fields are null. */
function columnsOf(body: CompanyBody) {
  const orNull = (value: string) => value || null;
  return {
    name: body.name,
    shortDescription: body.shortDescription,
    description: body.description,
    logoImageUri: body.logoImageUri,
    bannerImageUri: body.bannerImageUri,
    organizationNumber: orNull(body.organizationNumber),
    websiteUrl: orNull(body.websiteUrl),
    facebookUrl: orNull(body.facebookUrl),
    instagramUrl: orNull(body.instagramUrl),
    twitterUrl: orNull(body.twitterUrl),
    youtubeUrl: orNull(body.youtubeUrl),
    phoneNumber: orNull(body.phoneNumber),
    email: orNull(body.email),
  };
}

/** Deleted companies still restorable at `now`, and every company in any other status. */
const notPurgeable = (now: Date): SQL => or(
  ne(companies.status, CompanyStatus.Deleted),
  gt(companies.deletedAt, new Date(now.getTime() - COMPANY_RETENTION_MS)),
)!;

/** The companies with their owners named (for Admins: the queue and the review show who asks). */
export async function withOwners(db: Db, list: OwnedCompany[]): Promise<OwnedCompany[]> {
  const ids = [...new Set(list.flatMap((c) => (c.createdById ? [c.createdById] : [])))];
  const found = ids.length === 0 ? [] : await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users).where(inArray(users.id, ids));
  const byId = new Map(found.map((u) => [u.id, { fullName: `${u.firstName} ${u.lastName}`.trim(), email: u.email }]));
  return list.map((c) => ({ ...c, owner: (c.createdById && byId.get(c.createdById)) || null }));
}

/** Companies (spec 2 §3–§6): public reads, the owner's and an Admin's writes, delete and restore. */
export function companyService(db: Db, clock: () => Date) {
  const find = async (id: string): Promise<CompanyRow | null> => {
    const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
    return row ?? null;
  };

  const canManage = (caller: Caller, row: CompanyRow) => isAdmin(caller) || (!!caller && row.createdById === caller.userId);

  /** The company `caller` may change: 404 unknown, 401 anonymous, 403 someone else's. */
  const managed = async (caller: Caller, id: string): Promise<CompanyRow> => {
    const row = await find(id);
    if (!row) throw notFound(CompanyErrors.NotFound);
    if (!caller) throw unauthorized();
    if (!canManage(caller, row)) throw forbidden(CompanyErrors.NoAccess);
    return row;
  };

  /** The form rules of spec 2 §5, then the image ids must name stored files. */
  const check = async (body: CompanyBody) => {
    assertValid(validateCompany(body));
    const imageFields = (['logoImageUri', 'bannerImageUri'] as const).filter((field) => body[field] !== null);
    const ids = imageFields.map((field) => body[field]!);
    if (ids.length === 0) return;
    const found = new Set((await db.select({ id: files.id }).from(files).where(inArray(files.id, ids))).map((r) => r.id));
    const errors: FieldError[] = imageFields.filter((field) => !found.has(body[field]!))
      .map((field) => ({ field, message: CompanyErrors.ImageNotFound }));
    assertValid(errors);
  };

  /**
   * Writes a status change and the listings' visibility together, then empties the search caches.
   * `then` runs in the same transaction (the audit entry of an Admin's change).
   */
  const changeStatus = async (
    row: CompanyRow, set: Partial<typeof companies.$inferInsert> & { status: number }, then?: InTransaction<CompanyRow>,
  ): Promise<CompanyRow> => {
    const updated = await db.transaction(async (tx) => {
      const [next] = await tx.update(companies)
        .set({ ...set, version: sql`${companies.version} + 1`, updatedAt: clock() })
        .where(and(eq(companies.id, row.id), eq(companies.version, row.version))).returning();
      if (!next) return null;
      await syncListingsActive(tx, row.id, next.status);
      await then?.(tx, next);
      return next;
    });
    // Another write changed the row between the read and this update: the caller tries again.
    if (!updated) throw staleVersion('company');
    bumpCatalogue();
    return updated;
  };

  return {
    /** Admin: every company in every status, newest first. */
    listAll: async (): Promise<OwnedCompany[]> =>
      withOwners(db, (await db.select().from(companies).orderBy(desc(companies.createdAt), desc(companies.id))).map(presentOwnedCompany)),

    /** The caller's companies, Deleted ones only while they can still be restored; by name. */
    listOwn: async (userId: string): Promise<OwnedCompany[]> =>
      (await db.select().from(companies)
        .where(and(eq(companies.createdById, userId), notPurgeable(clock())))
        .orderBy(asc(companies.name), asc(companies.id))).map(presentOwnedCompany),

    /** Visitors see an Active company; its owner and Admins see it in any status, with every field. */
    async get(caller: Caller, id: string): Promise<{ company: Company | OwnedCompany; version: number | null }> {
      const row = await find(id);
      if (row && canManage(caller, row)) {
        const owned = presentOwnedCompany(row);
        return { company: isAdmin(caller) ? (await withOwners(db, [owned]))[0]! : owned, version: row.version };
      }
      if (row && row.status === CompanyStatus.Active) return { company: presentPublicCompany(row), version: null };
      throw notFound(CompanyErrors.NotFound);
    },

    /**
     * A new company, AwaitingApproval, owned by the caller. With a device-made `id` already used:
     * the caller's own company is answered as it is (a replay whose Idempotency-Key is gone),
     * someone else's is a 409. `created` tells the two apart.
     */
    async create(userId: string, body: CompanyBody): Promise<{ company: CompanyRow; created: boolean }> {
      const existing = async (id: string) => {
        const row = await find(id);
        if (row && row.createdById === userId) return { company: row, created: false };
        throw conflict(CompanyErrors.IdTaken);
      };
      if (body.id && await find(body.id)) return existing(body.id);
      await check(body);
      const now = clock();
      const [row] = await db.insert(companies).values({
        ...(body.id ? { id: body.id } : {}),
        ...columnsOf(body),
        status: CompanyStatus.AwaitingApproval,
        createdById: userId,
        createdAt: now,
        updatedAt: now,
      }).onConflictDoNothing({ target: companies.id }).returning();
      // Inserted by a concurrent request with the same id in between.
      if (!row) return existing(body.id!);
      // Not public yet; bumped all the same so every company write keeps the caches honest.
      bumpCatalogue();
      return { company: row, created: true };
    },

    /**
     * Saves the form. A Rejected company goes back to AwaitingApproval (the edit answers the
     * rejection); an Active one stays Active; a Deleted one must be restored first.
     */
    async update(caller: Caller, id: string, expected: number | null, body: CompanyBody, then?: InTransaction<CompanyRow>): Promise<CompanyRow> {
      if (body.id !== undefined && body.id.toLowerCase() !== id.toLowerCase()) {
        throw badRequest(CompanyErrors.IdMismatch, [{ field: 'id', message: CompanyErrors.IdMismatch }]);
      }
      const row = await managed(caller, id);
      if (expected !== null && row.version !== expected) throw staleVersion('company');
      if (row.status === CompanyStatus.Deleted) throw conflict(CompanyErrors.RestoreFirst);
      await check(body);
      const status = row.status === CompanyStatus.Rejected ? CompanyStatus.AwaitingApproval : row.status;
      return changeStatus(row, { ...columnsOf(body), status }, then);
    },

    /** Marks the company Deleted (restorable for 30 days) and hides its listings. Deleting twice keeps the first time. */
    async remove(caller: Caller, id: string, then?: InTransaction<CompanyRow>): Promise<CompanyRow> {
      const row = await managed(caller, id);
      if (row.status === CompanyStatus.Deleted) return row;
      return changeStatus(row, { status: CompanyStatus.Deleted, statusBeforeDelete: row.status, deletedAt: clock() }, then);
    },

    /** Brings a Deleted company back in the status it had; 410 once the retention period is over. */
    async restore(caller: Caller, id: string, then?: InTransaction<CompanyRow>): Promise<CompanyRow> {
      const row = await managed(caller, id);
      if (row.status !== CompanyStatus.Deleted) return row;
      if (!row.deletedAt || clock().getTime() - row.deletedAt.getTime() >= COMPANY_RETENTION_MS) {
        throw new HttpError(410, CompanyErrors.TooLateToRestore);
      }
      return changeStatus(row, {
        status: row.statusBeforeDelete ?? CompanyStatus.AwaitingApproval, statusBeforeDelete: null, deletedAt: null,
      }, then);
    },
  };
}
