import { and, eq, isNull } from 'drizzle-orm';
import { refreshTokens } from '../db/schema';
import type { AppDeps } from '../deps';
import type { ProcessBus } from '../platform/process-bus';
import type { AuthContext } from './auth';

interface Entry {
  live: boolean;
  /** Epoch ms (deps.clock) after which the answer must be asked of the database again. */
  until: number;
}

/** Bounds the memory one process spends on the cache; the oldest answers go first. */
const MAX_ENTRIES = 50_000;
/** Session ids per announcement: about 4 KB of JSON, under NOTIFY's 8,000-byte payload limit. */
const IDS_PER_ANNOUNCEMENT = 100;

/**
 * Whether the login session (refresh-token family, the token's `sid`) an access token was issued
 * from is still live, so an access token ends with its session (logout, refresh-token reuse,
 * password reset or change, a deleted user) instead of living on for its 15 minutes.
 *
 * One indexed lookup per session every `ttlMs` at most: live answers are cached for `ttlMs`,
 * ended sessions until any token of theirs has expired (a session never comes back to life).
 * A session ended in this process is marked at once (`ended`) and, once `share` has joined the
 * process bus, announced to the other processes on the same PostgreSQL, which mark it as soon as
 * the notification arrives (milliseconds). Should the bus miss an announcement (its connection
 * dropped), the live answers are forgotten, and `ttlMs` bounds the rest.
 */
export class SessionCheck {
  private readonly entries = new Map<string, Entry>();
  /** Concurrent requests of one session share one lookup. */
  private readonly pending = new Map<string, Promise<boolean>>();
  private bus: { publish: ProcessBus['publish']; onError: (error: unknown) => void } | null = null;

  constructor(private readonly deps: AppDeps, private readonly ttlMs: number) {}

  async isLive(auth: AuthContext): Promise<boolean> {
    const now = this.deps.clock().getTime();
    const key = cacheKey(auth);
    const cached = this.entries.get(key);
    if (cached && cached.until > now) return cached.live;
    let lookup = this.pending.get(key);
    if (!lookup) {
      lookup = this.lookup(auth, key).finally(() => this.pending.delete(key));
      this.pending.set(key, lookup);
    }
    return lookup;
  }

  /**
   * Marks sessions ended by this process, so their access tokens are refused from the next request
   * on, here and (with `share`) on every other process.
   */
  ended(userId: string, familyIds: readonly string[]): void {
    this.markEnded(userId, familyIds);
    const bus = this.bus;
    if (!bus) return;
    for (let i = 0; i < familyIds.length; i += IDS_PER_ANNOUNCEMENT) {
      const payload = JSON.stringify({ userId, familyIds: familyIds.slice(i, i + IDS_PER_ANNOUNCEMENT) });
      bus.publish('sessions_ended', payload).catch(bus.onError);
    }
  }

  /** Hears the sessions other processes end, and tells them of this one's. Returns the stop. */
  share(bus: ProcessBus, onError: (error: unknown) => void): () => void {
    this.bus = { publish: (channel, payload) => bus.publish(channel, payload), onError };
    const unsubscribe = bus.subscribe('sessions_ended', (payload) => {
      const announced = parseSessionsEnded(payload);
      if (announced) this.markEnded(announced.userId, announced.familyIds);
    });
    // Announcements may have been missed: ask the database again for every session thought live.
    const removeGap = bus.onGap(() => {
      for (const [key, entry] of this.entries) if (entry.live) this.entries.delete(key);
    });
    return () => {
      this.bus = null;
      unsubscribe();
      removeGap();
    };
  }

  private markEnded(userId: string, familyIds: readonly string[]): void {
    const until = this.deps.clock().getTime() + this.endedTtlMs();
    for (const familyId of familyIds) this.store(cacheKey({ userId, sessionId: familyId }), { live: false, until });
  }

  private async lookup(auth: AuthContext, key: string): Promise<boolean> {
    const [row] = await this.deps.db.select({ id: refreshTokens.id }).from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, auth.sessionId), eq(refreshTokens.userId, auth.userId), isNull(refreshTokens.revokedAt)))
      .limit(1);
    // A revocation that landed while the query ran wins over its (older) answer.
    const current = this.entries.get(key);
    if (current && !current.live) return false;
    const live = row !== undefined;
    const now = this.deps.clock().getTime();
    this.store(key, { live, until: now + (live ? this.ttlMs : this.endedTtlMs()) });
    return live;
  }

  /** An ended session stays ended; after the access-token lifetime no token of it can verify anyway. */
  private endedTtlMs(): number {
    return this.deps.config.accessTokenTtlSeconds * 1000;
  }

  private store(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}

/** Keyed by user too: a token is only valid for the session of the user it names. */
const cacheKey = (auth: Pick<AuthContext, 'userId' | 'sessionId'>) => `${auth.userId}:${auth.sessionId}`;

const ID = /^[0-9A-Za-z_-]{1,64}$/;

/** A `sessions_ended` payload, or null for anything that is not one. */
export function parseSessionsEnded(payload: string): { userId: string; familyIds: string[] } | null {
  try {
    const value = JSON.parse(payload) as unknown;
    if (!value || typeof value !== 'object') return null;
    const { userId, familyIds } = value as Record<string, unknown>;
    if (typeof userId !== 'string' || !ID.test(userId) || !Array.isArray(familyIds)) return null;
    if (!familyIds.every((id): id is string => typeof id === 'string' && ID.test(id))) return null;
    return { userId, familyIds };
  } catch {
    return null;
  }
}
