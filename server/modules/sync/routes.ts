import type { FastifyInstance } from 'fastify';
import { PUSH_PATH, type PushResponse } from '../../../src/domain/sync';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { loggableError } from '../../lib/error-log';
import { unauthorized } from '../../lib/errors';
import { applyPush } from './push';
import { parsePush } from './schemas';

/** The write queue's push (docs/api.md "Sync push"): many queued writes in one request and one transaction. */
export function syncRoutes(app: FastifyInstance, deps: AppDeps) {
  app.post(PUSH_PATH, { preHandler: requireUser }, async (request): Promise<PushResponse> => {
    if (!request.auth) throw unauthorized();
    const writes = parsePush(request.body);
    const caller = { userId: request.auth.userId, roles: request.auth.roles };
    const results = await applyPush(deps, caller, writes, (error) => {
      request.log.error({ error: loggableError(error) }, 'a pushed write failed');
    });
    return { results };
  });
}
