import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { unauthorized } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { setVersionTag } from '../../lib/versioning';
import { routeWrite } from '../../lib/write-handler';
import { managedCompany, type Caller } from '../listings/service';
import { matchingEvents } from './matching';
import { companyIdParam, eventIdParam } from './schemas';
import { eventService } from './service';
import { eventWrites } from './writes';

const callerOf = (request: FastifyRequest): Caller | null =>
  request.auth ? { userId: request.auth.userId, roles: request.auth.roles } : null;

/** The caller of a route guarded by requireUser. */
const userOf = (request: FastifyRequest): Caller => {
  const caller = callerOf(request);
  if (!caller) throw unauthorized();
  return caller;
};

/** Planner events (docs/api.md "Planner events"): the planner's CRUD and a company's matching events. */
export function eventRoutes(app: FastifyInstance, deps: AppDeps) {
  const events = eventService(deps);
  const guard = { preHandler: requireUser };
  const idOf = (request: FastifyRequest) => parse(eventIdParam, request.params, 'params').id;

  app.get('/PlannerEvent', guard, async (request) => events.listOwn(userOf(request).userId));

  app.get('/PlannerEvent/company/:companyId', guard, async (request) => {
    const { companyId } = parse(companyIdParam, request.params, 'params');
    const company = await managedCompany(deps.db, companyId, userOf(request));
    return matchingEvents(deps.db, company.id);
  });

  app.get('/PlannerEvent/:id', async (request, reply) => {
    const event = await events.get(callerOf(request), idOf(request));
    // The answer depends on who asks (a non-approved event only for its planner and Admins).
    reply.header('vary', 'authorization');
    setVersionTag(reply, event.version);
    return event;
  });

  app.post('/PlannerEvent', guard, routeWrite(deps, eventWrites.create));
  app.put('/PlannerEvent/:id', guard, routeWrite(deps, eventWrites.update));
  app.delete('/PlannerEvent/:id', guard, routeWrite(deps, eventWrites.remove));
}
