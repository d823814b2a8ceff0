import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** A row as both drivers answer it (the end as epoch ms: drivers differ in how they parse timestamps). */
interface WindowRow {
  count: number | string;
  expires_ms: number | string;
}

/** A window's count after a hit, and the milliseconds until it resets. */
export interface WindowState {
  count: number;
  ttlMs: number;
}

/** Expired windows are deleted on every this-many hits of one process (one indexed DELETE). */
const PURGE_EVERY = 500;
/** Keys longer than this are stored as their SHA-256 (a device id from a body can be long). */
const MAX_KEY_CHARS = 200;

const storedKey = (key: string) => key.length <= MAX_KEY_CHARS ? key : `sha256:${createHash('sha256').update(key).digest('base64')}`;

/**
 * Fixed rate-limit windows in the `rate_limit_windows` table (UNLOGGED), so every server process
 * on one PostgreSQL counts against the same budget. A hit is one atomic upsert: a new or expired
 * window starts at 1, a live one adds 1. Times come from the app's clock, so processes agree as
 * far as their clocks do (NTP keeps that to milliseconds, against windows of a minute).
 */
export class SharedWindows {
  private hits = 0;

  constructor(private readonly db: Db, private readonly clock: () => Date) {}

  /** Counts one hit on `key`; the window is `windowMs` long from its first hit. */
  async hit(key: string, windowMs: number): Promise<WindowState> {
    const now = this.clock();
    const expires = new Date(now.getTime() + windowMs);
    const result = await this.db.execute(sql`
      insert into rate_limit_windows as w (key, count, expires_at) values (${storedKey(key)}, 1, ${expires})
      on conflict (key) do update set
        count = case when w.expires_at <= ${now} then 1 else w.count + 1 end,
        expires_at = case when w.expires_at <= ${now} then excluded.expires_at else w.expires_at end
      returning count, (extract(epoch from expires_at) * 1000)::float8 as expires_ms`);
    // Housekeeping, not part of this request's answer: a failed purge must not fail the request.
    if (++this.hits % PURGE_EVERY === 0) void this.purge().catch((error: unknown) => console.warn(`Rate limits: purging ended windows failed (${error instanceof Error ? error.message : String(error)})`));
    const row = rowsOf<WindowRow>(result)[0]!;
    return { count: Number(row.count), ttlMs: Math.max(0, Number(row.expires_ms) - now.getTime()) };
  }

  /** The live window of `key` without counting (count 0 when there is none). */
  async peek(key: string): Promise<WindowState> {
    const now = this.clock();
    const result = await this.db.execute(sql`
      select count, (extract(epoch from expires_at) * 1000)::float8 as expires_ms from rate_limit_windows where key = ${storedKey(key)} and expires_at > ${now}`);
    const row = rowsOf<WindowRow>(result)[0];
    return row ? { count: Number(row.count), ttlMs: Math.max(0, Number(row.expires_ms) - now.getTime()) } : { count: 0, ttlMs: 0 };
  }

  /** Deletes windows that ended: a key met again starts a new one anyway. */
  async purge(): Promise<void> {
    await this.db.execute(sql`delete from rate_limit_windows where expires_at <= ${this.clock()}`);
  }
}

/** drizzle's execute answers `{ rows }` on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The route a route-level limit belongs to (the plugin passes its options as `routeInfo`). */
function routePrefix(options: unknown): string {
  const info = (options as { routeInfo?: { method?: unknown; url?: unknown } } | null)?.routeInfo;
  if (!info || typeof info.url !== 'string') return '';
  const method = Array.isArray(info.method) ? info.method.join(',') : String(info.method ?? '');
  return `${method} ${info.url}|`;
}

/**
 * A store class for @fastify/rate-limit over `windows`. Route-level limits get a child per route
 * whose keys carry the route, as the plugin's own LocalStore keeps one map per route; limiters
 * made with `createRateLimit` name their keys themselves (server/lib/rate-limit.ts).
 */
export function sharedRateLimitStore(windows: SharedWindows): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    // The plugin constructs the root store with its options, which this store does not need.
    private prefix = '';

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      windows.hit(`rl:${this.prefix}${key}`, timeWindow).then(
        (state) => callback(null, { current: state.count, ttl: state.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const child = new SharedStore();
      child.prefix = routePrefix(routeOptions);
      return child;
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
