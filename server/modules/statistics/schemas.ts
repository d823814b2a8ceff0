import { z } from 'zod';
import { LISTING_EVENT_TYPES } from '../../../src/domain/listings';
import { UNIQUE_VIEWS_WINDOW_DEFAULT, UNIQUE_VIEWS_WINDOW_MAX } from '../../../src/domain/statistics';

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

export const recordBody = z.object({
  listingId: z.uuid('Must be a valid id'),
  eventType: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(LISTING_EVENT_TYPES, 'eventType must be one of view, linkOpen, chatStart, phoneClick, favorite')),
  /** Sent by the client but never trusted: the user comes from the access token. */
  userId: z.unknown().optional(),
  metadata: metadata.nullish(),
});
export type RecordBody = z.infer<typeof recordBody>;

const isoText = z.string('Must be an ISO date').max(40, 'Must be an ISO date').optional();

/** ?startDate&endDate of the range reads; the dates themselves are checked by validateDateRange. */
export const rangeQuery = z.object({ startDate: isoText, endDate: isoText });

export const uniqueViewsQuery = rangeQuery.extend({
  timeWindowMinutes: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)),
    z.number('timeWindowMinutes must be a number').int('timeWindowMinutes must be a whole number')
      .min(1, 'timeWindowMinutes must be between 1 and 1440').max(UNIQUE_VIEWS_WINDOW_MAX, 'timeWindowMinutes must be between 1 and 1440')
      .default(UNIQUE_VIEWS_WINDOW_DEFAULT)),
});

export const companyIdParam = z.object({ companyId: z.uuid('Must be a valid id') });
