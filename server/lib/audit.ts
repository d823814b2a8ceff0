import { desc, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditEntityType, AuditEntry, AuditLogPage } from '../../src/domain/settings';
import { ADMIN_ROLE } from '../../src/domain/constants';
import type { Db } from '../db/client';
import { auditLog, users } from '../db/schema';

/** What an admin change touched; the who and when come from the request and the clock. */
export interface AuditRecord {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | null;
  /** The record in English, as an operator reads the log; the screen translates action and entity. */
  summary: string;
}

/** Longest summary kept: a name is quoted in it, and names are short, but a log line stays a line. */
const SUMMARY_MAX = 300;

/**
 * Writes one audit entry for the request's user. `db` may be a transaction: then the entry is
 * part of the change and is never written without it. The e-mail is copied from the account as
 * it is now, so the entry still says who after the account is gone.
 */
export async function recordAudit(db: Db, request: FastifyRequest, at: Date, record: AuditRecord): Promise<void> {
  const userId = request.auth?.userId ?? null;
  await db.insert(auditLog).values({
    userId,
    userEmail: userId ? sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${userId}), '')` : '',
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    summary: record.summary.length > SUMMARY_MAX ? `${record.summary.slice(0, SUMMARY_MAX - 1)}…` : record.summary,
    createdAt: at,
  });
}

/**
 * For the "owner or Admin" routes (companies, listings): records the change only when an Admin made
 * it to an item someone else owns. An owner's changes to their own items are not admin changes.
 */
export async function recordAdminChangeToOthers(db: Db, request: FastifyRequest, at: Date, ownerId: string | null, record: AuditRecord): Promise<void> {
  const auth = request.auth;
  if (!auth || !auth.roles.includes(ADMIN_ROLE) || auth.userId === ownerId) return;
  await recordAudit(db, request, at, record);
}

/** A page of entries, newest first, older than the entry `before` when given. */
export async function auditLogPage(db: Db, limit: number, before: number | undefined): Promise<AuditLogPage> {
  // One more than asked tells whether another page exists without counting the table.
  const rows = await db.select().from(auditLog)
    .where(before === undefined ? undefined : lt(auditLog.id, before))
    .orderBy(desc(auditLog.id)).limit(limit + 1);
  const entries = rows.slice(0, limit).map((r): AuditEntry => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    userId: r.userId,
    userEmail: r.userEmail,
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    summary: r.summary,
  }));
  return { entries, nextBefore: rows.length > limit ? entries[entries.length - 1]!.id : null };
}
