import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import type { Caller } from '../modules/listings/ownership';
import { unauthorized } from './errors';
import { expectedVersion, setVersionTag } from './versioning';

/** What a write route gets from its request, whether it came alone or inside a push. */
export interface WriteInput {
  /** The signed-in caller (the routes are guarded by requireUser). */
  caller: Caller;
  /** The path parameters, as strings, not yet validated. */
  params: unknown;
  body: unknown;
  /** The If-Match version (read only by versioned writes: a malformed header is their 400). */
  expected(): number | null;
}

/** The answer of a write: status, JSON body (none for a 204) and the entity's new version (its ETag). */
export interface WriteAnswer {
  status: number;
  body?: unknown;
  version?: number;
}

/**
 * A write route's whole logic (validation, authorization, the service call, the answer), shared by
 * its single route and the push endpoint (server/modules/sync), so the two cannot drift apart.
 * `deps.db` is the push's transaction when it runs inside one.
 */
export type WriteHandler = (deps: AppDeps, input: WriteInput) => Promise<WriteAnswer>;

/** The Fastify handler of a single write route (guarded by requireUser). */
export function routeWrite(deps: AppDeps, handler: WriteHandler) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.auth) throw unauthorized();
    const answer = await handler(deps, {
      caller: { userId: request.auth.userId, roles: request.auth.roles },
      params: request.params,
      body: request.body,
      expected: () => expectedVersion(request),
    });
    reply.code(answer.status);
    if (answer.version !== undefined) setVersionTag(reply, answer.version);
    return answer.body;
  };
}
