import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AdminCrud } from './admin-crud';
import { requireAdmin } from './auth';
import { parse, uuidParam } from './validate';
import { expectedVersion } from './versioning';

/**
 * The five routes of an admin-managed table: public `GET path` and `GET path/:id`, and Admin-only
 * `POST path` (201), `PUT path/:id` (If-Match) and `DELETE path/:id` (204).
 */
export function adminCrudRoutes<S extends z.ZodType<{ id?: string }>, Out>(app: FastifyInstance, path: string, options: {
  crud: AdminCrud<z.infer<S>, Out>;
  body: S;
  /** The list answer; reads its own query filters. */
  list: (request: FastifyRequest) => Promise<Out[]>;
}) {
  const { crud, body } = options;
  const admin = { preHandler: requireAdmin };
  const idOf = (request: FastifyRequest) => parse(uuidParam, request.params, 'params').id;

  app.get(path, async (request) => options.list(request));

  app.get(`${path}/:id`, async (request) => crud.get(idOf(request)));

  app.post(path, admin, async (request, reply) => {
    const created = await crud.create(parse(body, request.body));
    reply.code(201);
    return created;
  });

  app.put(`${path}/:id`, admin, async (request) => {
    const id = idOf(request);
    const expected = expectedVersion(request);
    return crud.update(id, expected, parse(body, request.body));
  });

  app.delete(`${path}/:id`, admin, async (request, reply) => {
    await crud.remove(idOf(request));
    reply.code(204);
  });
}
