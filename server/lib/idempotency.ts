import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stableStringify } from '../../src/domain/stable-json';
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS } from '../../src/domain/sync';
import { idempotencyKeys } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError, badRequest } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request claimed an Idempotency-Key: its answer is stored in onSend. */
    idempotencyClaim: { scope: string; key: string } | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers that must never be stored: they carry tokens (login, refresh) or secrets. */
const EXCLUDED_PREFIXES = ['/api/auth/'];
/** Expired keys are swept on every this-many claims (one indexed DELETE). */
const SWEEP_EVERY = 200;

const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!.toLowerCase().replace(/\/+$/, '');

/**
 * Method, path (with query) and JSON body: the same key sent with another request is refused. The
 * push endpoint computes it for each of its writes as the write's single request would have it, so
 * a key first sent alone and then in a push (or the other way round) is one request.
 */
export function fingerprintOf(method: string, url: string, body: unknown): string {
  const [path = '', query = ''] = url.split('?');
  const text = typeof body === 'object' && body !== null ? stableStringify(body) : String(body ?? '');
  return createHash('sha256').update(`${method} ${path.toLowerCase()}?${query}\n${text}`).digest('base64');
}

const fingerprint = (request: FastifyRequest) => fingerprintOf(request.method, request.url, request.body);

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/**
 * What a stored key row means now: `stale` when it may be claimed again (past its 24 h, or left
 * in progress by a request that died), else whether its answer is there yet.
 */
export function keyRowState(row: IdempotencyRow, now: Date): 'stale' | 'in_progress' | 'done' {
  const age = now.getTime() - row.createdAt.getTime();
  if (age > IDEMPOTENCY_TTL_MS || (row.state === 'in_progress' && age > IDEMPOTENCY_ABANDONED_MS)) return 'stale';
  return row.state === 'in_progress' || row.statusCode === null ? 'in_progress' : 'done';
}

export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';
export const KEY_IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being processed. Try again shortly.';

/**
 * Makes every mutating route safe to replay (ARCHITECTURE §3): the first answer to a request with
 * an `Idempotency-Key` header is stored for 24 h and sent again, unchanged, for a repeat of the
 * same request by the same user; the route does not run twice. A repeat while the first is still
 * running gets 409 with Retry-After; the same key with a different request gets 422. 5xx answers
 * are not stored, so a retry after a server failure runs again.
 */
export function registerIdempotency(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  let claims = 0;

  app.decorateRequest('idempotencyClaim', null);

  const claim = async (scope: string, key: string, print: string): Promise<boolean> => {
    const inserted = await db.insert(idempotencyKeys)
      .values({ scope, key, fingerprint: print, state: 'in_progress', createdAt: deps.clock() })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0 && ++claims % SWEEP_EVERY === 0) {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(deps.clock().getTime() - IDEMPOTENCY_TTL_MS)));
    }
    return inserted.length > 0;
  };

  const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!MUTATING.has(request.method)) return;
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) return;
    const path = pathOf(request);
    if (EXCLUDED_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    const key = String(header).trim();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      const message = 'Idempotency-Key must be 1 to 200 letters, digits, dashes, underscores, dots or colons';
      throw badRequest(message, [{ field: 'Idempotency-Key', message }]);
    }
    const scope = request.auth?.userId ?? 'anonymous';
    const print = fingerprint(request);

    for (let attempt = 0; attempt < 2; attempt++) {
      if (await claim(scope, key, print)) {
        request.idempotencyClaim = { scope, key };
        return;
      }
      const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
      const [row] = await db.select().from(idempotencyKeys).where(where).limit(1);
      if (!row) continue; // removed between the two statements (a 5xx, a sweep): claim again
      const state = keyRowState(row, deps.clock());
      if (state === 'stale') {
        await db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.createdAt, row.createdAt)));
        continue;
      }
      if (row.fingerprint !== print) throw new HttpError(422, KEY_REUSED_MESSAGE);
      if (state === 'in_progress') throw new HttpError(409, KEY_IN_PROGRESS_MESSAGE, undefined, { 'retry-after': '1' });
      reply.header('idempotent-replayed', 'true').code(row.statusCode!);
      if (row.contentType) reply.type(row.contentType);
      return reply.send(row.body ?? undefined);
    }
    throw new HttpError(409, KEY_IN_PROGRESS_MESSAGE, undefined, { 'retry-after': '1' });
  };

  // The claim runs as the last preHandler of each mutating route, after the route's own guards
  // (requireUser, requireAdmin, rate limits): a request refused for its login, its role or its
  // rate never writes a row, so anonymous callers cannot fill the table through guarded routes.
  // An instance-level preHandler would run before those route-level ones.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => MUTATING.has(method))) return;
    const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [...own, claimKey];
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotencyClaim;
    if (!claimed) return payload;
    request.idempotencyClaim = null;
    const where = and(eq(idempotencyKeys.scope, claimed.scope), eq(idempotencyKeys.key, claimed.key));
    const storable = payload === null || payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload);
    if (reply.statusCode >= 500 || !storable) {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await db.update(idempotencyKeys).set({
      state: 'done',
      statusCode: reply.statusCode,
      contentType: contentType === undefined ? null : String(contentType),
      body: payload === null || payload === undefined ? null : payload.toString(),
    }).where(where);
    return payload;
  });
}
