import { Trans } from '@lingui/react/macro';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { FavoriteToggle } from '../../ui/FavoriteToggle';
import { ListingCard } from '../../ui/ListingCard';
import { ListingCardSkeleton } from '../../ui/Skeleton';
import { useSsrData } from '../../ui/ssr-data';
import { useMyFavoriteIds } from '../../ui/useMyFavoriteIds';
import { useCompanyListingCards } from './useCompanyOverview';

const SKELETONS = 3;

/**
 * The company's public listings as the browse cards (with the heart). Offline or after a failure,
 * the ones stored on this device with a note; with none stored, the failure and Try Again.
 */
export function CompanyListings({ companyId }: { companyId: string }) {
  const { listings: live, status, retry } = useCompanyListingCards(companyId);
  // A server-rendered page's cards show until the device's own are read.
  const rendered = useSsrData()?.companyListings?.[companyId];
  const listings = live?.length ? live : (rendered ?? live);
  const favoriteIds = useMyFavoriteIds();
  const stored = listings ?? [];
  const failed = status === 'offline' || status === 'error';
  const waiting = listings === undefined || (stored.length === 0 && status === 'loading');

  return (
    <section aria-labelledby="company-listings-title" className="flex flex-col gap-3" aria-busy={waiting || undefined}>
      <h2 id="company-listings-title" className="text-xl font-semibold"><Trans>Listings</Trans></h2>
      {failed && stored.length > 0 && (
        <p role="status" className="text-sm text-muted"><Trans>Could not reach the server. Showing listings saved on this device.</Trans></p>
      )}
      {failed && stored.length === 0 ? (
        <div className="flex flex-col items-start gap-3" data-testid="company-listings-error">
          <Alert tone="error"><Trans>Could not load this company's listings.</Trans></Alert>
          <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
        </div>
      ) : !waiting && stored.length === 0 ? (
        <p className="rounded-lg border border-border bg-surface p-6 text-muted" data-testid="company-listings-empty">
          <Trans>This company has no public listings yet.</Trans>
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2" data-testid="company-listings">
          {waiting
            ? Array.from({ length: SKELETONS }, (_, i) => <li key={i} aria-hidden="true"><ListingCardSkeleton /></li>)
            : stored.map((listing) => (
                <li key={listing.id} className="flex">
                  <ListingCard listing={listing} headingLevel={3} className="w-full"
                    favorite={<FavoriteToggle listing={listing} isFavorite={favoriteIds.has(listing.id)} />} />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
