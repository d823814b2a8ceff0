import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userTokens } from '../db/schema';
import { randomToken, sha256Hex } from './crypto';

export type TokenPurpose = (typeof userTokens.$inferSelect)['purpose'];

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  'confirm-email': 48 * 3600_000,
  'reset-password': 3600_000,
  'verify-phone': 10 * 60_000,
};

/** Wrong phone codes allowed before the code stops working. */
export const MAX_CODE_ATTEMPTS = 5;

/** Stores the hash of a new secret and returns the secret itself (to be sent, never stored). */
export async function createToken(
  db: Db, userId: string, purpose: TokenPurpose, now: Date, options: { secret?: string; target?: string } = {},
): Promise<string> {
  const secret = options.secret ?? randomToken();
  await db.insert(userTokens).values({
    userId, purpose, tokenHash: sha256Hex(secret), target: options.target ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
  });
  return secret;
}

/** Marks a matching, unused, unexpired token as used; false when there is none. */
export async function consumeToken(db: Db, userId: string, purpose: TokenPurpose, secret: string, now: Date): Promise<boolean> {
  const used = await db.update(userTokens).set({ usedAt: now }).where(and(
    eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), eq(userTokens.tokenHash, sha256Hex(secret)),
    isNull(userTokens.usedAt), gt(userTokens.expiresAt, now),
  )).returning({ id: userTokens.id });
  return used.length > 0;
}

export async function invalidateTokens(db: Db, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await db.update(userTokens).set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

/**
 * Checks a short code against the user's newest live code of that purpose. Each wrong try
 * counts; after MAX_CODE_ATTEMPTS the code is dead. Returns the code's target on success.
 */
export async function consumeCode(db: Db, userId: string, purpose: TokenPurpose, code: string, now: Date): Promise<string | null> {
  const [live] = await db.select().from(userTokens).where(and(
    eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now),
  )).orderBy(desc(userTokens.createdAt)).limit(1);
  if (!live || live.attempts >= MAX_CODE_ATTEMPTS) return null;
  if (live.tokenHash !== sha256Hex(code)) {
    await db.update(userTokens).set({ attempts: sql`${userTokens.attempts} + 1` }).where(eq(userTokens.id, live.id));
    return null;
  }
  const used = await db.update(userTokens).set({ usedAt: now })
    .where(and(eq(userTokens.id, live.id), isNull(userTokens.usedAt))).returning({ target: userTokens.target });
  return used[0]?.target ?? null;
}
