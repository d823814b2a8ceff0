import { and, eq, inArray } from 'drizzle-orm';
import type { PushApplied, PushResult, PushRoute } from '../../../src/domain/sync';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { httpErrorFromDatabase } from '../../lib/db-errors';
import { HttpError } from '../../lib/errors';
import { fingerprintOf, keyRowState, KEY_IN_PROGRESS_MESSAGE, KEY_REUSED_MESSAGE, type IdempotencyRow } from '../../lib/idempotency';
import type { WriteAnswer, WriteHandler } from '../../lib/write-handler';
import { eventWrites } from '../events/writes';
import { favoriteWrites } from '../favorites/writes';
import type { Caller } from '../listings/ownership';
import type { ParsedWrite } from './schemas';

/** The single route each push route stands for: the same handler runs, inside the push's transaction. */
const HANDLERS: Record<PushRoute, WriteHandler> = {
  'POST /Favorites/:listingId': favoriteWrites.add,
  'DELETE /Favorites/:listingId': favoriteWrites.remove,
  'POST /PlannerEvent': eventWrites.create,
  'PUT /PlannerEvent/:id': eventWrites.update,
  'DELETE /PlannerEvent/:id': eventWrites.remove,
};

const JSON_TYPE = 'application/json; charset=utf-8';
const SERVER_FAILURE = 'Something went wrong on our side. Please try again.';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type KeyRow = typeof idempotencyKeys.$inferInsert;

/** A write run outside a savepoint failed: the transaction is rolled back and run again, guarded from `index` on. */
class Unguarded extends Error {
  constructor(readonly index: number) {
    super('a pushed write failed outside a savepoint');
  }
}

/** Another request stored an answer under one of the keys while this push ran: run it again, answering from it. */
class KeysTaken extends Error {}

/** How often a push is run again (a refusal found without a savepoint, a key taken meanwhile) before it gives up. */
const MAX_RUNS = 3;

/** A stored key row as the answer a push gives for it. */
function storedAnswer(key: string, row: IdempotencyRow): PushApplied {
  let body: unknown = row.body ?? undefined;
  if (row.body !== null && row.contentType?.includes('json')) {
    try {
      body = JSON.parse(row.body);
    } catch {
      // stored as sent: a text answer
    }
  }
  return { key, status: row.statusCode!, ...(body !== undefined ? { body } : {}), replayed: true };
}

/** The entity version in a stored answer's body (planner events answer theirs), if any. */
function versionIn(body: unknown): number | undefined {
  const version = typeof body === 'object' && body !== null ? (body as { version?: unknown }).version : undefined;
  return typeof version === 'number' && Number.isInteger(version) ? version : undefined;
}

const isSuccess = (result: PushResult) => result.status !== null && result.status >= 200 && result.status < 300;

/**
 * Applies a push's writes (docs/api.md "Sync push", docs/decisions.md "Batched replay"): one
 * transaction, the writes in order, each with its Idempotency-Key row, so they commit together or
 * not at all. A key with a stored answer is answered from it without running again. A refused
 * write (a 4xx, stored as its single route would store it) is undone alone and the others commit:
 * the push first runs without savepoints (most pushes have no refusal; a savepoint per write costs
 * two more statements each) and, when a write fails, runs again from scratch with a savepoint
 * around that write and each one after it. After a refused write, later writes of the same entity
 * are held back (the client's rule); after a write that has to be sent again later (a 5xx, a key
 * still being processed), nothing after it runs.
 */
export async function applyPush(
  deps: AppDeps,
  caller: Caller,
  writes: ParsedWrite[],
  logFailure: (error: unknown) => void,
): Promise<PushResult[]> {
  let guardedFrom = writes.length;
  for (let run = 0; run < MAX_RUNS; run++) {
    try {
      return await deps.db.transaction((tx) => applyInTransaction(deps, tx, caller, writes, guardedFrom, logFailure));
    } catch (error) {
      if (error instanceof Unguarded) guardedFrom = error.index;
      else if (!(error instanceof KeysTaken)) throw error;
    }
  }
  throw new HttpError(409, KEY_IN_PROGRESS_MESSAGE, undefined, { 'retry-after': '1' });
}

