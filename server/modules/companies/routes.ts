import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { parse, uuidParam } from '../../lib/validate';
import { publicCompanies } from '../listings/queries';

/** Public company reads (spec 2 §7): approved companies only. Writes arrive with the company issue. */
export function companyRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  app.get('/company', async () => publicCompanies(db));

  app.get('/company/:id', async (request) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const [company] = await publicCompanies(db, id);
    if (!company) throw notFound('Company not found');
    return company;
  });
}
