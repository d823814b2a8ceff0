import type { Table } from 'dexie';
import { createBackoff } from '../api/connection';
import { ApiError, request } from '../api/http';
import { db, type OutboxEntry } from '../db/database';
import {
  IDEMPOTENCY_KEY_HEADER, PUSH_MAX_BYTES, PUSH_MAX_WRITES, PUSH_PATH, matchPushRoute,
  type PushResponse, type PushResult, type PushWrite,
} from '../domain/sync';
import { isMultipartFileBody, sendableBody } from './local-file-body';
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

/** sent: gone from the outbox; kept: failed or conflict (holds back its entity); waiting: still pending, not tried. */
type Outcome = 'sent' | 'kept' | 'retry-later' | 'waiting';
type Kind = NonNullable<ReturnType<typeof writeKind>>;

const etagVersion = (etag: string | null): number | null => {
  const match = etag ? /^(?:W\/)?"?(\d+)"?$/.exec(etag.trim()) : null;
  return match ? Number(match[1]) : null;
};

const entityKey = (e: OutboxEntry) => `${e.entity}\u0000${e.entityId}`;

/** Network, 5xx, 408, 429, an expired session or "still processing": the entry waits and goes again later. */
const isRetryLater = (status: number, retryAfter: boolean) =>
  status === 0 || status >= 500 || status === 408 || status === 429 || status === 401 || (status === 409 && retryAfter);

/** The JSON size a write adds to a push (a bound, not exact: keys and punctuation included). */
const utf8 = new TextEncoder();
/** The bytes an entry adds to a push (the server's limit is in bytes; Nordic letters take two). */
const pushSize = (entry: OutboxEntry) => 200 + utf8.encode(entry.path).length + (entry.body === undefined ? 0 : utf8.encode(JSON.stringify(entry.body)).length);

/** Whether the push endpoint carries this entry (favourites, planner events); the others go on their own routes. */
function pushable(entry: OutboxEntry): boolean {
  return writeKind(entry.kind) !== undefined && !isMultipartFileBody(entry.body)
    && matchPushRoute(entry.method, entry.path) !== null && pushSize(entry) <= PUSH_MAX_BYTES;
}

const toPushWrite = (entry: OutboxEntry): PushWrite => ({
  key: entry.id,
  method: entry.method,
  path: entry.path,
  ...(entry.body !== undefined ? { body: entry.body } : {}),
  ...(entry.baseVersion != null ? { ifMatch: entry.baseVersion } : {}),
  // Opaque to the server: it holds back later writes of an entity after one is refused.
  entity: `${entry.entity}:${entry.entityId}`,
});

/** Every table the entries' kinds touch, once each, for one Dexie transaction over all of them. */
function tablesOf(kinds: Kind[]): Table[] {
  const byName = new Map<string, Table>([[db.outbox.name, db.outbox]]);
  for (const kind of kinds) for (const table of kind.tables()) byName.set(table.name, table);
  return [...byName.values()];
}

/** The user's queued entries of the entity, oldest first. */
const entriesOfEntity = async (entry: OutboxEntry) =>
  (await entityEntries(entry.entity, entry.entityId)).filter((e) => e.userId === entry.userId);

/**
 * A 2xx (call inside a transaction): the entry goes, later edits move onto the new version, the
 * answer settles. `queued` is the user's entries of the entity, this one among them; it is kept
 * up to date (a batch settles many entries of one entity on one read of them).
 */
async function settleSent(entry: OutboxEntry, kind: Kind, body: unknown, version: number | null, queued: OutboxEntry[]): Promise<void> {
  await db.outbox.delete(entry.seq!);
  const at = queued.findIndex((e) => e.seq === entry.seq);
  if (at >= 0) queued.splice(at, 1);
  // Later edits of the entity were based on the version this one replaced: move them onto the new one.
  if (version !== null && entry.baseVersion !== null) {
    for (const later of queued) {
      if (later.baseVersion !== entry.baseVersion) continue;
      later.baseVersion = version;
      await db.outbox.update(later.seq!, { baseVersion: version });
    }
  }
  // Server state goes over the local row only when no later local write of it is still queued.
  if (queued.length === 0 && kind.settle) await kind.settle(entry.payload, entry.userId, { body, version });
}

