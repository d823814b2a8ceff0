import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, listingEvents } from '../../server/db/schema';
import { ListingStatus } from '../../src/domain/listings';
import {
  bucketFor, validateDateRange, type CompanyStatistics, type CompanyUniqueViews, type ListingStatistics, type UniqueViews,
} from '../../src/domain/statistics';
import { signUp, signUpAdmin } from './helpers/accounts';
import { listingFixture } from './helpers/listings';
import { createTestApp, type TestApp } from './helpers/test-app';

type EventType = (typeof listingEvents.$inferInsert)['eventType'];

let t: TestApp;
let owner: string;
let admin: string;
let stranger: string;
let strangerId: string;
let ownerId: string;
let companyId: string;
let a: string;
let b: string;
let gone: string;
let fresh: string;
let unique: string;
let elsewhere: string;
let emptyCompanyId: string;

const event = (listingId: string, eventType: EventType, at: string | Date, deviceId?: string, userId?: string | null) => ({
  listingId, eventType, userId: userId ?? null, metadata: deviceId ? { deviceId } : {}, createdAt: new Date(at),
});
const get = (url: string, token?: string) => t.request({ method: 'GET', url: `/api/ListingStatistics/${url}`, token });
const minutes = (m: number) => new Date(Date.UTC(2025, 5, 10, 12, m));

beforeAll(async () => {
  t = await createTestApp();
  const f = await listingFixture(t);
  const o = await signUp(t);
  owner = o.accessToken;
  ownerId = o.user.id;
  admin = (await signUpAdmin(t)).accessToken;
  const s = await signUp(t);
  stranger = s.accessToken;
  strangerId = s.user.id;
  companyId = f.company.id;
  await t.deps.db.update(companies).set({ createdById: ownerId }).where(eq(companies.id, companyId));
  a = (await f.add({ name: 'Alpha' })).id;
  b = (await f.add({ name: 'Beta', status: ListingStatus.Draft })).id;
  gone = (await f.add({ name: 'Gone', status: ListingStatus.Deleted })).id;
  fresh = (await f.add({ name: 'Fresh' })).id;
  unique = (await f.add({ name: 'Unique' })).id;
  // Another company's listing, with views of the same devices: never in this company's answers.
  elsewhere = (await f.add({ name: 'Elsewhere', companyId: f.hiddenCompany.id })).id;
  const [empty] = await t.deps.db.insert(companies).values({ name: 'Empty AS', status: 100, createdById: ownerId }).returning();
  emptyCompanyId = empty!.id;
  const day = 86_400_000;
  await t.deps.db.insert(listingEvents).values([
    event(a, 'phoneclick', '2025-02-28T23:59:59Z'),
    event(a, 'view', '2025-03-01T10:00:00Z', 'dev-1'),
    event(a, 'view', '2025-03-03T08:00:00Z', 'dev-2'),
    event(a, 'favorite', '2025-03-03T09:00:00Z'),
    event(a, 'linkopen', '2025-03-07T23:59:59Z'),
    event(a, 'view', '2025-03-08T00:00:00Z'),
    event(b, 'chatstart', '2025-03-02T12:00:00Z'),
    event(b, 'phoneclick', '2025-03-05T12:00:00Z'),
    event(gone, 'view', '2025-03-02T12:00:00Z'),
    // The default range is the last 7 days of the server's clock.
    event(fresh, 'view', new Date(Date.now() - 2 * day)),
    event(fresh, 'view', new Date(Date.now() - 10 * day)),
    // Unique views: device X at 0, 5, 11, 12 min (with a user), Y interleaved at 1, 3, 20, Z at 0 and
    // exactly 10; a user without a device at 2 and 4; two views with neither.
    ...[0, 5, 11, 12].map((m) => event(unique, 'view', minutes(m), 'dev-x', strangerId)),
    ...[1, 3, 20].map((m) => event(unique, 'view', minutes(m), 'dev-y')),
    ...[0, 10].map((m) => event(unique, 'view', minutes(m), 'dev-z')),
    ...[2, 4].map((m) => event(unique, 'view', minutes(m), undefined, ownerId)),
    event(unique, 'view', minutes(6)),
    event(unique, 'view', minutes(6)),
    event(unique, 'favorite', minutes(7), 'dev-q'),
    ...[0, 30].map((m) => event(elsewhere, 'view', minutes(m), 'dev-x')),
    event(elsewhere, 'view', '2025-03-02T12:00:00Z', 'dev-1'),
  ]);
});
afterAll(() => t.close());

