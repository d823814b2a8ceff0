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

/** Another request stored an answer under the key while this write ran: its effect is rolled back. */
class KeyTaken extends Error {}

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

const isSuccess = (result: PushResult) => result.status !== null && result.status >= 200 && result.status < 300;

/**
 * Applies a push's writes (docs/api.md "Sync push", docs/decisions.md "Batched replay"): one
 * transaction, the writes in order, each in a savepoint with its Idempotency-Key row, so a
 * refused write (a 4xx, stored as its single route would store it) is undone alone and the others
 * commit. A key with a stored answer is answered from it without running again. After a refused
 * write, later writes of the same entity are held back (the client's rule); after a write that has
 * to be sent again later (a 5xx, a key still being processed), nothing after it runs.
 */
export async function applyPush(
  deps: AppDeps,
  caller: Caller,
  writes: ParsedWrite[],
  logFailure: (error: unknown) => void,
): Promise<PushResult[]> {
  const scope = caller.userId;
  const keyWhere = (key: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  const readKey = async (tx: Tx, key: string) => (await tx.select().from(idempotencyKeys).where(keyWhere(key)).limit(1))[0];

  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const existing = writes.length === 0 ? [] : await tx.select().from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), inArray(idempotencyKeys.key, writes.map((w) => w.key))));
    const stored = new Map(existing.map((row) => [row.key, row]));
    const refused = new Set<string>();
    /** Per entity: an applied write moved it from the version `from` to `to`. */
    const moved = new Map<string, { from: number; to: number }>();
    const results: PushResult[] = [];
    let stopped = false;

    /** The answer for a key someone already holds; `stopped` when it is still being processed. */
    const answerFromRow = (write: ParsedWrite, row: IdempotencyRow): PushResult => {
      if (row.fingerprint !== fingerprintOf(write.method, `/api${write.path}`, write.body)) {
        return { key: write.key, status: 422, body: { message: KEY_REUSED_MESSAGE } };
      }
      if (keyRowState(row, now) === 'in_progress') {
        stopped = true;
        return { key: write.key, status: 409, body: { message: KEY_IN_PROGRESS_MESSAGE }, retryAfter: 1 };
      }
      return storedAnswer(write.key, row);
    };

    const insertKey = async (db: Tx, write: ParsedWrite, answer: WriteAnswer) => {
      const inserted = await db.insert(idempotencyKeys).values({
        scope,
        key: write.key,
        fingerprint: fingerprintOf(write.method, `/api${write.path}`, write.body),
        state: 'done',
        statusCode: answer.status,
        contentType: answer.body === undefined ? null : JSON_TYPE,
        body: answer.body === undefined ? null : JSON.stringify(answer.body),
        createdAt: now,
      }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
      return inserted.length > 0;
    };

    const run = async (write: ParsedWrite): Promise<PushResult> => {
      const row = stored.get(write.key);
      if (row) {
        if (keyRowState(row, now) !== 'stale') return answerFromRow(write, row);
        await tx.delete(idempotencyKeys).where(and(keyWhere(write.key), eq(idempotencyKeys.createdAt, row.createdAt)));
      }
      const move = write.entity !== undefined ? moved.get(write.entity) : undefined;
      const ifMatch = write.ifMatch !== undefined && move?.from === write.ifMatch ? move.to : write.ifMatch ?? null;
      try {
        const answer = await tx.transaction(async (savepoint) => {
          const done = await HANDLERS[write.route]({ ...deps, db: savepoint }, {
            caller, params: write.params, body: write.body, expected: () => ifMatch,
          });
          // The key row is part of the effect: both commit or neither.
          if (!(await insertKey(savepoint, write, done))) throw new KeyTaken();
          return done;
        });
        if (answer.version !== undefined && write.entity !== undefined && write.ifMatch !== undefined) {
          moved.set(write.entity, { from: write.ifMatch, to: answer.version });
        }
        return {
          key: write.key, status: answer.status,
          ...(answer.body !== undefined ? { body: answer.body } : {}),
          ...(answer.version !== undefined ? { version: answer.version } : {}),
        };
      } catch (error) {
        if (error instanceof KeyTaken) {
          const now = await readKey(tx, write.key);
          if (now) return answerFromRow(write, now);
          stopped = true;
          return { key: write.key, status: 409, body: { message: KEY_IN_PROGRESS_MESSAGE }, retryAfter: 1 };
        }
        const http = httpErrorFromDatabase(error) ?? error;
        if (http instanceof HttpError && http.statusCode < 500) {
          const body = { message: http.message, ...(http.errors ? { errors: http.errors } : {}) };
          // A refusal is stored as the single route stores it: a resend gets the same answer.
          if (!(await insertKey(tx, write, { status: http.statusCode, body }))) {
            const now = await readKey(tx, write.key);
            if (now) return answerFromRow(write, now);
          }
          return { key: write.key, status: http.statusCode, body };
        }
        // Not stored (as a single route's 5xx): it runs again when sent again.
        logFailure(error);
        stopped = true;
        return { key: write.key, status: 500, body: { message: SERVER_FAILURE } };
      }
    };

    for (const write of writes) {
      if (stopped) {
        results.push({ key: write.key, status: null, skipped: 'stopped' });
        continue;
      }
      if (write.entity !== undefined && refused.has(write.entity)) {
        results.push({ key: write.key, status: null, skipped: 'held' });
        continue;
      }
      const result = await run(write);
      results.push(result);
      if (!isSuccess(result) && write.entity !== undefined) refused.add(write.entity);
    }
    return results;
  });
}