/** A 4xx other than "still processing": 412 is a conflict, the rest failed with the server's message (inside a transaction). */
async function settleRefused(entry: OutboxEntry, kind: Kind, status: number, message: string, errors: ApiError['errors']): Promise<void> {
  // Our server answers a stale If-Match with 412; its 409s are duplicates (e.g. a phone already registered).
  const state = status === 412 ? 'conflict' : 'failed';
  await db.outbox.update(entry.seq!, { state, lastError: message, fieldErrors: errors });
  if (state === 'failed' && kind.fail) await kind.fail(entry.payload, entry.userId, message);
}

const errorOf = (body: unknown, status: number) => {
  const { message, errors } = (typeof body === 'object' && body !== null ? body : {}) as { message?: unknown; errors?: unknown };
  return {
    message: typeof message === 'string' && message ? message : `HTTP ${status}`,
    errors: Array.isArray(errors) ? (errors as ApiError['errors']) : [],
  };
};

/**
 * The outbox sender (ARCHITECTURE §3): FIFO, one sender across tabs (the lock). Writes the push
 * endpoint carries go in batches of up to PUSH_MAX_WRITES (one request, one server transaction,
 * one Dexie transaction for the answers); any other write goes alone, after the batch queued
 * before it. Outcome per entry: 2xx → removed and the server's answer settled into Dexie; network,
 * 5xx, 408, 429 or "still processing" → kept in order and retried after a growing pause; 412
 * (stale version) → conflict; any other 4xx → failed with the server's message. A failed or
 * conflicting entry holds back later writes of the same entity only (inside a batch the server
 * applies the same rule); the others go on.
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
      if (isRetryLater(status, retryAfter)) {
        await db.outbox.update(seq, { state: 'pending', lastError: message });
        return 'retry-later';
      }
      await db.transaction('rw', tablesOf([kind]), () =>
        settleRefused(entry, kind, status, message, error instanceof ApiError ? error.errors : []));
      return 'kept';
    }
    await db.transaction('rw', tablesOf([kind]), async () => settleSent(entry, kind, body, version, await entriesOfEntity(entry)));
    return 'sent';
  }

  /**
   * Sends entries in one push and writes every answer in one Dexie transaction. The outcomes are
   * in the entries' order; a refused push (an older server, a write it does not take) falls back
   * to sending each alone, in order.
   */
  async function sendBatch(listed: OutboxEntry[]): Promise<{ entry: OutboxEntry; outcome: Outcome }[]> {
    // The user may have discarded or retried some since the pass began.
    const batch = await db.transaction('rw', db.outbox, async () => {
      const current = (await db.outbox.bulkGet(listed.map((e) => e.seq!)))
        .filter((e): e is OutboxEntry => e !== undefined && (e.state === 'pending' || e.state === 'sending'));
      const marked = current.map((e) => ({ ...e, state: 'sending' as const, attempts: e.attempts + 1 }));
      await db.outbox.bulkPut(marked);
      return marked;
    });
    if (batch.length === 0) return [];
    let results: PushResult[];
    let retryAfter = false;
    try {
      const answer = await request<PushResponse>('POST', PUSH_PATH, {
        body: { writes: batch.map(toPushWrite) },
        onResponse: (res) => {
          retryAfter = res.headers.has('retry-after');
        },
      });
      results = answer.results;
      if (results.length !== batch.length || results.some((r, i) => r.key !== batch[i]!.id)) {
        throw new ApiError(502, 'The server answered a different list of changes.');
      }
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      const message = error instanceof Error ? error.message : String(error);
      if (isRetryLater(status, retryAfter)) {
        // update, not put: an entry the user discarded meanwhile stays discarded.
        await db.transaction('rw', db.outbox, async () => {
          for (const entry of batch) await db.outbox.update(entry.seq!, { state: 'pending', lastError: message });
        });
        return batch.map((entry) => ({ entry, outcome: 'retry-later' }));
      }
      const outcomes: { entry: OutboxEntry; outcome: Outcome }[] = [];
      for (const entry of batch) {
        const outcome = await sendOne(entry);
        outcomes.push({ entry, outcome });
        if (outcome === 'retry-later') break;
      }
      return outcomes;
    }
    const kinds = batch.map((e) => writeKind(e.kind)!);
    return db.transaction('rw', tablesOf(kinds), async () => {
      // One read per entity of the batch, not per entry: the answers are settled against these lists.
      const queuedByEntity = new Map<string, OutboxEntry[]>();
      for (const entry of batch) {
        if (!queuedByEntity.has(entityKey(entry))) queuedByEntity.set(entityKey(entry), await entriesOfEntity(entry));
      }
      const outcomes: { entry: OutboxEntry; outcome: Outcome }[] = [];
      for (const [i, result] of results.entries()) {
        const queued = queuedByEntity.get(entityKey(batch[i]!))!;
        // The stored entry (an earlier answer may have moved its base version), unless the user discarded it.
        const entry = queued.find((e) => e.seq === batch[i]!.seq);
        if (!entry) continue;
        const kind = kinds[i]!;
        if (result.status === null) {
          await db.outbox.update(entry.seq!, { state: 'pending' });
          outcomes.push({ entry, outcome: 'waiting' });
        } else if (result.status >= 200 && result.status < 300) {
          await settleSent(entry, kind, result.body, result.version ?? null, queued);
          outcomes.push({ entry, outcome: 'sent' });
        } else {
          const { message, errors } = errorOf(result.body, result.status);
          if (isRetryLater(result.status, result.retryAfter !== undefined)) {
            await db.outbox.update(entry.seq!, { state: 'pending', lastError: message });
            outcomes.push({ entry, outcome: 'retry-later' });
          } else {
            await settleRefused(entry, kind, result.status, message, errors);
            outcomes.push({ entry, outcome: 'kept' });
          }
        }
      }
      return outcomes;
    });
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
      let batch: OutboxEntry[] = [];
      let batchBytes = 0;

      /** Sends the batch gathered so far; false when the queue has to wait (backoff). */
      const flush = async (): Promise<boolean> => {
        if (batch.length === 0) return true;
        const outcomes = await sendBatch(batch);
        batch = [];
        batchBytes = 0;
        for (const { entry, outcome } of outcomes) {
          if (outcome === 'retry-later') return false;
          if (outcome === 'sent') sent = true;
          else if (outcome === 'kept') blocked.add(entityKey(entry)); // later writes of a refused entity wait for the user
        }
        return true;
      };

      for (const listed of entries) {
        if (getUserId() !== userId) return; // logged out or switched user mid-run
        // 'sending' left over from a closed tab or a crash is sent again: the Idempotency-Key makes it safe.
        if (listed.state !== 'pending' && listed.state !== 'sending') continue;
        if (pushable(listed)) {
          if (blocked.has(entityKey(listed))) continue;
          const size = pushSize(listed);
          if (batch.length >= PUSH_MAX_WRITES || batchBytes + size > PUSH_MAX_BYTES) {
            if (!(await flush())) return void backoff.failed();
          }
          batch.push(listed);
          batchBytes += size;
          tried = true;
          continue;
        }
        // A write sent alone goes after the batched ones queued before it (FIFO).
        if (!(await flush())) return void backoff.failed();
        if (getUserId() !== userId) return;
        if (blocked.has(entityKey(listed))) continue;
        // The user may have discarded or changed it since the pass began.
        const entry = await db.outbox.get(listed.seq!);
        if (!entry || (entry.state !== 'pending' && entry.state !== 'sending')) continue;
        tried = true;
        const outcome = await sendOne(entry);
        if (outcome === 'retry-later') return void backoff.failed();
        if (outcome === 'sent') sent = true;
        else blocked.add(entityKey(entry)); // later writes of a refused entity wait for the user
      }
      if (getUserId() !== userId) return;
      if (!(await flush())) return void backoff.failed();
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
