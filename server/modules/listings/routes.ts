import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LISTING_LIST_LIMIT } from '../../../src/domain/listings';
import { listings } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { parse, uuidParam } from '../../lib/validate';
import { findPublicListing, isPublic, selectCards } from './queries';
import { categorySearchQuery, companyIdParam, idsBody, searchBody } from './schemas';
import { listingSearch } from './search';

const newest = [desc(listings.createdAt), desc(listings.id)];

/** Public listing reads and search (spec 1 §7, spec 2 §7). Only approved, active listings are shown. */
export function listingRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  app.get('/listing', async () => selectCards(db, isPublic, newest, LISTING_LIST_LIMIT));

  app.post('/listing/byIds', async (request) => {
    const { ids } = parse(idsBody, request.body);
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const cards = await selectCards(db, and(isPublic, inArray(listings.id, unique)), newest, unique.length);
    const byId = new Map(cards.map((c) => [c.id, c]));
    return unique.flatMap((id) => byId.get(id) ?? []);
  });

  app.get('/listing/company/:companyId', async (request) => {
    const { companyId } = parse(companyIdParam, request.params, 'params');
    return selectCards(db, and(isPublic, eq(listings.companyId, companyId)), newest, 1000);
  });

  // Answers are encoded JSON (often from the cache), sent as is: the bytes Fastify would write for the object.
  const searches = listingSearch(deps);
  const json = 'application/json; charset=utf-8';

  app.post('/listing/search', async (request, reply) => {
    const body = parse(searchBody, request.body);
    return reply.type(json).send(await searches.search(body));
  });

  app.get('/listing/search/categories', async (request, reply) => {
    const query = parse(categorySearchQuery, request.query, 'query');
    return reply.type(json).send(await searches.categoryCounts(query.q || query.query || ''));
  });

  app.get('/listing/:id', async (request) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const listing = await findPublicListing(db, id);
    if (!listing) throw notFound('Listing not found');
    return listing;
  });
}
