import { and, eq, isNull } from 'drizzle-orm';
import { refreshTokens } from '../db/schema';
import type { AppDeps } from '../deps';
import type { AuthContext } from './auth';

interface Entry {
  live: boolean;
  /** Epoch ms (deps.clock) after which the answer must be asked of the database again. */
  until: number;
}

/** Bounds the memory one process spends on the cache; the oldest answers go first. */
const MAX_ENTRIES = 50_000;

/**
 * Whether the login session (refresh-token family, the token's `sid`) an access token was issued
 * from is still live, so an access token ends with its session (logout, refresh-token reuse,
 * password reset or change, a deleted user) instead of living on for its 15 minutes.
 *
 * One indexed lookup per session every `ttlMs` at most: live answers are cached for `ttlMs`,
 * ended sessions until any token of theirs has expired (a session never comes back to life).
 * A session ended in this process is marked at once (`ended`); one ended by another process on
 * the same PostgreSQL is seen here within `ttlMs`.
 */
export class SessionCheck {
  private readonly entries = new Map<string, Entry>();
  /** Concurrent requests of one session share one lookup. */
  private readonly pending = new Map<string, Promise<boolean>>();

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

  /** Marks sessions ended by this process, so their access tokens are refused from the next request on. */
  ended(userId: string, familyIds: readonly string[]): void {
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