async function applyInTransaction(
  deps: AppDeps,
  tx: Tx,
  caller: Caller,
  writes: ParsedWrite[],
  guardedFrom: number,
  logFailure: (error: unknown) => void,
): Promise<PushResult[]> {
  const scope = caller.userId;
  const now = deps.clock();
  const existing = writes.length === 0 ? [] : await tx.select().from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), inArray(idempotencyKeys.key, writes.map((w) => w.key))));
  const stored = new Map(existing.map((row) => [row.key, row]));
  const refused = new Set<string>();
  /** Per entity: an applied write moved it from the version `from` to `to`. */
  const moved = new Map<string, { from: number; to: number }>();
  /** The key rows of this push, written in one statement at the end, in the same transaction. */
  const keyRows: KeyRow[] = [];
  const results: PushResult[] = [];
  let stopped = false;

  const fingerprint = (write: ParsedWrite) => fingerprintOf(write.method, `/api${write.path}`, write.body);
  const keep = (write: ParsedWrite, answer: WriteAnswer) => keyRows.push({
    scope,
    key: write.key,
    fingerprint: fingerprint(write),
    state: 'done',
    statusCode: answer.status,
    contentType: answer.body === undefined ? null : JSON_TYPE,
    body: answer.body === undefined ? null : JSON.stringify(answer.body),
    createdAt: now,
  });

  /** The answer for a key someone already holds; `stopped` when it is still being processed. */
  const answerFromRow = (write: ParsedWrite, row: IdempotencyRow): PushResult => {
    if (row.fingerprint !== fingerprint(write)) return { key: write.key, status: 422, body: { message: KEY_REUSED_MESSAGE } };
    if (keyRowState(row, now) === 'in_progress') {
      stopped = true;
      return { key: write.key, status: 409, body: { message: KEY_IN_PROGRESS_MESSAGE }, retryAfter: 1 };
    }
    return storedAnswer(write.key, row);
  };

  const run = async (write: ParsedWrite, index: number): Promise<PushResult> => {
    const row = stored.get(write.key);
    if (row) {
      if (keyRowState(row, now) !== 'stale') {
        const answer = answerFromRow(write, row);
        if ('skipped' in answer) return answer;
        // An applied write answered from its key row (its first answer was lost) still moved its
        // entity: a later write of this push based on the same version follows it, as it would
        // have had the write run now. The stored body carries the version the write made.
        const version = isSuccess(answer) ? versionIn(answer.body) : undefined;
        if (version !== undefined && write.entity !== undefined && write.ifMatch !== undefined) {
          moved.set(write.entity, { from: write.ifMatch, to: version });
          return { ...answer, version };
        }
        return answer;
      }
      await tx.delete(idempotencyKeys).where(and(
        eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, write.key), eq(idempotencyKeys.createdAt, row.createdAt),
      ));
    }
    const move = write.entity !== undefined ? moved.get(write.entity) : undefined;
    const ifMatch = write.ifMatch !== undefined && move?.from === write.ifMatch ? move.to : write.ifMatch ?? null;
    const handle = (db: Tx) => HANDLERS[write.route]({ ...deps, db }, { caller, params: write.params, body: write.body, expected: () => ifMatch });
    let answer: WriteAnswer;
    try {
      answer = index < guardedFrom ? await handle(tx) : await tx.transaction(handle);
    } catch (error) {
      // Without a savepoint a failed statement leaves the transaction unusable: start again, guarded.
      if (index < guardedFrom) throw new Unguarded(index);
      const http = httpErrorFromDatabase(error) ?? error;
      if (http instanceof HttpError && http.statusCode < 500) {
        const body = { message: http.message, ...(http.errors ? { errors: http.errors } : {}) };
        // A refusal is stored as the single route stores it: a resend gets the same answer.
        keep(write, { status: http.statusCode, body });
        return { key: write.key, status: http.statusCode, body };
      }
      // Not stored (as a single route's 5xx): it runs again when sent again.
      logFailure(error);
      stopped = true;
      return { key: write.key, status: 500, body: { message: SERVER_FAILURE } };
    }
    keep(write, answer);
    if (answer.version !== undefined && write.entity !== undefined && write.ifMatch !== undefined) {
      moved.set(write.entity, { from: write.ifMatch, to: answer.version });
    }
    return {
      key: write.key,
      status: answer.status,
      ...(answer.body !== undefined ? { body: answer.body } : {}),
      ...(answer.version !== undefined ? { version: answer.version } : {}),
    };
  };

  for (const [index, write] of writes.entries()) {
    if (stopped) {
      results.push({ key: write.key, status: null, skipped: 'stopped' });
      continue;
    }
    if (write.entity !== undefined && refused.has(write.entity)) {
      results.push({ key: write.key, status: null, skipped: 'held' });
      continue;
    }
    const result = await run(write, index);
    results.push(result);
    if (!isSuccess(result) && write.entity !== undefined) refused.add(write.entity);
  }
  if (keyRows.length > 0) {
    // The key rows are part of the effects: all commit or none. On PostgreSQL a concurrent request
    // holding one of the keys makes this wait for it; if it stored an answer, this push is undone
    // and run again, answering that key from it.
    const inserted = await tx.insert(idempotencyKeys).values(keyRows).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (inserted.length !== keyRows.length) throw new KeysTaken();
  }
  return results;
}
