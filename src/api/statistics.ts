import type { ListingEventType } from '../domain/listings';
import type { CompanyStatistics, CompanyUniqueViews, ListingStatistics } from '../domain/statistics';
import { deviceId } from './storage';
import { api } from './http';
import { whenIdle } from './when-idle';

/** The event names the API takes (spec 2 §4); sent lowercased. */
export type TrackedEvent = 'view' | 'linkOpen' | 'chatStart' | 'phoneClick' | 'favorite';

/** Per-event extras: the link opened (linkOpen), the number revealed (phoneClick). */
export interface EventExtras {
  url?: string;
  phoneNumber?: string;
}

/** A coarse browser name from the user agent (the dashboards group by it). */
export function browserName(userAgent: string): string {
  if (/Edg\//.test(userAgent)) return 'Edge';
  if (/OPR\//.test(userAgent)) return 'Opera';
  if (/Firefox\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|Chromium\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Other';
}

export function deviceType(width: number, userAgent: string): 'mobile' | 'tablet' | 'desktop' {
  if (/iPad|Tablet/i.test(userAgent) || (width >= 600 && width < 1024 && /Mobi|Android/i.test(userAgent))) return 'tablet';
  if (/Mobi|Android|iPhone/i.test(userAgent) || width < 600) return 'mobile';
  return 'desktop';
}

/** The part of Temporal (Chromium 144+, Firefox 139+) this module reads; TypeScript's lib does not have it yet. */
interface TemporalNow { Temporal?: { Now?: { timeZoneId?: () => string } } }

let zone: string | undefined;
/**
 * The device's IANA time zone, asked once per page. Temporal answers at once; a page's first
 * Intl.DateTimeFormat loads ICU's data (13–19 ms on this machine's Chromium, four times that on a
 * mid-range phone), the listing page's longest task after its first view (bench/README.md,
 * "Session 14"), so it is only the fallback.
 */
export const timeZone = () => (zone ??= (globalThis as TemporalNow).Temporal?.Now?.timeZoneId?.()
  ?? Intl.DateTimeFormat().resolvedOptions().timeZone);

/** Where the event happened: read when it happens, even if it is sent later. */
interface EventPlace {
  referrer: string;
  path: string;
}

const currentPlace = (): EventPlace => ({
  referrer: document.referrer.slice(0, 2000),
  path: `${location.pathname}${location.search}`.slice(0, 2000),
});

/** The metadata every event carries (spec 2 §7). */
export function eventMetadata(extras: EventExtras = {}, place: EventPlace = currentPlace()) {
  const ua = navigator.userAgent;
  const width = Math.round(window.screen?.width ?? window.innerWidth);
  return {
    deviceId: deviceId(),
    userAgent: ua.slice(0, 1000),
    browser: browserName(ua),
    screenWidth: width,
    screenHeight: Math.round(window.screen?.height ?? window.innerHeight),
    deviceType: deviceType(width, ua),
    language: navigator.language,
    timezone: timeZone(),
    ...place,
    ...extras,
  };
}

/**
 * Records an interaction with a listing. Never throws and never blocks the user: errors in
 * recording are ignored (spec 2 §4), offline included.
 */
export async function recordListingEvent(
  listingId: string, eventType: TrackedEvent, extras?: EventExtras, place: EventPlace = currentPlace(),
): Promise<void> {
  try {
    await api.post<void>('/ListingStatistics/record', {
      listingId,
      eventType: eventType.toLowerCase() as ListingEventType,
      metadata: eventMetadata(extras, place),
    });
  } catch {
    // ignored on purpose (spec 2 §4)
  }
}

/** A view is sent within this long even if the page never idles. */
const VIEW_IDLE_TIMEOUT_MS = 2_000;

/**
 * Records a listing's view once the main thread is idle. The metadata's time zone is the page's
 * first Intl.DateTimeFormat, and measured on a listing page's first load it was 90 % of the task
 * that committed the hydration (bench/README.md, "Session 11"). The place is read now, so the view
 * names the listing's address even if the visitor has moved on before it is sent.
 */
export function recordListingView(listingId: string): void {
  const place = currentPlace();
  whenIdle(() => void recordListingEvent(listingId, 'view', undefined, place), VIEW_IDLE_TIMEOUT_MS);
}

/** A date range of the statistics reads: ISO dates, both ends included (docs/api.md "Reading statistics"). */
export interface StatisticsRange {
  startDate: string;
  endDate: string;
}

const listingStatisticsPath = (id: string) => `/ListingStatistics/${encodeURIComponent(id)}`;

/** The statistics reads (owner of the company or Admin; 401, 403, 404 otherwise). */
export const statisticsApi = {
  /** A listing's counts within the range. */
  listingRange: (listingId: string, range: StatisticsRange) =>
    api.get<ListingStatistics>(`${listingStatisticsPath(listingId)}/range`, { query: { ...range } }),
  /** Unique views, users and devices of each of the company's listings within the range, in one call. */
  companyUniqueViews: (companyId: string, range: StatisticsRange, timeWindowMinutes?: number) =>
    api.get<CompanyUniqueViews>(`/ListingStatistics/company/${encodeURIComponent(companyId)}/unique-views`, { query: { ...range, timeWindowMinutes } }),
  /** The company's totals and per-listing series, bucketed by the range's length. */
  company: (companyId: string, range: StatisticsRange) =>
    api.get<CompanyStatistics>(`/ListingStatistics/company/${encodeURIComponent(companyId)}`, { query: { ...range } }),
};
