import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { parse } from '../../lib/validate';
import { companyIdParam } from './schemas';
import { companyService } from './service';

/** Public company reads. */
export function companyRoutes(app: FastifyInstance, deps: AppDeps) {
  const companies = companyService(deps.db);

  app.get('/company', async () => companies.list());

  app.get('/company/:id', async (request) => companies.get(parse(companyIdParam, request.params, 'params').id));
}