describe('domain rules', () => {
  it('picks the bucket by the range length', () => {
    expect([1, 7, 8, 30, 31, 90, 91, 365].map(bucketFor)).toEqual(['day', 'day', 'week', 'week', 'month', 'month', 'quarter', 'quarter']);
  });
  it('validates and defaults date ranges', () => {
    const now = new Date('2025-06-10T15:00:00Z');
    const d = validateDateRange(undefined, undefined, now);
    expect(d.ok && [d.range.start.toISOString(), d.range.end.toISOString(), d.range.days]).toEqual(['2025-06-04T00:00:00.000Z', '2025-06-10T00:00:00.000Z', 7]);
    const r = validateDateRange('2025-01-01T23:30:00+00:00', '2025-12-31', now);
    expect(r.ok && r.range.days).toBe(365);
    expect(validateDateRange('2025-02-30', undefined, now).ok).toBe(false);
    expect(validateDateRange('2025-03-02', '2025-03-01', now).ok).toBe(false);
    expect(validateDateRange('2022-01-01', '2024-12-31', now).ok).toBe(true);
    expect(validateDateRange('2022-01-01', '2025-01-01', now).ok).toBe(false);
  });
});

describe('GET /ListingStatistics/{id} and /range', () => {
  it('counts every event of the listing for all time', async () => {
    const res = await get(a, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ListingStatistics>()).toEqual({ listingId: a, viewCount: 3, favoriteCount: 1, linkOpenCount: 1, chatStartCount: 0, phoneClickCount: 1, eventHitCount: 0 });
  });

  it('counts only the days of the range, both ends included', async () => {
    const res = await get(`${a}/range?startDate=2025-03-01&endDate=2025-03-07`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ListingStatistics>()).toMatchObject({ viewCount: 2, favoriteCount: 1, linkOpenCount: 1, phoneClickCount: 0 });
    expect((await get(`${a}/range?startDate=2025-03-08&endDate=2025-03-08`, owner)).json<ListingStatistics>().viewCount).toBe(1);
  });

  it('defaults to the last 7 days of the server clock', async () => {
    expect((await get(`${fresh}/range`, owner)).json<ListingStatistics>().viewCount).toBe(1);
    expect((await get(fresh, owner)).json<ListingStatistics>().viewCount).toBe(2);
  });
});

