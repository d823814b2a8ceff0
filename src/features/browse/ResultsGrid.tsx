import { Trans, useLingui } from '@lingui/react/macro';
import type { ListingCard as ListingCardData } from '../../domain/listings';
import { Alert } from '../../ui/Alert';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../ui/Button';
import { SavedListingsNote } from '../../ui/connectionNotices';
import { ListingCard } from '../../ui/ListingCard';
import { ListingCardSkeleton } from '../../ui/Skeleton';
import { FavoriteToggle } from '../../ui/FavoriteToggle';
import { useMyFavoriteIds } from '../../ui/useMyFavoriteIds';

export const SKELETON_COUNT = 12;
/** Cards in the grid's widest first row (xl:grid-cols-3): their images are the page's largest paint. */
const FIRST_ROW = 3;

export type ResultsView =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'empty' }
  /** A page number past the last page (a typed or old link, or fewer results since): nothing to show there. */
  | { kind: 'pastEnd'; page: number; lastPage: number; lastPageHref: string }
  | { kind: 'listings'; listings: ListingCardData[]; offline: boolean };

export interface ResultsGridProps {
  view: ResultsView;
  onRetry: () => void;
  /** Offered in the empty state when there is something to clear. */
  onClearFilters?: () => void;
}

/** The result cards, or skeletons while loading, an error with Try again, or the empty state. */
export function ResultsGrid({ view, onRetry, onClearFilters }: ResultsGridProps) {
  const { t } = useLingui();
  const favoriteIds = useMyFavoriteIds();
  if (view.kind === 'error') {
    return (
      <div className="flex flex-col items-start gap-3" data-testid="browse-error">
        <Alert tone="error">{t`Could not load listings. Check your connection and try again.`}</Alert>
        <Button variant="secondary" onClick={onRetry}>{t`Try again`}</Button>
      </div>
    );
  }
  if (view.kind === 'pastEnd') {
    const { page, lastPage } = view;
    return (
      <div className="flex flex-col items-center gap-4 rounded-lg border border-border bg-surface p-10 text-center" data-testid="browse-past-end">
        <p className="text-lg font-semibold"><Trans>Page {page} is past the end</Trans></p>
        <p className="text-muted"><Trans>The last page with listings is page {lastPage}.</Trans></p>
        <Link href={view.lastPageHref} className={buttonClass('secondary')} data-testid="browse-last-page">
          <Trans>Go to page {lastPage}</Trans>
        </Link>
      </div>
    );
  }
  if (view.kind === 'empty') {
    return (
      <div className="flex flex-col items-center gap-4 rounded-lg border border-border bg-surface p-10 text-center" data-testid="browse-empty">
        <p className="text-lg font-semibold"><Trans>No listings match these filters</Trans></p>
        {onClearFilters && <Button variant="secondary" onClick={onClearFilters}>{t`Clear filters`}</Button>}
      </div>
    );
  }
  return (
    <>
      {view.kind === 'listings' && view.offline && (
        <p role="status" className="mb-3 text-sm text-muted">
          {/* Browse reads its pull's failure, not the browser's state: the same note either way. */}
          <SavedListingsNote offline={false} />
        </p>
      )}
      <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" data-testid="browse-results">
        {view.kind === 'loading'
          ? Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <li key={`skeleton-${i}`} aria-hidden="true"><ListingCardSkeleton /></li>
            ))
          : view.listings.map((listing, index) => (
              <li key={listing.id} className="flex">
                <ListingCard listing={listing} headingLevel={3} className="w-full" imagePriority={index < FIRST_ROW}
                  favorite={<FavoriteToggle listing={listing} isFavorite={favoriteIds.has(listing.id)} />} />
              </li>
            ))}
      </ul>
    </>
  );
}
