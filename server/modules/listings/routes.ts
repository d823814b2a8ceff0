import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { recordAdminChangeToOthers } from '../../lib/audit';
import { requireUser } from '../../lib/auth';
import { unauthorized } from '../../lib/errors';
import { expectedVersion, setVersionTag } from '../../lib/versioning';
import { parse, uuidParam } from '../../lib/validate';
import { categorySearchQuery, companyIdParam, idsBody, listingBody, searchBody } from './schemas';
import { listingService, listingWrites, type Caller } from './service';
import type { ChangedListing } from './writes';

/** The signed-in caller, or null: the listing reads answer more to a company's owner and Admins. */
const callerOf = (request: FastifyRequest): Caller | null =>
  request.auth ? { userId: request.auth.userId, roles: request.auth.roles } : null;

/** The caller of a route guarded by requireUser. */
const userOf = (request: FastifyRequest): Caller => {
  const caller = callerOf(request);
  if (!caller) throw unauthorized();
  return caller;
};

/** Listing reads and search (public), and the owner's writes. */
export function listingRoutes(app: FastifyInstance, deps: AppDeps) {
  const listings = listingService(deps);
  const writes = listingWrites(deps);
  /** An Admin's change to a listing of someone else's company is audited, in the change's transaction. */
  const audit = (request: FastifyRequest, action: 'update' | 'delete') => (tx: Db, listing: ChangedListing) =>
    recordAdminChangeToOthers(tx, request, deps.clock(), listing.ownerId, {
      action, entityType: 'listing', entityId: listing.id, summary: `${action}d listing '${listing.name}' of another user`,
    });
  const guard = { preHandler: requireUser };

  app.get('/listing', async () => listings.list());

  app.post('/listing/byIds', async (request) => listings.byIds(parse(idsBody, request.body).ids));

  app.get('/listing/company/:companyId', async (request, reply) => {
    const { companyId } = parse(companyIdParam, request.params, 'params');
    // The answer depends on who asks (owner cards or public cards).
    reply.header('vary', 'authorization');
    return listings.byCompany(companyId, callerOf(request));
  });

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

  app.get('/listing/:id', async (request, reply) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const listing = await listings.get(id, callerOf(request));
    reply.header('vary', 'authorization');
    setVersionTag(reply, listing.version);
    return listing;
  });

  app.post('/listing', guard, async (request, reply) => {
    const caller = userOf(request);
    const created = await writes.create(caller, parse(listingBody, request.body));
    setVersionTag(reply, created.version);
    reply.code(201);
    return created;
  });

  app.put('/listing/:id', guard, async (request, reply) => {
    const caller = userOf(request);
    const { id } = parse(uuidParam, request.params, 'params');
    const expected = expectedVersion(request);
    const updated = await writes.update(caller, id, expected, parse(listingBody, request.body), audit(request, 'update'));
    setVersionTag(reply, updated.version);
    return updated;
  });

  app.delete('/listing/:id', guard, async (request, reply) => {
    const caller = userOf(request);
    const { id } = parse(uuidParam, request.params, 'params');
    await writes.remove(caller, id, audit(request, 'delete'));
    reply.code(204);
  });
}
