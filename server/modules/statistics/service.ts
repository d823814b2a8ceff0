import { eq, sql, type SQL } from 'drizzle-orm';
import {
  bucketFor, isoDate, validateDateRange, type CompanyStatistics, type CompanyUniqueViews, type DailyCount, type DayRange, type ListingSeries,
  type ListingStatistics, type UniqueViews,
} from '../../../src/domain/statistics';
import { ListingStatus } from '../../../src/domain/listings';
import type { Db } from '../../db/client';
import { listingEvents, listings } from '../../db/schema';
import { forbidden, notFound, unauthorized, validationFailed } from '../../lib/errors';
import { canManage, findCompany, managedCompany, type Caller } from '../listings/ownership';
import { listingExists } from '../listings/service';
import type { RecordBody } from './schemas';

const DAY_MS = 86_400_000;

/** Rows of a raw query: PGlite and node-postgres both answer `{rows}`. */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The six counts of a set of events, one FILTER per type so one pass over the rows gives them all
 * (from the covering index of migration 0011 alone). 'eventhit' rows are written by the server only
 * (chats/service.ts, a company's new event chat); the record call refuses that type.
 */
const counts = sql.raw(`
  count(*) FILTER (WHERE event_type = 'view')::int AS views,
  count(*) FILTER (WHERE event_type = 'favorite')::int AS favorites,
  count(*) FILTER (WHERE event_type = 'linkopen')::int AS link_opens,
  count(*) FILTER (WHERE event_type = 'chatstart')::int AS chats,
  count(*) FILTER (WHERE event_type = 'phoneclick')::int AS phone_clicks,
  count(*) FILTER (WHERE event_type = 'eventhit')::int AS event_hits`);

interface CountRow { views: number; favorites: number; link_opens: number; chats: number; phone_clicks: number; event_hits: number }

/** [start, end + 1 day) as timestamps, so the index on (listing_id, created_at) bounds the scan. */
function window(range: DayRange | null): SQL {
  if (!range) return sql``;
  const endExclusive = new Date(range.end.getTime() + DAY_MS);
  return sql` AND created_at >= ${range.start.toISOString()}::timestamptz AND created_at < ${endExclusive.toISOString()}::timestamptz`;
}

function toListingStatistics(listingId: string, row: CountRow | undefined): ListingStatistics {
  return {
    listingId,
    viewCount: row?.views ?? 0,
    favoriteCount: row?.favorites ?? 0,
    linkOpenCount: row?.link_opens ?? 0,
    chatStartCount: row?.chats ?? 0,
    phoneClickCount: row?.phone_clicks ?? 0,
    eventHitCount: row?.event_hits ?? 0,
  };
}

/**
 * Unique views of each listing `listingSet` names (a query of `id` and `ord`, the order of the
 * answer), zeros for one without views. Views with repeats of one device folded: per listing and
 * device (metadata.deviceId, else the user, else the event alone) the first view opens a window of
 * `minutes`; views inside it are not counted, the first view at or after its end opens the next one.
 *
 * Each view's next window start comes from a RANGE frame (the first view ≥ minutes later); a
 * recursive walk then follows those links from each device's first view, so the database does the
 * work and only three numbers per listing come back.
 */
async function uniqueViewsOf(db: Db, listingSet: SQL, minutes: number, within: DayRange | null): Promise<UniqueViews[]> {
  const found = await rows<{ listing_id: string; unique_views: number; unique_users: number; unique_devices: number }>(db, sql`
    WITH RECURSIVE shown AS (${listingSet}), v AS (
      SELECT id, listing_id, user_id, nullif(metadata->>'deviceId', '') AS device, created_at
      FROM listing_events WHERE listing_id IN (SELECT id FROM shown) AND event_type = 'view'${window(within)}
    ), ranked AS (
      SELECT listing_id, coalesce(device, user_id::text, id::text) AS k, created_at,
        row_number() OVER (PARTITION BY listing_id, coalesce(device, user_id::text, id::text) ORDER BY created_at, id) AS rn
      FROM v
    ), linked AS (
      SELECT listing_id, k, rn, first_value(rn) OVER (PARTITION BY listing_id, k ORDER BY created_at
        RANGE BETWEEN make_interval(mins => ${minutes}::int) FOLLOWING AND UNBOUNDED FOLLOWING) AS next_rn
      FROM ranked
    ), chain AS (
      SELECT listing_id, k, next_rn FROM linked WHERE rn = 1
      UNION ALL
      SELECT l.listing_id, l.k, l.next_rn FROM chain c JOIN linked l ON l.listing_id = c.listing_id AND l.k = c.k AND l.rn = c.next_rn
    ), windows AS (
      SELECT listing_id, count(*)::int AS unique_views FROM chain GROUP BY listing_id
    ), people AS (
      SELECT listing_id, count(DISTINCT user_id)::int AS unique_users, count(DISTINCT device)::int AS unique_devices FROM v GROUP BY listing_id
    )
    SELECT s.id AS listing_id, coalesce(w.unique_views, 0)::int AS unique_views,
      coalesce(p.unique_users, 0)::int AS unique_users, coalesce(p.unique_devices, 0)::int AS unique_devices
    FROM shown s LEFT JOIN windows w ON w.listing_id = s.id LEFT JOIN people p ON p.listing_id = s.id
    ORDER BY s.ord`);
  return found.map((r) => ({
    listingId: r.listing_id, uniqueViews: r.unique_views, uniqueUsers: r.unique_users, uniqueDevices: r.unique_devices, timeWindowMinutes: minutes,
  }));
}

/** Interaction events for a listing's statistics, and the owner's and Admin's reads of them. */
export function statisticsService(db: Db, clock: () => Date) {
  /** Only the owner of the listing's company or an Admin reads its statistics; a deleted listing is gone. */
  async function readableListing(listingId: string, caller: Caller | null): Promise<void> {
    if (!caller) throw unauthorized();
    const [listing] = await db.select({ companyId: listings.companyId, status: listings.status })
      .from(listings).where(eq(listings.id, listingId)).limit(1);
    if (!listing || listing.status === ListingStatus.Deleted) throw notFound('Listing not found');
    const company = await findCompany(db, listing.companyId);
    if (!company) throw notFound('Listing not found');
    if (!canManage(company, caller)) throw forbidden('You do not have access to this listing');
  }

  function range(startDate: string | undefined, endDate: string | undefined): DayRange {
    const result = validateDateRange(startDate, endDate, clock());
    if (!result.ok) throw validationFailed(result.errors);
    return result.range;
  }

  async function listingCounts(listingId: string, within: DayRange | null): Promise<ListingStatistics> {
    const [row] = await rows<CountRow>(db, sql`SELECT ${counts} FROM listing_events WHERE listing_id = ${listingId}${window(within)}`);
    return toListingStatistics(listingId, row);
  }

  return {
    /** Records one event; `userId` comes from the access token (null without a login), never from the body. */
    async record(body: RecordBody, userId: string | null): Promise<void> {
      if (!(await listingExists(db, body.listingId, false))) throw notFound('Listing not found');
      const meta = Object.fromEntries(Object.entries(body.metadata ?? {}).filter(([, v]) => v !== undefined && v !== null));
      await db.insert(listingEvents).values({
        listingId: body.listingId,
        eventType: body.eventType,
        userId,
        metadata: meta,
        createdAt: clock(),
      });
    },

    async allTime(listingId: string, caller: Caller | null): Promise<ListingStatistics> {
      await readableListing(listingId, caller);
      return listingCounts(listingId, null);
    },

    async inRange(listingId: string, caller: Caller | null, startDate?: string, endDate?: string): Promise<ListingStatistics> {
      const within = range(startDate, endDate);
      await readableListing(listingId, caller);
      return listingCounts(listingId, within);
    },

    /** Unique views of one listing (see uniqueViewsOf). Without dates: all time. */
    async uniqueViews(listingId: string, caller: Caller | null, minutes: number, startDate?: string, endDate?: string): Promise<UniqueViews> {
      const within = startDate === undefined && endDate === undefined ? null : range(startDate, endDate);
      await readableListing(listingId, caller);
      const [row] = await uniqueViewsOf(db, sql`SELECT ${listingId}::uuid AS id, 1 AS ord`, minutes, within);
      // The id as asked for (the database spells a uuid in lower case).
      return { ...row!, listingId };
    },

    /**
     * Unique views of each of the company's listings (every status but Deleted, ordered by name as
     * the company call orders them), from one statement: the same rule and numbers as the
     * per-listing call. Without dates: all time, as the per-listing call.
     */
    async companyUniqueViews(companyId: string, caller: Caller | null, minutes: number, startDate?: string, endDate?: string): Promise<CompanyUniqueViews> {
      const within = startDate === undefined && endDate === undefined ? null : range(startDate, endDate);
      if (!caller) throw unauthorized();
      await managedCompany(db, companyId, caller);
      const owned = sql`SELECT id, row_number() OVER (ORDER BY name, id) AS ord FROM listings
        WHERE company_id = ${companyId} AND status <> ${ListingStatus.Deleted}`;
      return { companyId, timeWindowMinutes: minutes, listings: await uniqueViewsOf(db, owned, minutes, within) };
    },

    /**
     * Totals over the company's listings (every status but Deleted) and a zero-filled series per
     * listing and type, bucketed by the range's length, from one statement (one pass over the
     * events). A bucket's date is its calendar start (ISO week from Monday, month, quarter), or the
     * range's first day for a bucket that began before it.
     */
    async company(companyId: string, caller: Caller | null, startDate?: string, endDate?: string): Promise<CompanyStatistics> {
      const within = range(startDate, endDate);
      if (!caller) throw unauthorized();
      await managedCompany(db, companyId, caller);
      const bucket = bucketFor(within.days);
      const unit = sql.raw(`'${bucket}'`);
      // An interval has no quarter unit: three months.
      const step = sql.raw(`'${bucket === 'quarter' ? '3 months' : `1 ${bucket}`}'::interval`);
      const first = isoDate(within.start);
      const owned = sql`SELECT id FROM listings WHERE company_id = ${companyId} AND status <> ${ListingStatus.Deleted}`;
      // One scan of the events: the per-bucket counts are kept (a CTE used twice is materialized)
      // and the totals are sums of them, so the heap pages of a long range are read once, not twice.
      const series = await rows<CountRow & { listing_id: string | null; name: string; date: string }>(db, sql`
        WITH buckets AS (
          SELECT g AS bucket FROM generate_series(date_trunc(${unit}, ${first}::timestamp), ${isoDate(within.end)}::timestamp, ${step}) g
        ), counted AS (
          SELECT listing_id, date_trunc(${unit}, created_at AT TIME ZONE 'UTC') AS bucket, ${counts}
          FROM listing_events WHERE listing_id IN (${owned})${window(within)}
          GROUP BY 1, 2
        )
        SELECT * FROM (
          SELECT l.id AS listing_id, l.name, to_char(greatest(b.bucket, ${first}::timestamp), 'YYYY-MM-DD') AS date,
            coalesce(c.views, 0)::int AS views, coalesce(c.favorites, 0)::int AS favorites, coalesce(c.link_opens, 0)::int AS link_opens,
            coalesce(c.chats, 0)::int AS chats, coalesce(c.phone_clicks, 0)::int AS phone_clicks,
            coalesce(c.event_hits, 0)::int AS event_hits
          FROM listings l CROSS JOIN buckets b
          LEFT JOIN counted c ON c.listing_id = l.id AND c.bucket = b.bucket
          WHERE l.company_id = ${companyId} AND l.status <> ${ListingStatus.Deleted}
          UNION ALL
          -- The totals row: listing_id null.
          SELECT NULL, '', '', coalesce(sum(views), 0)::int, coalesce(sum(favorites), 0)::int, coalesce(sum(link_opens), 0)::int,
            coalesce(sum(chats), 0)::int, coalesce(sum(phone_clicks), 0)::int, coalesce(sum(event_hits), 0)::int
          FROM counted
        ) rows
        ORDER BY listing_id IS NULL, name, listing_id, date`);
      let totals: CountRow | undefined;
      const byListing = new Map<string, ListingSeries>();
      for (const r of series) {
        if (r.listing_id === null) {
          totals = r;
          continue;
        }
        let s = byListing.get(r.listing_id);
        if (!s) {
          s = { listingId: r.listing_id, listingName: r.name, dailyViews: [], dailyFavorites: [], dailyLinkOpens: [], dailyChats: [], dailyPhoneClicks: [], dailyEventHits: [] };
          byListing.set(r.listing_id, s);
        }
        const point = (count: number): DailyCount => ({ date: r.date, count });
        s.dailyViews.push(point(r.views));
        s.dailyFavorites.push(point(r.favorites));
        s.dailyLinkOpens.push(point(r.link_opens));
        s.dailyChats.push(point(r.chats));
        s.dailyPhoneClicks.push(point(r.phone_clicks));
        s.dailyEventHits.push(point(r.event_hits));
      }
      const t = toListingStatistics(companyId, totals);
      return {
        companyId, startDate: first, endDate: isoDate(within.end), bucket,
        totalViews: t.viewCount, totalFavorites: t.favoriteCount, totalLinkOpens: t.linkOpenCount,
        totalChats: t.chatStartCount, totalPhoneClicks: t.phoneClickCount, totalEventHits: t.eventHitCount,
        listingStatistics: [...byListing.values()],
      };
    },
  };
}
