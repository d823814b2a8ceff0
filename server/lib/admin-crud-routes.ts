import type { AuditEntityType } from '../../src/domain/settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import type { AdminCrud } from './admin-crud';
import { recordAudit } from './audit';
import { requireAdmin } from './auth';
import { parse, uuidParam } from './validate';
import { expectedVersion } from './versioning';

/**
 * The five routes of an admin-managed table: public `GET path` and `GET path/:id`, and Admin-only
 * `POST path` (201), `PUT path/:id` (If-Match) and `DELETE path/:id` (204). Each write that
 * succeeds is written to the audit log as `entityType`, in the write's own transaction: an entry
 * that cannot be written undoes the change (docs/decisions.md).
 */
export function adminCrudRoutes<S extends z.ZodType<{ id?: string }>, Out extends { id: string; name: string }>(app: FastifyInstance, path: string, options: {
  crud: AdminCrud<z.infer<S>, Out>;
  body: S;
  /** The list answer; reads its own query filters. */
  list: (request: FastifyRequest) => Promise<Out[]>;
  /** What the audit entries call the item ('category', 'category-service'); they go to the write's transaction. */
  audit: { clock: () => Date; entityType: AuditEntityType };
}) {
  const { crud, body, audit } = options;
  const admin = { preHandler: requireAdmin };
  const idOf = (request: FastifyRequest) => parse(uuidParam, request.params, 'params').id;
  const record = (request: FastifyRequest, action: 'create' | 'update' | 'delete') => (tx: Db, item: Out) =>
    recordAudit(tx, request, audit.clock(), {
      action, entityType: audit.entityType, entityId: item.id, summary: `${action}d ${audit.entityType.replace('-', ' ')} '${item.name}'`,
    });

  app.get(path, async (request) => options.list(request));

  app.get(`${path}/:id`, async (request) => crud.get(idOf(request)));

  app.post(path, admin, async (request, reply) => {
    const created = await crud.create(parse(body, request.body), record(request, 'create'));
    reply.code(201);
    return created;
  });

  app.put(`${path}/:id`, admin, async (request) => {
    const id = idOf(request);
    const expected = expectedVersion(request);
    return crud.update(id, expected, parse(body, request.body), record(request, 'update'));
  });

  app.delete(`${path}/:id`, admin, async (request, reply) => {
    await crud.remove(idOf(request), record(request, 'delete'));
    reply.code(204);
  });
}
