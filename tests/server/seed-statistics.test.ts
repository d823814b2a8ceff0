import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyStatistics, ListingStatistics, UniqueViews } from '../../src/domain/statistics';
import type { OwnedCompany } from '../../src/domain/companies';
import type { AuthResponse } from '../../src/domain/user';
import { loadConfig } from '../../server/config';
import { seedDemoData } from '../../server/db/seed';
import { seedDemoStatistics } from '../../server/db/seed-data/statistics';
import { listingEvents, listings } from '../../server/db/schema';
import { PASSWORD } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Issue 14: a fresh demo database has a year of statistics for the demo listings. */

const DAY = 86_400_000;

let t: TestApp;
let events: (typeof listingEvents.$inferSelect)[];

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoData(t.deps.db, PASSWORD, t.deps.fileStore)).toBe(true);
  events = await t.deps.db.select().from(listingEvents);
});
afterAll(() => t.close());

describe('demo statistics', () => {
  it('are a few thousand events of all six types within the last year, after each listing was made', async () => {
    expect(events.length).toBeGreaterThan(2000);
    expect(events.length).toBeLessThan(20_000);
    expect(new Set(events.map((e) => e.eventType))).toEqual(new Set(['view', 'favorite', 'linkopen', 'chatstart', 'phoneclick', 'eventhit']));
    const now = t.deps.clock().getTime();
    const created = new Map((await t.deps.db.select({ id: listings.id, createdAt: listings.createdAt }).from(listings)).map((l) => [l.id, l.createdAt.getTime()]));
    for (const e of events) {
      expect(e.createdAt.getTime()).toBeLessThanOrEqual(now);
      expect(e.createdAt.getTime()).toBeGreaterThan(now - 366 * DAY);
      expect(e.createdAt.getTime()).toBeGreaterThanOrEqual(created.get(e.listingId)!);
    }
    // Visitors' events carry a device id (unique views fold on it); event hits are the server's.
    expect(events.filter((e) => e.eventType !== 'eventhit' && typeof e.metadata.deviceId !== 'string')).toEqual([]);
  });

  it('follow a weekly rhythm: more views at weekends than early in the week', () => {
    const byDay = [0, 0, 0, 0, 0, 0, 0];
    for (const e of events) if (e.eventType === 'view') byDay[e.createdAt.getUTCDay()]! += 1;
    const [sunday, monday, tuesday, , , , saturday] = byDay as [number, number, number, number, number, number, number];
    expect(saturday + sunday).toBeGreaterThan(monday + tuesday);
  });

  it('give the demo user\'s companies a dashboard with figures, and unique views fewer than views', async () => {
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'user@example.com', password: PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    const token = (login.json() as AuthResponse).accessToken;
    const owned = (await t.request({ method: 'GET', url: '/api/company/by-user', token })).json() as OwnedCompany[];
    const active = owned.filter((c) => c.status === 100);
    expect(active).toHaveLength(2);
    const today = new Date(t.deps.clock().getTime()).toISOString().slice(0, 10);
    const yearAgo = new Date(t.deps.clock().getTime() - 364 * DAY).toISOString().slice(0, 10);
    for (const company of active) {
      const res = await t.request({ method: 'GET', url: `/api/ListingStatistics/company/${company.id}?startDate=${yearAgo}&endDate=${today}`, token });
      expect(res.statusCode, res.body).toBe(200);
      const stats = res.json() as CompanyStatistics;
      expect(stats.totalViews).toBeGreaterThan(100);
      expect(stats.totalEventHits).toBeGreaterThan(0);
      expect(stats.totalFavorites + stats.totalLinkOpens + stats.totalChats + stats.totalPhoneClicks).toBeGreaterThan(0);
    }
    const ids = (await t.deps.db.select({ id: listings.id }).from(listings).where(inArray(listings.companyId, active.map((c) => c.id)))).map((l) => l.id);
    const perListing = await t.deps.db.select({ id: listingEvents.listingId, n: count() }).from(listingEvents)
      .where(inArray(listingEvents.listingId, ids)).groupBy(listingEvents.listingId);
    const listingId = perListing.sort((x, y) => y.n - x.n)[0]!.id;
    const all = (await t.request({ method: 'GET', url: `/api/ListingStatistics/${listingId}`, token })).json() as ListingStatistics;
    const unique = (await t.request({ method: 'GET', url: `/api/ListingStatistics/${listingId}/unique-views?timeWindowMinutes=10`, token })).json() as UniqueViews;
    expect(unique.uniqueViews).toBeGreaterThan(0);
    expect(unique.uniqueViews).toBeLessThan(all.viewCount);
    expect(unique.uniqueDevices).toBeGreaterThan(1);
  });

  it('are seeded into an empty events table only', async () => {
    expect(await seedDemoStatistics(t.deps.db)).toBe(false);
    expect(await t.deps.db.$count(listingEvents)).toBe(events.length);
  });

  it('are left out with SEED_DEMO_STATISTICS=0', async () => {
    expect(loadConfig({ DATA_DIR: '/tmp/em-seed-config', JWT_SECRET: 'test-secret-test-secret-test-secret-0123', SEED_DEMO_STATISTICS: '0' }).seedDemoStatistics).toBe(false);
    expect(loadConfig({ DATA_DIR: '/tmp/em-seed-config', JWT_SECRET: 'test-secret-test-secret-test-secret-0123' }).seedDemoStatistics).toBe(true);
    const bare = await createTestApp();
    try {
      expect(await seedDemoData(bare.deps.db, PASSWORD, bare.deps.fileStore, { statistics: false })).toBe(true);
      expect(await bare.deps.db.$count(listings)).toBeGreaterThan(0);
      expect(await bare.deps.db.$count(listingEvents)).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
