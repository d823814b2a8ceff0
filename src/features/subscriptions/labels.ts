import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { SubscriptionStatus, type CompanySubscription } from '../../domain/products';

const STATUS_LABELS: Record<number, MessageDescriptor> = {
  [SubscriptionStatus.Active]: msg`Active`,
  // Not an event's 'Cancelled' (avlyst): a subscription ended by its owner.
  [SubscriptionStatus.Cancelled]: msg({ message: 'Cancelled', context: 'subscription status' }),
  [SubscriptionStatus.PastDue]: msg`Past due`,
  [SubscriptionStatus.Incomplete]: msg`Incomplete`,
  [SubscriptionStatus.IncompleteExpired]: msg`Incomplete (expired)`,
  [SubscriptionStatus.Unpaid]: msg`Unpaid`,
};

/** The status's label (spec 2 §5 codes 0..5); an unknown code reads 'Unknown'. */
export function useSubscriptionStatusLabel(): (status: number) => string {
  const { i18n, t } = useLingui();
  return (status) => (Object.hasOwn(STATUS_LABELS, status) ? i18n._(STATUS_LABELS[status]!) : t`Unknown`);
}

/** Chip colours per status: green while it runs, red when a payment is missing, grey when over. */
export function statusTone(status: number): string {
  if (status === SubscriptionStatus.Active) return 'border-success text-success';
  if (status === SubscriptionStatus.PastDue || status === SubscriptionStatus.Unpaid || status === SubscriptionStatus.Incomplete) {
    return 'border-danger text-danger';
  }
  return 'border-border bg-surface-2 text-muted';
}

/** A day in the UI language ('12 March 2026', '12. mars 2026'); '' for an invalid time. */
export function useLongDate(): (iso: string) => string {
  const { i18n } = useLingui();
  return (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : i18n.date(date, { dateStyle: 'long' });
  };
}

/** Cancelled, or set to end at the period end: either way it will not renew, and the benefits stay until then. */
export const isEnding = (subscription: CompanySubscription) =>
  subscription.status === SubscriptionStatus.Cancelled || subscription.cancelAtPeriodEnd;
