import { and, eq, gt, sql } from 'drizzle-orm';
import { EventClickMessages } from '../../../src/domain/products';
import type { Db } from '../../db/client';
import { companies, companySubscriptions } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { usablePeriod } from './period-tokens';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The rule for event clicks (docs/api.md "Event clicks and event hits"), the same shape as the
 * listing tokens' (listing-tokens.ts): a company that has a subscription row (any status) spends
 * one event click per new event chat: this period's tokens first (only while usablePeriod says so: a paying status, not paused, the period not over),
 * then the lasting extras of one-time packs; with none left the chat is a 409. A company that
 * never subscribed is not limited. Call inside the chat's transaction so a refused chat spends
 * nothing; the caller (chats/service.ts) calls bumpCatalogue() after that transaction commits,
 * which covers this write to `companies` too.
 */
export async function spendEventClickToken(tx: Tx | Db, companyId: string, now: Date): Promise<void> {
  const [sub] = await tx.select({ id: companySubscriptions.id }).from(companySubscriptions)
    .where(eq(companySubscriptions.companyId, companyId)).limit(1);
  if (!sub) return;
  const [fromPeriod] = await tx.update(companySubscriptions)
    .set({ eventClickTokens: sql`${companySubscriptions.eventClickTokens} - 1`, updatedAt: now })
    .where(and(usablePeriod(companyId, now), gt(companySubscriptions.eventClickTokens, 0)))
    .returning({ left: companySubscriptions.eventClickTokens });
  if (fromPeriod) {
    // The company record mirrors the period's balance (spec 2 §3 eventClickTokens_Subscription).
    await tx.update(companies).set({ eventClickTokensSubscription: fromPeriod.left }).where(eq(companies.id, companyId));
    return;
  }
  const [fromPacks] = await tx.update(companies)
    .set({ eventClickTokensExtras: sql`${companies.eventClickTokensExtras} - 1` })
    .where(and(eq(companies.id, companyId), gt(companies.eventClickTokensExtras, 0)))
    .returning({ id: companies.id });
  if (!fromPacks) throw conflict(EventClickMessages.NoneLeft);
}
