import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LISTING_EVENT_TYPES } from '../../../src/domain/listings';
import { listingEvents } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { addressAndDeviceLimit } from '../../lib/rate-limit';
import { parse } from '../../lib/validate';
import { listingExists } from '../listings/queries';

const text = (max: number) => z.string('Must be text').max(max, `Must be at most ${max} characters`).nullish();
const size = z.number('Must be a number').int('Must be a whole number').min(0).max(100_000).nullish();

/** The metadata the client sends with every event (spec 2 §7), plus the per-event keys; other keys are dropped. */
const metadata = z.object({
  deviceId: text(100),
  userAgent: text(1000),
  browser: text(100),
  screenWidth: size,
  screenHeight: size,
  deviceType: text(50),
  language: text(50),
  timezone: text(100),
  referrer: text(2000),
  path: text(2000),
  /** linkOpen: the link opened; phoneClick: the number revealed (spec 2 §4). */
  url: text(2000),
  phoneNumber: text(50),
}, 'metadata must be an object');

const recordBody = z.object({
  listingId: z.uuid('Must be a valid id'),
  eventType: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(LISTING_EVENT_TYPES, 'eventType must be one of view, linkOpen, chatStart, phoneClick, favorite')),
  /** Sent by the client but never trusted: the user comes from the access token. */
  userId: z.unknown().optional(),
  metadata: metadata.nullish(),
});

/** The device id the client sends in every event's metadata (src/api/statistics.ts), before validation. */
function deviceIdOf(request: FastifyRequest): string | null {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('metadata' in body)) return null;
  const meta = body.metadata;
  if (typeof meta !== 'object' || meta === null || !('deviceId' in meta)) return null;
  return typeof meta.deviceId === 'string' && meta.deviceId !== '' ? meta.deviceId.slice(0, 100) : null;
}

/** Interaction events for a listing's statistics; the dashboards read them later. */
export function statisticsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  // Anyone may record, without a login, so each address and device gets a budget: a script
  // cannot flood the events table or the dashboards' figures.
  const limit = addressAndDeviceLimit(app, 'statistics', deps.config.rateLimits.statistics, deviceIdOf);

  app.post('/ListingStatistics/record', { preHandler: limit }, async (request, reply) => {
    const body = parse(recordBody, request.body);
    if (!(await listingExists(db, body.listingId, false))) throw notFound('Listing not found');
    const meta = Object.fromEntries(Object.entries(body.metadata ?? {}).filter(([, v]) => v !== undefined && v !== null));
    await db.insert(listingEvents).values({
      listingId: body.listingId,
      eventType: body.eventType,
      userId: request.auth?.userId ?? null,
      metadata: meta,
      createdAt: deps.clock(),
    });
    reply.code(204);
  });
}
