import { and, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { SubscriptionStatus } from '../../../src/domain/products';
import { companySubscriptions } from '../../db/schema';

/**
 * Statuses whose period tokens can be spent: Active; Cancelled (the benefits stay until the period
 * ends); PastDue (the provider is still retrying the renewal, a grace time). Not Incomplete (never
 * paid), IncompleteExpired, nor Unpaid (retries exhausted: the benefits are suspended).
 */
export const SPENDING_STATUSES = [SubscriptionStatus.Active, SubscriptionStatus.Cancelled, SubscriptionStatus.PastDue];

/**
 * The subscription row of `companyId` whose period tokens may be spent at `now`: a spending status,
 * not paused (a paused plan's benefits wait for the resume), and the period not over. The lasting
 * extras of token packs are spent whatever this says.
 */
export function usablePeriod(companyId: string, now: Date): SQL {
  return and(
    eq(companySubscriptions.companyId, companyId),
    inArray(companySubscriptions.status, SPENDING_STATUSES),
    eq(companySubscriptions.paused, false),
    gt(companySubscriptions.periodEnd, now),
  )!;
}
