import { useMemo } from 'react';
import { Trans } from '@lingui/react/macro';
import { approvalsApi } from '../../api/approvals';
import { paths } from '../../config/paths';
import { useCategories } from '../../db/hooks';
import { formatDayMonthYear } from '../../ui/formatDate';
import { Image } from '../../ui/Image';
import { usePulled } from '../../ui/usePulled';
import { ApprovalCard, ApprovalGrid } from './ApprovalGrid';

/**
 * /admin/approvals/listings (spec 2 §2): the listings pending approval (GET /approval/200, oldest
 * first) as cards linking to the listing page, each with Review (mode=review). Category names come
 * from the taxonomy stored on the device.
 */
export default function ListingApprovalsPage() {
  const { status, value, retry } = usePulled('approvals:listings', approvalsApi.listings);
  const categories = useCategories();
  const categoryName = useMemo(() => new Map((categories ?? []).map((c) => [c.id, c.name])), [categories]);
  return (
    <ApprovalGrid
      title={<Trans>Listing approvals</Trans>}
      intro={<Trans>Listings waiting for approval, oldest first. Review one to approve or reject it.</Trans>}
      status={status}
      items={value}
      failed={<Trans>Failed to fetch listing approvals</Trans>}
      empty={<Trans>No listings are waiting for approval</Trans>}
      onRetry={retry}
      itemKey={(listing) => listing.id}
      renderItem={(listing) => {
        const category = categoryName.get(listing.categoryId);
        const updated = formatDayMonthYear(listing.updatedAt);
        return (
          <ApprovalCard name={listing.name} href={paths.listing.href(listing.id)} reviewHref={paths.listingReview.href(listing.id)}
            image={<Image fileId={listing.cardImageUri} width={400} alt="" aspectRatio="16 / 9" />}>
            <p className="text-sm"><span className="text-muted"><Trans>Company</Trans>:</span> <span data-testid="listing-company">{listing.company.name}</span></p>
            {category && <p className="text-sm"><span className="text-muted"><Trans>Category</Trans>:</span> <span data-testid="listing-category">{category}</span></p>}
            {listing.shortDescription && <p className="line-clamp-2 text-sm text-muted">{listing.shortDescription}</p>}
            <p className="text-sm"><span className="text-muted"><Trans>Sent for approval</Trans>:</span> <time dateTime={listing.updatedAt}>{updated}</time></p>
          </ApprovalCard>
        );
      }}
    />
  );
}
