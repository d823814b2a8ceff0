import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPANY_RETENTION_DAYS, CompanyStatus } from '../../src/domain/companies';
import type { Db } from '../../server/db/client';
import { companies, listings } from '../../server/db/schema';
import { COMPANY_PURGE_INTERVAL_MS, companyRetentionJob, purgeDeletedCompanies, type Timers } from '../../server/modules/companies/retention';
import { signUp } from './helpers/accounts';
import { createCompany, insertListing } from './helpers/companies';
import { listingFixture } from './helpers/listings';
import { createTestApp, type TestApp } from './helpers/test-app';

const DAY = 24 * 60 * 60 * 1000;
const RETENTION = COMPANY_RETENTION_DAYS * DAY;

let t: TestApp;
let f: Awaited<ReturnType<typeof listingFixture>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await listingFixture(t);
});
afterAll(() => t.close());

/** A company in `status` (Deleted at `deletedAt` when given) with one listing. */
async function companyWithListing(name: string, status: number, deletedAt: Date | null = null) {
  const [company] = await t.deps.db.insert(companies).values({
    name, status, deletedAt, statusBeforeDelete: deletedAt ? CompanyStatus.Active : null,
  }).returning();
  const listing = await insertListing(t, { companyId: company!.id, categoryId: f.catA.id, isActive: false });
  return { company: company!, listing };
}
const exists = async (id: string) => (await t.deps.db.select({ id: companies.id }).from(companies).where(eq(companies.id, id))).length === 1;

describe('purgeDeletedCompanies', () => {
  it('removes companies deleted 30 days or more before now, with their listings, and nothing else', async () => {
    const deletedAt = new Date('2026-03-01T12:00:00Z');
    const old = await companyWithListing('Old Deleted AS', CompanyStatus.Deleted, deletedAt);
    const recent = await companyWithListing('Recent Deleted AS', CompanyStatus.Deleted, new Date(deletedAt.getTime() + DAY));
    const active = await companyWithListing('Active AS', CompanyStatus.Active);
    const waiting = await companyWithListing('Waiting AS', CompanyStatus.AwaitingApproval);
    // A stray deletedAt on a company that is not Deleted never makes it purgeable.
    const [notDeleted] = await t.deps.db.insert(companies).values({ name: 'Restored AS', status: CompanyStatus.Active, deletedAt }).returning();

    expect(await purgeDeletedCompanies(t.deps.db, new Date(deletedAt.getTime() + RETENTION - 1))).toBe(0);
    expect(await exists(old.company.id)).toBe(true);

    expect(await purgeDeletedCompanies(t.deps.db, new Date(deletedAt.getTime() + RETENTION))).toBe(1);
    expect(await exists(old.company.id)).toBe(false);
    const left = await t.deps.db.select({ id: listings.id }).from(listings)
      .where(inArray(listings.id, [old.listing.id, recent.listing.id, active.listing.id, waiting.listing.id]));
    expect(left.map((l) => l.id).sort()).toEqual([recent.listing.id, active.listing.id, waiting.listing.id].sort());
    for (const id of [recent.company.id, active.company.id, waiting.company.id, notDeleted!.id]) expect(await exists(id)).toBe(true);

    // Running again finds nothing more until the next one's 30 days are over.
    expect(await purgeDeletedCompanies(t.deps.db, new Date(deletedAt.getTime() + RETENTION))).toBe(0);
    expect(await purgeDeletedCompanies(t.deps.db, new Date(deletedAt.getTime() + DAY + RETENTION))).toBe(1);
    expect(await exists(recent.company.id)).toBe(false);
  });
});

/** Timers that only record: the test fires the interval itself. */
function fakeTimers() {
  const handles: { run: () => void; ms: number; unref: ReturnType<typeof vi.fn>; cleared: boolean }[] = [];
  const timers: Timers = {
    setInterval: (run, ms) => {
      const handle = { run, ms, unref: vi.fn(), cleared: false };
      handles.push(handle);
      return handle;
    },
    clearInterval: (handle) => { (handle as (typeof handles)[number]).cleared = true; },
  };
  return { timers, handles };
}

describe('companyRetentionJob', () => {
  it('runs at start, then hourly on an unref\'d timer, against the injected clock; stop ends it', async () => {
    let now = new Date('2026-05-01T00:00:00Z');
    const { timers, handles } = fakeTimers();
    const onError = vi.fn();
    const job = companyRetentionJob({ db: t.deps.db, clock: () => now, onError, timers });
    const { company } = await companyWithListing('Purged Hourly AS', CompanyStatus.Deleted, new Date(now.getTime() - RETENTION + 2 * DAY));

    await job.start();
    expect(handles).toHaveLength(1);
    expect(handles[0]!.ms).toBe(COMPANY_PURGE_INTERVAL_MS);
    expect(COMPANY_PURGE_INTERVAL_MS).toBe(60 * 60 * 1000);
    expect(handles[0]!.unref).toHaveBeenCalledOnce();
    expect(await exists(company.id)).toBe(true);
    await job.start(); // already running: no second timer
    expect(handles).toHaveLength(1);

    now = new Date(now.getTime() + DAY);
    handles[0]!.run();
    expect(await job.runNow()).toBe(0); // joins the run the tick started
    expect(await exists(company.id)).toBe(true);

    now = new Date(now.getTime() + DAY);
    handles[0]!.run();
    await job.runNow();
    expect(await exists(company.id)).toBe(false);

    await job.stop();
    expect(handles[0]!.cleared).toBe(true);
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a failed run and keeps going', async () => {
    const failure = new Error('database unavailable');
    const broken = { delete: () => { throw failure; } } as unknown as Db;
    const onError = vi.fn();
    const { timers, handles } = fakeTimers();
    const job = companyRetentionJob({ db: broken, clock: () => new Date(), onError, timers });
    await job.start();
    expect(onError).toHaveBeenCalledWith(failure);
    handles[0]!.run();
    await job.runNow();
    expect(onError).toHaveBeenCalledTimes(2);
    await job.stop();
  });
});

describe('the app schedules the purge', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('purges an expired deletion on the hourly tick and stops the timer on close', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = await createTestApp();
    try {
      const owner = await signUp(app);
      const company = await createCompany(app, owner.accessToken);
      expect((await app.request({ method: 'DELETE', url: `/api/company/${company.id}`, token: owner.accessToken })).statusCode).toBe(200);
      const stillThere = async () => (await app.deps.db.select().from(companies).where(eq(companies.id, company.id))).length === 1;

      app.advance(RETENTION - 60_000);
      vi.advanceTimersByTime(COMPANY_PURGE_INTERVAL_MS);
      await vi.waitFor(async () => expect(await stillThere()).toBe(true));

      app.advance(60_000);
      // A tick joins a run still in progress (runs never overlap), and that run read the clock
      // before it moved (on PostgreSQL it can outlast the first wait): tick until one purges.
      await vi.waitFor(async () => {
        vi.advanceTimersByTime(COMPANY_PURGE_INTERVAL_MS);
        expect(await stillThere()).toBe(false);
      });
      expect(vi.getTimerCount()).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
    expect(vi.getTimerCount()).toBe(0);
  });
});
