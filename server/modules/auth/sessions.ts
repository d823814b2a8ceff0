import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AuthResponse } from '../../../src/domain/user';
import type { AccessTokens } from '../../lib/auth';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { unauthorized } from '../../lib/errors';
import type { SessionCheck } from '../../lib/session-check';
import type { AppDeps } from '../../deps';
import { refreshTokens, users } from '../../db/schema';
import { presentUser, type UserRow } from '../users/service';

/**
 * Login sessions: each login starts a refresh-token family; every refresh rotates the token
 * inside it. A rotated token presented again means it leaked, so the whole family is revoked.
 */
export class Sessions {
  constructor(private readonly deps: AppDeps, private readonly tokens: AccessTokens, private readonly sessionCheck: SessionCheck) {}

  private async issue(user: UserRow, familyId: string): Promise<AuthResponse> {
    const now = this.deps.clock();
    const refreshToken = randomToken();
    await this.deps.db.insert(refreshTokens).values({
      userId: user.id,
      familyId,
      tokenHash: sha256Hex(refreshToken),
      expiresAt: new Date(now.getTime() + this.deps.config.refreshTokenTtlDays * 86_400_000),
    });
    const accessToken = await this.tokens.sign({ userId: user.id, roles: user.roles, sessionId: familyId }, now);
    return { accessToken, token: accessToken, refreshToken, expiresIn: this.tokens.ttlSeconds, user: presentUser(user) };
  }

  start(user: UserRow): Promise<AuthResponse> {
    return this.issue(user, randomUUID());
  }

  async refresh(presented: string): Promise<AuthResponse> {
    const { db } = this.deps;
    const now = this.deps.clock();
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256Hex(presented))).limit(1);
    if (!row || row.revokedAt) throw unauthorized('invalid_refresh_token: The session has ended. Please log in again.');
    if (row.expiresAt <= now) throw unauthorized('refresh_token_expired: The session has expired. Please log in again.');
    // Claim the token atomically: of two concurrent uses only one can rotate it.
    const claimed = await db.update(refreshTokens).set({ rotatedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await this.revokeFamily(row.familyId);
      throw unauthorized('refresh_token_reused: The session has ended for your safety. Please log in again.');
    }
    const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user) throw unauthorized('invalid_refresh_token: The session has ended. Please log in again.');
    return this.issue(user, row.familyId);
  }

  async revokeFamily(familyId: string): Promise<void> {
    const ended = await this.deps.db.update(refreshTokens).set({ revokedAt: this.deps.clock() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
    this.markEnded(ended);
  }

  /** The access tokens of ended sessions stop working at once in this process (server/lib/session-check.ts). */
  private markEnded(rows: readonly { userId: string; familyId: string }[]): void {
    for (const row of rows) this.sessionCheck.ended(row.userId, [row.familyId]);
  }

  /** Ends the family the presented token belongs to (logout); unknown tokens are ignored. */
  async endByToken(presented: string): Promise<void> {
    const [row] = await this.deps.db.select({ familyId: refreshTokens.familyId }).from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(presented))).limit(1);
    if (row) await this.revokeFamily(row.familyId);
  }

  /** Ends every session of a user, except `keepFamilyId` (the one changing the password). */
  async revokeAllFor(userId: string, keepFamilyId?: string): Promise<void> {
    const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
    if (keepFamilyId) conditions.push(ne(refreshTokens.familyId, keepFamilyId));
    const ended = await this.deps.db.update(refreshTokens).set({ revokedAt: this.deps.clock() }).where(and(...conditions))
      .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
    this.markEnded(ended);
  }
}
