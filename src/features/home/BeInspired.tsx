import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { useSearchPages } from '../../db/hooks';
import { searchPageQuery } from '../../db/queries';
import type { SearchRequest } from '../../domain/listings';
import { pullSearchPage } from '../../sync/pull';
import { Button } from '../../ui/Button';
import { ListingCard } from '../../ui/ListingCard';
import { ListingCardSkeleton } from '../../ui/Skeleton';
import { FavoriteToggle } from '../favorites/FavoriteToggle';
import { useMyFavoriteIds } from '../favorites/useFavoriteIds';
import { FEED_AUTO_LOADS, FEED_PAGE_SIZE, FEED_ROOT_MARGIN, FEED_SKELETONS, feedSeed } from './constants';

const canObserve = () => typeof IntersectionObserver !== 'undefined';

/**
 * 'Be inspired' (spec 1 §2): random listings with a seed kept for the tab, rendered from Dexie.
 * Page 1 is pulled on mount; a sentinel within 100 px pulls the next page, twice, then a manual
 * 'Load more' button takes over. Offline or on error, the stored pages show with a note.
 */
export function BeInspired() {
  const [seed] = useState(feedSeed);
  const request = useMemo<SearchRequest>(
    () => ({ pageSize: FEED_PAGE_SIZE, sortBy: 'random', seed, isInfiniteMode: true }),
    [seed],
  );
  const stored = useSearchPages(request);
  const favoriteIds = useMyFavoriteIds();
  /** Pages shown (1…shown); Dexie may hold more from earlier in the session. */
  const [shown, setShown] = useState(1);
  const [firstLoading, setFirstLoading] = useState(true);
  const [nextLoading, setNextLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [autoLoads, setAutoLoads] = useState(0);
  const busy = useRef(false);
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    pullSearchPage({ ...request, pageNumber: 1 })
      .then(() => setFailed(false), () => setFailed(true))
      .finally(() => setFirstLoading(false));
  }, [request]);

  const pages = useMemo(() => (stored ?? []).filter((p) => p.page.pageNumber <= shown), [stored, shown]);
  const listings = useMemo(() => {
    const seen = new Set<string>();
    return pages.flatMap((p) => p.listings).filter((l) => !seen.has(l.id) && Boolean(seen.add(l.id)));
  }, [pages]);
  const last = pages.at(-1);
  const hasMore = Boolean(last?.page.hasNextPage);

  /** Every shown page has rendered: until then the sentinel would still sit under the old last page. */
  const caughtUp = last !== undefined && last.page.pageNumber >= shown;

  const loadNext = useCallback(
    async (automatic: boolean) => {
      if (busy.current || !last) return;
      busy.current = true;
      const pageNumber = last.page.pageNumber + 1;
      setNextLoading(true);
      if (automatic) setAutoLoads((n) => n + 1);
      let available = false;
      try {
        await pullSearchPage({ ...request, pageNumber });
        setFailed(false);
        available = true;
      } catch {
        // Offline: a page stored earlier in this tab still shows (display is from Dexie).
        setFailed(true);
        available = (await searchPageQuery({ ...request, pageNumber })) !== undefined;
      } finally {
        busy.current = false;
        if (available) setShown((n) => Math.max(n, pageNumber));
        setNextLoading(false);
      }
    },
    [last, request],
  );

  const automatic = canObserve() && autoLoads < FEED_AUTO_LOADS && !failed;

  useEffect(() => {
    if (!sentinel || !canObserve()) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadNext(true);
      },
      { rootMargin: FEED_ROOT_MARGIN },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, loadNext]);

  const showSkeletons = nextLoading || (listings.length === 0 && (stored === undefined || firstLoading));

  return (
    <section className="mt-12" aria-labelledby="home-inspired" aria-busy={showSkeletons || undefined}>
      <h2 id="home-inspired" className="text-2xl font-semibold"><Trans>Be inspired</Trans></h2>
      {failed && (
        <p role="status" className="mt-2 text-sm text-muted">
          {listings.length > 0
            ? <Trans>Could not reach the server. Showing listings saved on this device.</Trans>
            : <Trans>Could not load listings. Check your connection and try again.</Trans>}
        </p>
      )}
      <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {listings.map((listing) => (
          <li key={listing.id} className="flex">
            <ListingCard listing={listing} headingLevel={3} className="w-full"
              favorite={<FavoriteToggle listing={listing} isFavorite={favoriteIds.has(listing.id)} />} />
          </li>
        ))}
        {showSkeletons &&
          Array.from({ length: FEED_SKELETONS }, (_, i) => (
            <li key={`skeleton-${i}`} aria-hidden="true"><ListingCardSkeleton /></li>
          ))}
      </ul>
      {hasMore && caughtUp && !nextLoading && !firstLoading && (
        automatic
          ? <div ref={setSentinel} data-testid="feed-sentinel" aria-hidden="true" className="h-px w-full" />
          : (
            <div className="mt-8 flex justify-center">
              <Button variant="secondary" onClick={() => void loadNext(false)}><Trans>Load more</Trans></Button>
            </div>
          )
      )}
    </section>
  );
}
