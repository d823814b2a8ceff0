/**
 * A year of demo interaction events for the demo listings, so a fresh `npm start` shows a
 * statistics dashboard with something in it. Deterministic (seeded PRNG, times relative to the
 * seed's `now`), a few thousand rows written in a few multi-row INSERTs.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { ListingStatus } from '../../../src/domain/listings';
import type { Db } from '../client';
import { companies, listingEvents, listings } from '../schema';
import { demoCompanies, prng, type Prng } from './demo';

const DAY_MS = 86_400_000;
const DAYS = 365;
const BATCH = 1000;
/** The demo user's companies (seed.ts seedDemoOwnership): their dashboard is the one people open. */
const OWNED_COMPANIES = 2;

type EventType = (typeof listingEvents.$inferInsert)['eventType'];
type EventRow = typeof listingEvents.$inferInsert;

/** Busier at the end of the week (a Saturday is 1.4× a Monday), days as getUTCDay() numbers. */
const WEEKDAY = [1.3, 0.85, 0.9, 1.0, 1.1, 1.25, 1.4];
/** Per view, how likely the visitor also does each of the other things. */
const FOLLOW_UPS: [EventType, number][] = [['favorite', 0.06], ['linkopen', 0.08], ['phoneclick', 0.05], ['chatstart', 0.03]];

/** Weddings and summer parties: most interest in late spring and summer, least around New Year. */
const season = (day: Date) => {
  const start = Date.UTC(day.getUTCFullYear(), 0, 1);
  const dayOfYear = (day.getTime() - start) / DAY_MS;
  return 1 + 0.35 * Math.sin((2 * Math.PI * (dayOfYear - 80)) / 365);
};

/** How many of something happen when `expected` are expected: whole part plus one with the rest as chance. */
const howMany = (rng: Prng, expected: number) => Math.floor(expected) + (rng.next() < expected - Math.floor(expected) ? 1 : 0);

/**
 * Seeds the events when the table is empty and the demo companies' listings exist. Listings of
 * the demo user's two companies get about one view a day, the others a few a month; every event
 * carries a deviceId from a small pool per listing, and some views are a device's repeat within
 * minutes, so unique views are fewer than views. Returns whether it seeded.
 */
export async function seedDemoStatistics(db: Db, now = new Date()): Promise<boolean> {
  // Any row at all means seeded (or real use): one row is enough to know, not a count of them all.
  const [any] = await db.select({ id: listingEvents.id }).from(listingEvents).limit(1);
  if (any) return false;
  const names = demoCompanies().map((c) => c.name);
  const owned = new Set(names.slice(0, OWNED_COMPANIES));
  const rows = await db.select({ id: listings.id, createdAt: listings.createdAt, company: companies.name })
    .from(listings).innerJoin(companies, eq(companies.id, listings.companyId))
    .where(and(inArray(companies.name, names), ne(listings.status, ListingStatus.Deleted)))
    .orderBy(asc(listings.createdAt), asc(listings.id));
  if (rows.length === 0) return false;

  const rng = prng(0x57a7);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const events: EventRow[] = [];
  rows.forEach((listing, index) => {
    const featured = owned.has(listing.company);
    const viewsPerDay = featured ? 0.6 + rng.next() * 0.6 : 0.015 + rng.next() * 0.03;
    const eventHitsPerDay = featured ? 0.05 : 0.002;
    const devices = featured ? 40 : 8;
    const device = () => {
      const n = rng.int(1, devices);
      return { deviceId: `demo-${index}-${n}`, deviceType: n % 3 === 0 ? 'desktop' : 'mobile' };
    };
    const at = (dayStart: number) => new Date(dayStart + (7 + rng.next() * 16) * 3_600_000);
    const push = (eventType: EventType, createdAt: Date, metadata: Record<string, string>) => {
      if (createdAt.getTime() > now.getTime() || createdAt < listing.createdAt) return;
      events.push({ listingId: listing.id, eventType, userId: null, metadata, createdAt });
    };
    for (let back = DAYS - 1; back >= 0; back -= 1) {
      const dayStart = today - back * DAY_MS;
      const day = new Date(dayStart);
      // Slowly more visitors over the year, as a listing becomes known.
      const growth = 0.75 + (0.5 * (DAYS - back)) / DAYS;
      const expected = viewsPerDay * WEEKDAY[day.getUTCDay()]! * season(day) * growth;
      for (let v = howMany(rng, expected); v > 0; v -= 1) {
        const time = at(dayStart);
        const meta = device();
        push('view', time, meta);
        // A reload or a second look a few minutes later: one unique view within a 10-minute window.
        if (rng.next() < 0.2) push('view', new Date(time.getTime() + rng.int(1, 8) * 60_000), meta);
        for (const [type, chance] of FOLLOW_UPS) {
          if (rng.next() < chance) push(type, new Date(time.getTime() + rng.int(1, 20) * 60_000), meta);
        }
      }
      // Recorded by the server for a company's event chat: no visitor's device.
      if (rng.next() < eventHitsPerDay * season(day)) push('eventhit', at(dayStart), {});
    }
  });
  // One transaction: a start-up stopped half-way leaves nothing, so the next start seeds it all.
  await db.transaction(async (tx) => {
    for (let i = 0; i < events.length; i += BATCH) await tx.insert(listingEvents).values(events.slice(i, i + BATCH));
  });
  return events.length > 0;
}
