import Dexie, { liveQuery } from 'dexie';
import { db, type OutboxEntry } from '../db/database';
import type { WriteKind } from './entities/define';

/** The device is out of storage: the change was not applied and nothing in the outbox was lost. */
export class StorageFullError extends Error {
  constructor() {
    super('storage_full: This device is out of storage space. Free some space and try again.');
    this.name = 'StorageFullError';
  }
}

const isQuotaError = (error: unknown) =>
  error instanceof Error && (error.name === Dexie.errnames.QuotaExceeded || error.name === 'QuotaExceededError'
    || (error as { inner?: Error }).inner?.name === 'QuotaExceededError');

type Listener = () => void;
const queuedListeners = new Set<Listener>();
/** Runs after each write is queued (the replayer starts sending). */
export function onWriteQueued(fn: Listener): () => void {
  queuedListeners.add(fn);
  return () => queuedListeners.delete(fn);
}

/**
 * Applies a write locally and appends it to the outbox, in one Dexie transaction: either both
 * happen or neither. Returns the entry. The replayer sends it when it can.
 */
export async function queueWrite<P>(kind: WriteKind<P>, payload: P, userId: string): Promise<OutboxEntry> {
  const req = kind.request(payload);
  let entry: OutboxEntry;
  try {
    entry = await db.transaction('rw', [db.outbox, ...kind.tables()], async () => {
      const next: OutboxEntry = {
        id: crypto.randomUUID(),
        userId,
        kind: kind.kind,
        method: req.method,
        path: req.path,
        body: req.body,
        payload,
        entity: kind.entity,
        entityId: kind.entityId(payload, userId),
        baseVersion: kind.baseVersion ? await kind.baseVersion(payload, userId) : null,
        createdAt: Date.now(),
        attempts: 0,
        state: 'pending',
        lastError: null,
      };
      await kind.apply(payload, userId);
      next.seq = await db.outbox.add(next);
      return next;
    });
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError();
    throw error;
  }
  for (const fn of queuedListeners) fn();
  return entry;
}

/** The user's entries in send order (FIFO). */
export const userEntries = (userId: string) => db.outbox.where('userId').equals(userId).sortBy('seq');

/** Entries for one entity (any user), oldest first: the UI shows their state where the entity appears. */
export { entityEntriesQuery as entityEntries } from '../db/queries';

/**
 * A failed or conflicting entry goes back to the queue (keep mine re-bases it on `baseVersion`).
 * It gets a new Idempotency-Key: the server stored its 4xx answer under the old one, and the user
 * is asking for a new attempt, which the server has never applied.
 */
export async function retryEntry(seq: number, baseVersion?: number | null): Promise<void> {
  await db.outbox.update(seq, {
    id: crypto.randomUUID(),
    state: 'pending',
    lastError: null,
    fieldErrors: [],
    ...(baseVersion !== undefined ? { baseVersion } : {}),
  });
  for (const fn of queuedListeners) fn();
}

/** Drops an entry the user gave up on; the caller pulls the entity again so the server's state shows. */
export async function discardEntry(seq: number): Promise<void> {
  await db.outbox.delete(seq);
}

export type WriteOutcome =
  | { state: 'sent' }
  | { state: 'pending' }
  | { state: 'failed' | 'conflict'; entry: OutboxEntry };

/**
 * How a queued write ended, waiting at most `timeoutMs`: sent (gone from the outbox), failed or
 * conflict (with the server's message), or still pending (offline: it goes later).
 */
export function waitForOutcome(entryId: string, timeoutMs: number): Promise<WriteOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: WriteOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ state: 'pending' }), timeoutMs);
    const subscription = liveQuery(() => db.outbox.where('id').equals(entryId).first()).subscribe({
      next: (entry) => {
        if (!entry) finish({ state: 'sent' });
        else if (entry.state === 'failed' || entry.state === 'conflict') finish({ state: entry.state, entry });
        // A send was tried and could not get through (offline, server down): it goes later.
        else if (entry.state === 'pending' && entry.attempts > 0) finish({ state: 'pending' });
      },
      error: () => finish({ state: 'pending' }),
    });
  });
}
