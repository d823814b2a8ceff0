import { useCallback, useSyncExternalStore } from 'react';
import type { OutboxEntry } from '../db/database';
import { dataWhenAllowed, useLive } from '../db/live';
import type { EntityName } from './entities/registry';

export interface OutboxSummary {
  /** Waiting to be sent (pending or being sent). */
  waiting: number;
  /** Refused by the server (failed) or stale (conflict): they need the user. */
  needsAttention: OutboxEntry[];
}

const EMPTY: OutboxSummary = { waiting: 0, needsAttention: [] };

/** The user's queued changes, live across tabs. */
export function useOutboxSummary(userId: string | null | undefined): OutboxSummary {
  return useLive(async ({ db }) => {
    if (!userId) return EMPTY;
    const entries = await db.outbox.where('userId').equals(userId).sortBy('seq');
    return {
      waiting: entries.filter((e) => e.state === 'pending' || e.state === 'sending').length,
      needsAttention: entries.filter((e) => e.state === 'failed' || e.state === 'conflict'),
    };
  }, [userId]) ?? EMPTY;
}

export type EntitySyncState = 'synced' | 'pending' | 'failed' | 'conflict';

/** The state an entity's entries add up to: a conflict first, then a refusal, then waiting. */
function stateOf(entries: readonly OutboxEntry[]): EntitySyncState {
  return entries.some((e) => e.state === 'conflict') ? 'conflict'
    : entries.some((e) => e.state === 'failed') ? 'failed'
      : entries.length ? 'pending' : 'synced';
}

/** One live query per user and entity type, shared by every component that shows a row of it. */
interface SharedStates {
  states: ReadonlyMap<string, EntitySyncState>;
  listeners: Set<() => void>;
  stop: () => void;
}
const sharedStates = new Map<string, SharedStates>();
const statesKey = (entity: string, userId: string) => `${entity}\u0000${userId}`;

function subscribeStates(entity: string, userId: string, listener: () => void): () => void {
  const key = statesKey(entity, userId);
  let shared = sharedStates.get(key);
  if (!shared) {
    let stopped = false;
    const created: SharedStates = { states: new Map(), listeners: new Set(), stop: () => { stopped = true; } };
    // Every row reads 'synced' until the mirror is loaded (it loads at once for a signed-in user).
    void dataWhenAllowed().then(({ db, liveQuery }) => {
      if (stopped) return;
      const subscription = liveQuery(() => db.outbox.where('userId').equals(userId).filter((e) => e.entity === entity).toArray()).subscribe({
        next: (entries) => {
          const byId = new Map<string, OutboxEntry[]>();
          for (const e of entries) byId.set(e.entityId, [...(byId.get(e.entityId) ?? []), e]);
          created.states = new Map([...byId].map(([id, list]) => [id, stateOf(list)]));
          for (const l of created.listeners) l();
        },
        // A failing read leaves the last states; the queue's own UI reports problems.
        error: () => {},
      });
      created.stop = () => subscription.unsubscribe();
    });
    sharedStates.set(key, created);
    shared = created;
  }
  shared.listeners.add(listener);
  const current = shared;
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size === 0) {
      current.stop();
      sharedStates.delete(key);
    }
  };
}

/**
 * The sync state of one row of an entity type, for grids (the hearts of 96 cards): every row reads
 * the one live query of its entity type and user instead of running its own.
 */
export function useRowSyncState(entity: EntityName, entityId: string, userId: string | null | undefined): EntitySyncState {
  const subscribe = useCallback(
    (listener: () => void) => (userId ? subscribeStates(entity, userId, listener) : () => {}),
    [entity, userId],
  );
  const read = () => (userId ? sharedStates.get(statesKey(entity, userId))?.states.get(entityId) ?? 'synced' : 'synced');
  return useSyncExternalStore(subscribe, read, () => 'synced');
}

/** The sync state of one entity for one user, and its entries (oldest first). */
export function useEntitySync(entity: EntityName, entityId: string | null | undefined, userId: string | null | undefined) {
  return useLive(async ({ entityEntriesQuery }) => {
    if (!entityId || !userId) return { state: 'synced' as EntitySyncState, entries: [] as OutboxEntry[] };
    const entries = (await entityEntriesQuery(entity, entityId)).filter((e) => e.userId === userId);
    return { state: stateOf(entries), entries };
  }, [entity, entityId, userId]) ?? { state: 'synced' as EntitySyncState, entries: [] as OutboxEntry[] };
}
