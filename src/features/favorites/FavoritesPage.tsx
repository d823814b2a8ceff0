import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { paths } from '../../config/paths';
import { useFavorites } from '../../db/hooks';
import { session } from '../../state/session';
import { SavedListingsNote } from '../../ui/connectionNotices';
import { pullFavorites } from '../../sync/pull';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { ListingCard } from '../../ui/ListingCard';
import { ListingCardSkeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { FavoriteToggle } from '../../ui/FavoriteToggle';

const SKELETONS = 6;

type PullState = 'loading' | 'done' | 'failed';

/**
 * 'My Favorite Listings' (spec 1 §2): the user's favourites from Dexie, refreshed from the server on
 * mount. Offline, what was stored shows with a note; with nothing stored, the failure text and Try Again.
 * Favourites whose listing cannot be fetched are left out.
 */
export default function FavoritesPage() {
  const { user } = useSnapshot(session);
  const userId = user?.id ?? null;
  const listings = useFavorites(userId);
  // Back online (or the server answers again): refresh in place, so the note goes without a reload.
  const { status, retry } = usePulled(userId, () => pullFavorites(userId as string), { quietReconnect: true });
  const state: PullState = status === 'loading' ? 'loading' : status === 'done' ? 'done' : 'failed';
  const online = useOnline();

  const stored = listings ?? [];
  const waiting = listings === undefined || (stored.length === 0 && state === 'loading');

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold"><Trans>My Favorite Listings</Trans></h1>
      {state === 'failed' && stored.length > 0 && (
        <p role="status" className="mt-2 text-sm text-muted" data-testid="favorites-stale">
          <SavedListingsNote offline={!online} />
        </p>
      )}
      {state === 'failed' && stored.length === 0 ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <Alert tone="error"><Trans>Failed to load your favorites. Please try again.</Trans></Alert>
          <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
        </div>
      ) : !waiting && stored.length === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-4 rounded-lg border border-border bg-surface p-10 text-center">
          <p className="text-lg"><Trans>You have no favorite listings yet.</Trans></p>
          <p className="text-muted"><Trans>Tap the heart on a listing to keep it here.</Trans></p>
          <Link href={paths.home.href()} className={buttonClass('primary')}><Trans>Browse Listings</Trans></Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={waiting || undefined}>
          {waiting
            ? Array.from({ length: SKELETONS }, (_, i) => <li key={i} aria-hidden="true"><ListingCardSkeleton /></li>)
            : stored.map((listing) => (
                <li key={listing.id} className="flex">
                  <ListingCard listing={listing} headingLevel={2} className="w-full"
                    favorite={<FavoriteToggle listing={listing} isFavorite />} />
                </li>
              ))}
        </ul>
      )}
    </div>
  );
}
