import { and, eq, lte } from 'drizzle-orm';
import { CompanyStatus } from '../../../src/domain/companies';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { bumpCatalogue } from '../listings/service';
import { COMPANY_RETENTION_MS } from './service';

/** How often the purge runs: a company goes at most this long past its 30 days. */
export const COMPANY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes the companies deleted COMPANY_RETENTION_DAYS or more before `now` (their listings go
 * with them: ON DELETE CASCADE; files they referenced stay, other rows may use them). Answers
 * how many were removed.
 */
export async function purgeDeletedCompanies(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - COMPANY_RETENTION_MS);
  const removed = await db.delete(companies)
    .where(and(eq(companies.status, CompanyStatus.Deleted), lte(companies.deletedAt, cutoff)))
    .returning({ id: companies.id });
  // Their listings were hidden already; bumped so no cached answer can name a row that is gone.
  if (removed.length > 0) bumpCatalogue();
  return removed.length;
}

/** The timer functions the job uses; tests pass fakes so nothing waits. */
export interface Timers {
  setInterval(run: () => void, ms: number): { unref?: () => unknown };
  clearInterval(handle: ReturnType<Timers['setInterval']>): void;
}

const realTimers: Timers = {
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export interface RetentionJobOptions {
  db: Db;
  /** The current time (the app's injectable clock). */
  clock: () => Date;
  /** Told about a failed run; the next run tries again. */
  onError: (error: unknown) => void;
  intervalMs?: number;
  timers?: Timers;
}

/**
 * The company purge, run at start and then hourly. The timer is unref'd (it never keeps the
 * process alive) and `stop()` ends it; runs never overlap. Each process on a shared PostgreSQL
 * runs its own: the DELETE is the same whoever gets there first.
 */
export function companyRetentionJob({ db, clock, onError, intervalMs = COMPANY_PURGE_INTERVAL_MS, timers = realTimers }: RetentionJobOptions) {
  let handle: ReturnType<Timers['setInterval']> | null = null;
  let running: Promise<number> | null = null;

  /** One purge now; a call while one is running joins it. Failures go to onError and count as 0. */
  const runNow = (): Promise<number> => {
    running ??= purgeDeletedCompanies(db, clock())
      .catch((error: unknown) => { onError(error); return 0; })
      .finally(() => { running = null; });
    return running;
  };

  return {
    runNow,
    /** Runs once and schedules the next runs; calling it again does nothing. */
    async start(): Promise<void> {
      if (handle) return;
      handle = timers.setInterval(() => void runNow(), intervalMs);
      handle.unref?.();
      await runNow();
    },
    /** Stops the timer and waits for a run in progress (the database closes next). */
    async stop(): Promise<void> {
      if (handle) timers.clearInterval(handle);
      handle = null;
      await running;
    },
  };
}
