import { createBackoff } from '../api/connection';
import { ApiError, request } from '../api/http';
import { db, type OutboxEntry } from '../db/database';
import { IDEMPOTENCY_KEY_HEADER } from '../domain/sync';
import { sendableBody } from './local-file-body';
import { entityEntries, userEntries } from './outbox';
import type { SenderLock } from './sender-lock';
import { writeKind } from './entities/registry';

export interface ReplayerOptions {
  /** The signed-in user: only their entries are sent, never another user's. */
  getUserId: () => string | null;
  lock: SenderLock;
  /** After the queue drained (something was sent): pull the user's entities and merge (reconcile). */
  onDrained?: (userId: string) => Promise<void>;
}

export interface Replayer {
  /** Sends what is queued now (or joins the run in progress). */
  run(): Promise<void>;
  /** Stops the backoff timer. */
  stop(): void;
}

type Outcome = 'sent' | 'kept' | 'retry-later';

const etagVersion = (etag: string | null): number | null => {
  const match = etag ? /^(?:W\/)?"?(\d+)"?$/.exec(etag.trim()) : null;
  return match ? Number(match[1]) : null;
};

const entityKey = (e: OutboxEntry) => `${e.entity}\u0000${e.entityId}`;

/**
 * The outbox sender (ARCHITECTURE §3): FIFO, one entry at a time, one sender across tabs (the
 * lock). Outcome per entry: 2xx → removed and the server's answer settled into Dexie; network,
 * 5xx, 408, 429 or "still processing" → kept in order and retried after a growing pause; 412
 * (stale version) → conflict; any other 4xx → failed with the server's message. A failed or conflicting
 * entry holds back later writes of the same entity only; the others go on.
 */
export function createReplayer({ getUserId, lock, onDrained }: ReplayerOptions): Replayer {
  let running: Promise<void> | null = null;
  let again = false;
  // The shared backoff (1 s doubling to 30 s, jittered; nothing while offline: `online` runs us).
  const backoff = createBackoff(() => void run());

  async function sendOne(entry: OutboxEntry): Promise<Outcome> {
    const seq = entry.seq!;
    await db.outbox.update(seq, { state: 'sending', attempts: entry.attempts + 1 });
    const kind = writeKind(entry.kind);
    if (!kind) {
      await db.outbox.update(seq, { state: 'failed', lastError: `Unknown change type: ${entry.kind}` });
      return 'kept';
    }
    // A file upload's bytes are read from the device now (they are not kept in the entry).
    const sendable = await sendableBody(entry.body);
    if (!sendable) {
      await db.outbox.update(seq, { state: 'failed', lastError: 'The image is no longer stored on this device.' });
      return 'kept';
    }
    let version: number | null = null;
    let retryAfter = false;
    let body: unknown;
    try {
      body = await request<unknown>(entry.method, entry.path, {
        body: sendable.body,
        headers: {
          [IDEMPOTENCY_KEY_HEADER]: entry.id,
          ...(entry.baseVersion != null ? { 'if-match': `"${entry.baseVersion}"` } : {}),
        },
        onResponse: (res) => {
          version = etagVersion(res.headers.get('etag'));
          retryAfter = res.headers.has('retry-after');
        },
      });
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      const message = error instanceof Error ? error.message : String(error);
      if (status === 0 || status >= 500 || status === 408 || status === 429 || status === 401 || (status === 409 && retryAfter)) {
        await db.outbox.update(seq, { state: 'pending', lastError: message });
        return 'retry-later';
      }
      // Our server answers a stale If-Match with 412; its 409s are duplicates (e.g. a phone already registered).
      const state = status === 412 ? 'conflict' : 'failed';
      await db.transaction('rw', [db.outbox, ...kind.tables()], async () => {
        await db.outbox.update(seq, { state, lastError: message, fieldErrors: error instanceof ApiError ? error.errors : [] });
        if (state === 'failed' && kind.fail) await kind.fail(entry.payload, entry.userId, message);
      });
      return 'kept';
    }
    await db.transaction('rw', [db.outbox, ...kind.tables()], async () => {
      await db.outbox.delete(seq);
      const rest = (await entityEntries(entry.entity, entry.entityId)).filter((e) => e.userId === entry.userId);
      // Later edits of the entity were based on the version this one replaced: move them onto the new one.
      if (version !== null && entry.baseVersion !== null) {
        for (const later of rest) if (later.baseVersion === entry.baseVersion) await db.outbox.update(later.seq!, { baseVersion: version });
      }
      // Server state goes over the local row only when no later local write of it is still queued.
      if (rest.length === 0 && kind.settle) await kind.settle(entry.payload, entry.userId, { body, version });
    });
    return 'sent';
  }

  async function drain(): Promise<void> {
    const userId = getUserId();
    if (!userId) return;
    let sent = false;
    // One read of the queue per pass (not per entry): a long offline queue replays in linear time.
    // Entries queued during a pass are picked up by the next one.
    for (;;) {
      const entries = await userEntries(userId);
      const blocked = new Set(entries.filter((e) => e.state === 'failed' || e.state === 'conflict').map(entityKey));
      let tried = false;
      for (const listed of entries) {
        if (getUserId() !== userId) return; // logged out or switched user mid-run
        // 'sending' left over from a closed tab or a crash is sent again: the Idempotency-Key makes it safe.
        if ((listed.state !== 'pending' && listed.state !== 'sending') || blocked.has(entityKey(listed))) continue;
        // The user may have discarded or changed it since the pass began.
        const entry = await db.outbox.get(listed.seq!);
        if (!entry || (entry.state !== 'pending' && entry.state !== 'sending')) continue;
        tried = true;
        const outcome = await sendOne(entry);
        if (outcome === 'retry-later') {
          backoff.failed();
          return;
        }
        if (outcome === 'sent') sent = true;
        else blocked.add(entityKey(entry)); // later writes of a refused entity wait for the user
      }
      if (!tried) break;
    }
    backoff.succeeded();
    if (sent && onDrained) await onDrained(userId).catch(() => undefined);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = lock(async () => {
      do {
        again = false;
        await drain();
      } while (again);
    }).finally(() => {
      running = null;
    });
    return running;
  }

  return {
    run,
    stop() {
      backoff.cancel();
    },
  };
}
