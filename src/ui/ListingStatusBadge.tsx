import { useLingui } from '@lingui/react/macro';
import { ListingStatus } from '../domain/listings';

const STYLES: Record<number, string> = {
  [ListingStatus.Draft]: 'border-border text-muted',
  [ListingStatus.PendingApproval]: 'border-accent text-accent',
  [ListingStatus.Approved]: 'border-success text-success',
  [ListingStatus.Active]: 'border-success text-success',
  [ListingStatus.Rejected]: 'border-danger text-danger',
};

/**
 * Which of the spec's two label sets: `status` (spec 2 §4: Draft, Pending Approval, Approved,
 * Rejected) on the listing page, `listings` (spec 2 §2 "Listings view of a company": Draft, Not
 * Approved, Active, Rejected) on the company's listing cards. Any other code is 'Unknown'.
 */
export type ListingBadgeLabels = 'status' | 'listings';

/** A listing's status as its owner sees it, as a chip; a grey 'Unknown' for any code without a label. */
export function ListingStatusBadge({ status, labels = 'status' }: { status: number; labels?: ListingBadgeLabels }) {
  const { t } = useLingui();
  const names: Record<number, string> = labels === 'listings'
    ? {
      [ListingStatus.Draft]: t`Draft`, [ListingStatus.PendingApproval]: t`Not Approved`,
      [ListingStatus.Approved]: t`Active`, [ListingStatus.Active]: t`Active`, [ListingStatus.Rejected]: t`Rejected`,
    }
    : {
      [ListingStatus.Draft]: t`Draft`, [ListingStatus.PendingApproval]: t`Pending Approval`,
      [ListingStatus.Approved]: t`Approved`, [ListingStatus.Rejected]: t`Rejected`,
    };
  const known = Object.hasOwn(names, status);
  return (
    <span data-testid="listing-status" data-status={status}
      className={`inline-flex items-center rounded-full border bg-surface px-2.5 py-0.5 text-xs font-semibold ${known ? STYLES[status] : 'border-border text-muted'}`}>
      {known ? names[status] : t`Unknown`}
    </span>
  );
}
