import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { parse, uuidParam } from '../../lib/validate';
import { categorySearchQuery, companyIdParam, idsBody, searchBody } from './schemas';
import { listingService } from './service';

/** Public listing reads and search. */
export function listingRoutes(app: FastifyInstance, deps: AppDeps) {
  const listings = listingService(deps);

  app.get('/listing', async () => listings.list());

  app.post('/listing/byIds', async (request) => listings.byIds(parse(idsBody, request.body).ids));

  app.get('/listing/company/:companyId', async (request) => listings.byCompany(parse(companyIdParam, request.params, 'params').companyId));

  // Answers are encoded JSON (often from the cache), sent as is: the bytes Fastify would write for the object.
  const json = 'application/json; charset=utf-8';

  app.post('/listing/search', async (request, reply) => {
    const body = parse(searchBody, request.body);
    return reply.type(json).send(await listings.search(body));
  });

  app.get('/listing/search/categories', async (request, reply) => {
    const query = parse(categorySearchQuery, request.query, 'query');
    return reply.type(json).send(await listings.categoryCounts(query.q || query.query || ''));
  });

  app.get('/listing/:id', async (request) => listings.get(parse(uuidParam, request.params, 'params').id));
}