describe('GET /ListingStatistics/{id}/unique-views', () => {
  const views = async (query: string) => {
    const res = await get(`${unique}/unique-views${query}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<UniqueViews>();
  };

  it('folds a device\'s views within the window into one, a window starting at its first view', async () => {
    // X: 0 and 11 open windows (2); Y: 1 and 20 (2); Z: 0 and exactly 10 (2); the user: 2 (1); two anonymous (2).
    expect(await views('')).toEqual({ listingId: unique, uniqueViews: 9, uniqueUsers: 2, uniqueDevices: 3, timeWindowMinutes: 10 });
    expect((await views('?timeWindowMinutes=1')).uniqueViews).toBe(4 + 3 + 2 + 2 + 2);
    expect((await views('?timeWindowMinutes=60')).uniqueViews).toBe(1 + 1 + 1 + 1 + 2);
  });

  it('keeps to the date range', async () => {
    expect((await views('?startDate=2025-06-10&endDate=2025-06-10')).uniqueViews).toBe(9);
    expect(await views('?startDate=2025-06-11&endDate=2025-06-12')).toMatchObject({ uniqueViews: 0, uniqueUsers: 0, uniqueDevices: 0 });
  });
});

describe('GET /ListingStatistics/company/{companyId}/unique-views', () => {
  const companyViews = async (query: string, id = companyId) => {
    const res = await get(`company/${id}/unique-views${query}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CompanyUniqueViews>();
  };

  it.each([
    ['', 'all time, the default window'],
    ['?timeWindowMinutes=1', 'all time, 1 minute'],
    ['?timeWindowMinutes=60&startDate=2025-06-10&endDate=2025-06-10', 'one day, an hour'],
    ['?startDate=2025-03-01&endDate=2025-03-07', 'a week'],
    ['?startDate=2025-03-08&endDate=2025-03-08', 'a day without the others\' views'],
  ])('answers what the per-listing call answers for each listing, in the company answer\'s order (%s: %s)', async (query) => {
    const answer = await companyViews(query);
    const ordered = (await get(`company/${companyId}`, owner)).json<CompanyStatistics>().listingStatistics.map((l) => l.listingId);
    expect(answer.listings.map((l) => l.listingId)).toEqual(ordered);
    const one = await Promise.all(ordered.map(async (id) => (await get(`${id}/unique-views${query}`, owner)).json<UniqueViews>()));
    expect(answer).toEqual({ companyId, timeWindowMinutes: one[0]!.timeWindowMinutes, listings: one });
  });

  it('counts only the company\'s listings that are not deleted, with zeros for listings without views', async () => {
    const answer = await companyViews('');
    const ids = answer.listings.map((l) => l.listingId);
    expect(ids).not.toContain(gone);
    expect(ids).not.toContain(elsewhere);
    expect(answer.listings.find((l) => l.listingId === b)).toEqual({ listingId: b, uniqueViews: 0, uniqueUsers: 0, uniqueDevices: 0, timeWindowMinutes: 10 });
    // The shared device dev-x is folded per listing: its views of the other company's listing add nothing here.
    expect(answer.listings.find((l) => l.listingId === unique)).toMatchObject({ uniqueViews: 9, uniqueDevices: 3 });
    expect(answer.listings.find((l) => l.listingId === a)).toMatchObject({ uniqueViews: 3, uniqueDevices: 2 });
  });

  it('answers an empty list for a company without listings', async () => {
    expect(await companyViews('', emptyCompanyId)).toEqual({ companyId: emptyCompanyId, timeWindowMinutes: 10, listings: [] });
  });
});

describe('GET /ListingStatistics/company/{companyId}', () => {
  const company = async (query: string) => {
    const res = await get(`company/${companyId}${query}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CompanyStatistics>();
  };
  const series = (s: CompanyStatistics, id: string) => s.listingStatistics.find((l) => l.listingId === id)!;

  it('sums the company\'s listings (deleted ones left out) with a zero-filled daily series for 7 days', async () => {
    const s = await company('?startDate=2025-03-01&endDate=2025-03-07');
    expect(s).toMatchObject({ companyId, startDate: '2025-03-01', endDate: '2025-03-07', bucket: 'day', totalViews: 2, totalFavorites: 1, totalLinkOpens: 1, totalChats: 1, totalPhoneClicks: 1, totalEventHits: 0 });
    expect(s.listingStatistics.map((l) => l.listingName)).toEqual(['Alpha', 'Beta', 'Fresh', 'Unique']);
    expect(series(s, a).dailyViews).toEqual(['01', '02', '03', '04', '05', '06', '07'].map((d, i) => ({ date: `2025-03-${d}`, count: i === 0 || i === 2 ? 1 : 0 })));
    expect(series(s, b).dailyChats.map((p) => p.count)).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(series(s, b).dailyEventHits).toHaveLength(7);
  });

  it('buckets by week up to 30 days, the first bucket dated from the range start', async () => {
    const s = await company('?startDate=2025-03-01&endDate=2025-03-30');
    expect(s.bucket).toBe('week');
    expect(series(s, a).dailyViews).toEqual([
      { date: '2025-03-01', count: 1 }, { date: '2025-03-03', count: 2 }, { date: '2025-03-10', count: 0 }, { date: '2025-03-17', count: 0 }, { date: '2025-03-24', count: 0 },
    ]);
  });

  it('buckets by month up to 90 days and by quarter above', async () => {
    const m = await company('?startDate=2025-01-01&endDate=2025-03-31');
    expect(m.bucket).toBe('month');
    expect(series(m, a).dailyPhoneClicks).toEqual([{ date: '2025-01-01', count: 0 }, { date: '2025-02-01', count: 1 }, { date: '2025-03-01', count: 0 }]);
    const q = await company('?startDate=2025-01-01&endDate=2025-12-31');
    expect(q.bucket).toBe('quarter');
    expect(series(q, unique).dailyViews).toEqual([
      { date: '2025-01-01', count: 0 }, { date: '2025-04-01', count: 13 }, { date: '2025-07-01', count: 0 }, { date: '2025-10-01', count: 0 },
    ]);
    expect(q.totalViews).toBe(3 + 13);
  });
});

describe('who may read and what input is refused', () => {
  it('lets the owner and an Admin in, refuses others (403) and anonymous callers (401)', async () => {
    for (const url of [a, `${a}/range`, `${a}/unique-views`, `company/${companyId}`, `company/${companyId}/unique-views`]) {
      expect((await get(url, owner)).statusCode, url).toBe(200);
      expect((await get(url, admin)).statusCode, url).toBe(200);
      expect((await get(url, stranger)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });

  it('answers 404 for unknown or deleted listings and unknown companies', async () => {
    for (const url of [randomUUID(), `${gone}/range`, `${randomUUID()}/unique-views`, `company/${randomUUID()}`, `company/${randomUUID()}/unique-views`]) {
      expect((await get(url, admin)).statusCode, url).toBe(404);
    }
  });

  it('answers 400 for bad ids, dates and windows', async () => {
    const bad = [
      ['not-a-uuid', 'id'], ['x/range', 'id'], ['company/x', 'companyId'],
      [`${a}/range?startDate=yesterday`, 'startDate'], [`${a}/range?endDate=2025-02-30`, 'endDate'],
      [`${a}/range?startDate=2025-03-02&endDate=2025-03-01`, 'startDate'],
      [`company/${companyId}?startDate=2020-01-01&endDate=2025-01-01`, 'endDate'],
      [`${a}/unique-views?timeWindowMinutes=0`, 'timeWindowMinutes'], [`${a}/unique-views?timeWindowMinutes=5000`, 'timeWindowMinutes'],
      [`${a}/unique-views?timeWindowMinutes=1.5`, 'timeWindowMinutes'], [`${a}/unique-views?timeWindowMinutes=ten`, 'timeWindowMinutes'],
      [`${a}/unique-views?startDate=2025-13-01`, 'startDate'],
      ['company/x/unique-views', 'companyId'], [`company/${companyId}/unique-views?timeWindowMinutes=0`, 'timeWindowMinutes'],
      [`company/${companyId}/unique-views?timeWindowMinutes=1441`, 'timeWindowMinutes'],
      [`company/${companyId}/unique-views?timeWindowMinutes=%00`, 'timeWindowMinutes'],
      [`company/${companyId}/unique-views?startDate=2025-03-02&endDate=2025-03-01`, 'startDate'],
      [`company/${companyId}/unique-views?startDate=2020-01-01&endDate=2025-01-01`, 'endDate'],
    ] as const;
    for (const [url, field] of bad) {
      const res = await get(url, owner);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ errors: { field: string }[] }>().errors[0]!.field, url).toBe(field);
    }
  });
});
