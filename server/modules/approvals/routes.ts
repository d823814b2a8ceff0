import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { ApprovalType } from '../../../src/domain/companies';
import { EVENT_APPROVAL_TYPE } from '../../../src/domain/events';
import { recordAudit } from '../../lib/audit';
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
    const body = parse(approvalBody, request.body);
    const entityType = body.type === EVENT_APPROVAL_TYPE ? 'event' : body.type === ApprovalType.Company ? 'company' : 'listing';
    const action = body.approved ? 'approve' : 'reject';
    const reason = !body.approved && body.rejectionMessage ? ` (reason: ${body.rejectionMessage})` : '';
    // The entry names what was decided and is written in the decision's transaction: both or neither.
    const decided = await approvals.decide(body, (tx, item) => {
      const name = 'eventConfig' in item ? item.eventConfig.eventName : item.name;
      return recordAudit(tx, request, deps.clock(), { action, entityType, entityId: body.id, summary: `${body.approved ? 'approved' : 'rejected'} ${entityType} '${name}'${reason}` });
    });
    setVersionTag(reply, decided.version);
    return decided;
  });
}
