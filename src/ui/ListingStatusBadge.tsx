import { useLingui } from '@lingui/react/macro';
import { ListingStatus } from '../domain/listings';

const STYLES: Record<number, string> = {
  [ListingStatus.Draft]: 'border-border text-muted',
  [ListingStatus.PendingApproval]: 'border-accent text-accent',
  [ListingStatus.Approved]: 'border-success text-success',
  [ListingStatus.Rejected]: 'border-danger text-danger',
};

/**
 * A listing's status as its owner sees it (spec 2 §4): Draft, Pending Approval, Approved or
 * Rejected, any other code 'Unknown' (a grey chip).
 */
export function ListingStatusBadge({ status }: { status: number }) {
  const { t } = useLingui();
  const label = status === ListingStatus.Draft ? t`Draft`
    : status === ListingStatus.PendingApproval ? t`Pending Approval`
      : status === ListingStatus.Approved ? t`Approved`
        : status === ListingStatus.Rejected ? t`Rejected` : t`Unknown`;
  return (
    <span data-testid="listing-status" data-status={status}
      className={`inline-flex items-center rounded-full border bg-surface px-2.5 py-0.5 text-xs font-semibold ${STYLES[status] ?? 'border-border text-muted'}`}>
      {label}
    </span>
  );
}
