/** Listing and company statistics (spec 2 §Company analytics and statistics, the entities). */

/** A listing's counts of each kind of interaction, all time or within a date range. */
export interface ListingStatistics {
  listingId: string;
  viewCount: number;
  favoriteCount: number;
  linkOpenCount: number;
  chatStartCount: number;
  phoneClickCount: number;
  /**
   * Times a company opened a new chat with the planner of an event this listing matches (recorded
   * by the server on POST /chats/event-chat; clients cannot record it).
   */
  eventHitCount: number;
}

/** One point of a series: `date` is the bucket's first day (ISO date, UTC). */
export interface DailyCount {
  date: string;
  count: number;
}

export type StatisticsBucket = 'day' | 'week' | 'month' | 'quarter';

export interface ListingSeries {
  listingId: string;
  listingName: string;
  dailyViews: DailyCount[];
  dailyFavorites: DailyCount[];
  dailyLinkOpens: DailyCount[];
  dailyChats: DailyCount[];
  dailyPhoneClicks: DailyCount[];
  dailyEventHits: DailyCount[];
}

export interface CompanyStatistics {
  companyId: string;
  /** The range asked for, inclusive, as ISO dates. */
  startDate: string;
  endDate: string;
  bucket: StatisticsBucket;
  totalViews: number;
  totalFavorites: number;
  totalLinkOpens: number;
  totalChats: number;
  totalPhoneClicks: number;
  totalEventHits: number;
  listingStatistics: ListingSeries[];
}

export interface UniqueViews {
  listingId: string;
  /** Views after folding a device's repeated views within the time window into one. */
  uniqueViews: number;
  uniqueUsers: number;
  uniqueDevices: number;
  timeWindowMinutes: number;
}

/** Unique views of each of a company's listings (every status but Deleted), in the company answer's order (by name). */
export interface CompanyUniqueViews {
  companyId: string;
  timeWindowMinutes: number;
  listings: UniqueViews[];
}

export const UNIQUE_VIEWS_WINDOW_DEFAULT = 10;
export const UNIQUE_VIEWS_WINDOW_MAX = 24 * 60;
/** Longest range a statistics call accepts: a year is the largest preset, custom ranges get some room. */
export const STATISTICS_MAX_YEARS = 3;
/** The range when none is given: the dashboard's default preset. */
export const STATISTICS_DEFAULT_DAYS = 7;

/** The series bucket for a range of `days` days (inclusive count): spec 2 aggregation rule. */
export function bucketFor(days: number): StatisticsBucket {
  if (days <= 7) return 'day';
  if (days <= 30) return 'week';
  if (days <= 90) return 'month';
  return 'quarter';
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** `YYYY-MM-DD` of a moment, in UTC. */
export const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * Parses an ISO date (`2025-03-01`) or date-time (`2025-03-01T10:00:00Z`, taken as its UTC day)
 * into the UTC midnight of that day; null when it is not a real date.
 */
export function parseIsoDay(value: string): Date | null {
  const date = ISO_DATE.exec(value);
  if (date) {
    const d = new Date(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])));
    // Date.UTC rolls 2025-02-30 over to March: a real date reads back the same.
    return isoDate(d) === value ? d : null;
  }
  if (!ISO_DATE_TIME.test(value)) return null;
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return null;
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
}

export interface DayRange {
  /** UTC midnight of the first day. */
  start: Date;
  /** UTC midnight of the last day (inclusive). */
  end: Date;
  /** Days in the range, both ends counted. */
  days: number;
}

export type DateRangeResult = { ok: true; range: DayRange } | { ok: false; errors: { field: string; message: string }[] };

/**
 * Validates a statistics date range: ISO dates, start ≤ end, at most STATISTICS_MAX_YEARS years.
 * A missing end is today; a missing start is STATISTICS_DEFAULT_DAYS days up to the end.
 */
export function validateDateRange(startDate: string | undefined, endDate: string | undefined, now: Date): DateRangeResult {
  const errors: { field: string; message: string }[] = [];
  const start = startDate === undefined ? undefined : parseIsoDay(startDate);
  const end = endDate === undefined ? undefined : parseIsoDay(endDate);
  if (start === null) errors.push({ field: 'startDate', message: 'startDate must be an ISO date (YYYY-MM-DD)' });
  if (end === null) errors.push({ field: 'endDate', message: 'endDate must be an ISO date (YYYY-MM-DD)' });
  if (start === null || end === null) return { ok: false, errors };
  const last = end ?? parseIsoDay(isoDate(now))!;
  const first = start ?? new Date(last.getTime() - (STATISTICS_DEFAULT_DAYS - 1) * DAY_MS);
  if (first > last) return { ok: false, errors: [{ field: 'startDate', message: 'startDate must not be after endDate' }] };
  const limit = new Date(first);
  limit.setUTCFullYear(limit.getUTCFullYear() + STATISTICS_MAX_YEARS);
  if (last >= limit) return { ok: false, errors: [{ field: 'endDate', message: `The range must be at most ${STATISTICS_MAX_YEARS} years` }] };
  return { ok: true, range: { start: first, end: last, days: Math.round((last.getTime() - first.getTime()) / DAY_MS) + 1 } };
}
