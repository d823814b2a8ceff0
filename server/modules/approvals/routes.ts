import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireAdmin } from '../../lib/auth';
import { parse } from '../../lib/validate';
import { setVersionTag } from '../../lib/versioning';
import { approvalBody } from './schemas';
import { approvalService } from './service';

/** The Admin's approval queues (type 100 companies, 200 listings, 300 planner events) and decisions (docs/api.md "Approvals"). */
export function approvalRoutes(app: FastifyInstance, deps: AppDeps) {
  const approvals = approvalService(deps.db, deps.clock);
  const admin = { preHandler: requireAdmin };

  app.get('/approval/100', admin, async () => approvals.pendingCompanies());

  app.get('/approval/200', admin, async () => approvals.pendingListings());

  app.get('/approval/300', admin, async () => approvals.pendingEvents());

  app.post('/approval', admin, async (request, reply) => {
    const decided = await approvals.decide(parse(approvalBody, request.body));
    setVersionTag(reply, decided.version);
    return decided;
  });
}
