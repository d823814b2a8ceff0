import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { addressAndDeviceLimit } from '../../lib/rate-limit';
import { parse } from '../../lib/validate';
import { recordBody } from './schemas';
import { statisticsService } from './service';

/** The device id the client sends in every event's metadata (src/api/statistics.ts), before validation. */
function deviceIdOf(request: FastifyRequest): string | null {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('metadata' in body)) return null;
  const meta = body.metadata;
  if (typeof meta !== 'object' || meta === null || !('deviceId' in meta)) return null;
  return typeof meta.deviceId === 'string' && meta.deviceId !== '' ? meta.deviceId.slice(0, 100) : null;
}

/** Recording interaction events. */
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
}
