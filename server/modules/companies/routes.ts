import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { recordAdminChangeToOthers } from '../../lib/audit';
import { requireAdmin, requireUser, userIdOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import { expectedVersion, setVersionTag } from '../../lib/versioning';
import { companyBody, companyIdParam } from './schemas';
import { companyService, presentOwnedCompany, type Caller, type CompanyRow } from './service';

const callerOf = (request: FastifyRequest): Caller =>
  request.auth ? { userId: request.auth.userId, roles: request.auth.roles } : null;

/** Companies: public reads of Active ones, the owner's and an Admin's management (docs/api.md "Companies"). */
export function companyRoutes(app: FastifyInstance, deps: AppDeps) {
  const companies = companyService(deps.db, deps.clock);
  const guard = { preHandler: requireUser };
  const idOf = (request: FastifyRequest) => parse(companyIdParam, request.params, 'params').id;
  /** An Admin's change to someone else's company is audited, in the change's transaction. */
  const audit = (request: FastifyRequest, action: 'update' | 'delete' | 'restore') => (tx: Db, row: CompanyRow) =>
    recordAdminChangeToOthers(tx, request, deps.clock(), row.createdById, {
      action, entityType: 'company', entityId: row.id, summary: `${action}d company '${row.name}' of another user`,
    });

  app.get('/company', { preHandler: requireAdmin }, async () => companies.listAll());

  app.get('/company/by-user', guard, async (request) => companies.listOwn(userIdOf(request)));

  app.get('/company/:id', async (request, reply) => {
    const { company, version } = await companies.get(callerOf(request), idOf(request));
    if (version !== null) setVersionTag(reply, version);
    return company;
  });

  app.post('/company', guard, async (request, reply) => {
    const { company, created } = await companies.create(userIdOf(request), parse(companyBody, request.body));
    reply.code(created ? 201 : 200);
    setVersionTag(reply, company.version);
    return presentOwnedCompany(company);
  });

  app.put('/company/:id', guard, async (request, reply) => {
    const id = idOf(request);
    const expected = expectedVersion(request);
    const updated = await companies.update(callerOf(request), id, expected, parse(companyBody, request.body), audit(request, 'update'));
    setVersionTag(reply, updated.version);
    return presentOwnedCompany(updated);
  });

  app.delete('/company/:id', guard, async (request, reply) => {
    const removed = await companies.remove(callerOf(request), idOf(request), audit(request, 'delete'));
    setVersionTag(reply, removed.version);
    return presentOwnedCompany(removed);
  });

  app.post('/company/:id/restore', guard, async (request, reply) => {
    const restored = await companies.restore(callerOf(request), idOf(request), audit(request, 'restore'));
    setVersionTag(reply, restored.version);
    return presentOwnedCompany(restored);
  });
}
