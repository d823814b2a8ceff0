import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, companySubscriptions } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { usablePeriod } from './period-tokens';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const ListingTokenMessages = {
  NoneLeft: 'No listing tokens left: buy a plan or a token pack to send more listings for approval',
} as const;

/**
 * The rule for listing tokens (docs/api.md "Products, subscriptions and checkout"): sending a
 * listing for approval from Draft (or creating it straight for approval) spends one token, but
 * only for a company that has a subscription (any status). The period's tokens go first (while usablePeriod allows: a paying status, not paused, the period not over), then
 * the lasting ones of one-time packs; with none left the write is a 409. A company that never
 * subscribed is not limited. Call inside the write's transaction so a refused write spends nothing;
 * the caller (listings/writes.ts) calls bumpCatalogue() after that transaction commits, which
 * covers this write to `companies` too (a bump before the commit would let a read cache the old row).
 */
export async function spendListingToken(tx: Tx | Db, companyId: string, now: Date): Promise<void> {
  const [sub] = await tx.select({ id: companySubscriptions.id }).from(companySubscriptions)
    .where(eq(companySubscriptions.companyId, companyId)).limit(1);
  if (!sub) return;
  const [fromPeriod] = await tx.update(companySubscriptions)
    .set({ listingsTokens: sql`${companySubscriptions.listingsTokens} - 1`, updatedAt: now })
    .where(and(usablePeriod(companyId, now), gt(companySubscriptions.listingsTokens, 0)))
    .returning({ id: companySubscriptions.id });
  if (fromPeriod) return;
  const [fromPacks] = await tx.update(companies)
    .set({ listingTokens: sql`${companies.listingTokens} - 1` })
    .where(and(eq(companies.id, companyId), gt(companies.listingTokens, 0)))
    .returning({ id: companies.id });
  if (!fromPacks) throw conflict(ListingTokenMessages.NoneLeft);
}
