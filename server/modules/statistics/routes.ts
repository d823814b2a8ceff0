import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { addressAndDeviceLimit } from '../../lib/rate-limit';
import { requireUser } from '../../lib/auth';
import { parse, uuidParam } from '../../lib/validate';
import { companyIdParam, rangeQuery, recordBody, uniqueViewsQuery } from './schemas';
import { statisticsService } from './service';

/** The device id the client sends in every event's metadata (src/api/statistics.ts), before validation. */
function deviceIdOf(request: FastifyRequest): string | null {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('metadata' in body)) return null;
  const meta = body.metadata;
  if (typeof meta !== 'object' || meta === null || !('deviceId' in meta)) return null;
  return typeof meta.deviceId === 'string' && meta.deviceId !== '' ? meta.deviceId.slice(0, 100) : null;
}

/** Recording interaction events, and the owner's and Admin's statistics reads. */
export function statisticsRoutes(app: FastifyInstance, deps: AppDeps) {
  const statistics = statisticsService(deps.db, deps.clock);
  // Anyone may record, without a login, so each address and device gets a budget: a script
  // cannot flood the events table or the dashboards' figures.
  const limit = addressAndDeviceLimit(app, 'statistics', deps.config.rateLimits.statistics, deviceIdOf);

  app.post('/ListingStatistics/record', { preHandler: limit }, async (request, reply) => {
    const body = parse(recordBody, request.body);
    await statistics.record(body, request.auth?.userId ?? null);
    reply.code(204);
  });

  // Reads: login first (401), then the input (400), then the listing or company (404, 403).
  app.get('/ListingStatistics/company/:companyId', { preHandler: requireUser }, async (request) => {
    const { companyId } = parse(companyIdParam, request.params, 'params');
    const q = parse(rangeQuery, request.query, 'query');
    return statistics.company(companyId, request.auth ?? null, q.startDate, q.endDate);
  });

  app.get('/ListingStatistics/company/:companyId/unique-views', { preHandler: requireUser }, async (request) => {
    const { companyId } = parse(companyIdParam, request.params, 'params');
    const q = parse(uniqueViewsQuery, request.query, 'query');
    return statistics.companyUniqueViews(companyId, request.auth ?? null, q.timeWindowMinutes, q.startDate, q.endDate);
  });

  app.get('/ListingStatistics/:id', { preHandler: requireUser }, async (request) => {
    const { id } = parse(uuidParam, request.params, 'params');
    return statistics.allTime(id, request.auth ?? null);
  });

  app.get('/ListingStatistics/:id/range', { preHandler: requireUser }, async (request) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const q = parse(rangeQuery, request.query, 'query');
    return statistics.inRange(id, request.auth ?? null, q.startDate, q.endDate);
  });

  app.get('/ListingStatistics/:id/unique-views', { preHandler: requireUser }, async (request) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const q = parse(uniqueViewsQuery, request.query, 'query');
    return statistics.uniqueViews(id, request.auth ?? null, q.timeWindowMinutes, q.startDate, q.endDate);
  });
}
