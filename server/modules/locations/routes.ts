import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { recordAudit, type AuditRecord } from '../../lib/audit';
import { requireAdmin } from '../../lib/auth';
import { parse } from '../../lib/validate';
import { expectedVersion } from '../../lib/versioning';
import { regionBody, regionIdParam } from './schemas';
import { locationService, type RegionRef } from './service';

/** Regions and their counties; each route by id also answers under /locations/regions/:id. */
export function locationRoutes(app: FastifyInstance, deps: AppDeps) {
  const locations = locationService(deps.db, deps.clock);
  const admin = { preHandler: requireAdmin };
  const idOf = (request: FastifyRequest) => parse(regionIdParam, request.params, 'params').id;
  // Written in the change's own transaction: both or neither.
  const audit = (request: FastifyRequest, action: AuditRecord['action']) => (tx: Db, region: RegionRef) =>
    recordAudit(tx, request, deps.clock(), { action, entityType: 'region', entityId: region.id, summary: `${action}d region '${region.name}'` });

  app.get('/locations', async () => locations.list());

  const getOne = async (request: FastifyRequest) => locations.get(idOf(request));
  app.get('/locations/:id', getOne);
  app.get('/locations/regions/:id', getOne);

  app.post('/locations', admin, async (request, reply) => {
    const created = await locations.create(parse(regionBody, request.body), audit(request, 'create'));
    reply.code(201);
    return created;
  });

  const update = async (request: FastifyRequest) => {
    const id = idOf(request);
    const expected = expectedVersion(request);
    return locations.update(id, expected, parse(regionBody, request.body), audit(request, 'update'));
  };
  app.put('/locations/:id', admin, update);
  app.put('/locations/regions/:id', admin, update);

  const remove = async (request: FastifyRequest, reply: FastifyReply) => {
    await locations.remove(idOf(request), audit(request, 'delete'));
    reply.code(204);
  };
  app.delete('/locations/:id', admin, remove);
  app.delete('/locations/regions/:id', admin, remove);
}
