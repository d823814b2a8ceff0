import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OutboxEntry } from '../db/database';
import { entityEntries } from './outbox';

export interface OutboxSummary {
  /** Waiting to be sent (pending or being sent). */
  waiting: number;
  /** Refused by the server (failed) or stale (conflict): they need the user. */
  needsAttention: OutboxEntry[];
}

const EMPTY: OutboxSummary = { waiting: 0, needsAttention: [] };

/** The user's queued changes, live across tabs. */
export function useOutboxSummary(userId: string | null | undefined): OutboxSummary {
  return useLiveQuery(async () => {
    if (!userId) return EMPTY;
    const entries = await db.outbox.where('userId').equals(userId).sortBy('seq');
    return {
      waiting: entries.filter((e) => e.state === 'pending' || e.state === 'sending').length,
      needsAttention: entries.filter((e) => e.state === 'failed' || e.state === 'conflict'),
    };
  }, [userId]) ?? EMPTY;
}

export type EntitySyncState = 'synced' | 'pending' | 'failed' | 'conflict';

/** The sync state of one entity for one user, and its entries (oldest first). */
export function useEntitySync(entity: string, entityId: string | null | undefined, userId: string | null | undefined) {
  return useLiveQuery(async () => {
    if (!entityId || !userId) return { state: 'synced' as EntitySyncState, entries: [] as OutboxEntry[] };
    const entries = (await entityEntries(entity, entityId)).filter((e) => e.userId === userId);
    const state: EntitySyncState = entries.some((e) => e.state === 'conflict') ? 'conflict'
      : entries.some((e) => e.state === 'failed') ? 'failed'
        : entries.length ? 'pending' : 'synced';
    return { state, entries };
  }, [entity, entityId, userId]) ?? { state: 'synced' as EntitySyncState, entries: [] as OutboxEntry[] };
}
