import Dexie from 'dexie';
import { db, type SharedTableName } from '../db/database';
import type { EntityName } from './entities/registry';

/**
 * The keys (`entityId`s) of rows of one mirrored table that have local writes not yet confirmed
 * by the server: outbox entries in any state (pending, sending, failed, conflict). Pulls leave
 * those rows as they are locally (ARCHITECTURE §3: server state wins except over pending writes).
 * Call inside a transaction that includes `db.outbox`, so the check and the write are atomic.
 */
export async function pendingEntityKeys(entity: EntityName | SharedTableName, userId?: string): Promise<Set<string>> {
  const entries = await db.outbox
    .where('[entity+entityId]')
    .between([entity, Dexie.minKey], [entity, Dexie.maxKey])
    .toArray();
  return new Set(entries.filter((e) => userId === undefined || e.userId === userId).map((e) => e.entityId));
}
