import { SubscriptionStatus, type AttentionSubscription, type CompanySubscription } from '../../../../src/domain/products';
import { BASIC } from '../products/fixtures';

export const COMPANY = '55555555-5555-4555-8555-555555555555';
export const PERIOD_END = '2027-03-12T12:00:00.000Z';

/** The company's subscription as GET /subscription/{companyId} answers it. */
export const subscription = (extra: Partial<CompanySubscription> = {}): CompanySubscription => ({
  id: '66666666-6666-4666-8666-666666666666', companyId: COMPANY, productId: BASIC.id, productName: 'Basic',
  status: SubscriptionStatus.Active, periodStart: '2026-03-12T12:00:00.000Z', periodEnd: PERIOD_END,
  paused: false, pauseReason: null, cancelAtPeriodEnd: false, eventClickTokens_Subscription: 42, listingsTokens: 4, ...extra,
});

export const attention = (id: string, extra: Partial<AttentionSubscription> = {}): AttentionSubscription => ({
  ...subscription({ id, status: SubscriptionStatus.PastDue }),
  companyName: 'Fjord Events', companyStatus: 100, ownerEmail: 'owner@example.com', updatedAt: '2026-02-01T12:00:00.000Z', ...extra,
});

/** The date as the screens write it in English (dateStyle long, the device's time zone). */
export const longDate = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(iso));
