import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { StoredListing } from '../../db/database';
import { useSearchPages } from '../../db/hooks';
import { loadData } from '../../db/live';
import { pullsWhenAllowed } from '../../sync/pulls-later';
import { Button } from '../../ui/Button';
import { SavedListingsNote } from '../../ui/connectionNotices';
import { ListingCard } from '../../ui/ListingCard';
import { ListingCardSkeleton } from '../../ui/Skeleton';
import { useOnline, useOnReconnect } from '../../ui/useConnection';
import { FavoriteToggle } from '../../ui/FavoriteToggle';
import { useMyFavoriteIds } from '../../ui/useMyFavoriteIds';
import { FEED_AUTO_LOADS, FEED_ROOT_MARGIN, FEED_SKELETONS, feedRequest, feedSeed, keepFeedSeed, tabHasFeedSeed } from './constants';
import { readDeviceFeed, rememberDeviceFeed } from './device-feed';
import { findOfflineFeed, type OfflineFeed } from './offline-feed';
import { useSsrData } from '../../ui/ssr-data';
import { searchPageKey } from '../../db/search-key';
import { keepStartSnapshot } from '../../ui/start-snapshot';
import { FEED_NOTE_CLASS, FEED_NOTE_TESTID } from '../../ui/offline-banner';

const canObserve = () => typeof IntersectionObserver !== 'undefined';

/**
 * 'Be inspired' (spec 1 §2): random listings with a seed kept for the tab, rendered from Dexie.
 * Page 1 is pulled on mount; a sentinel within 100 px pulls the next page, twice, then a manual
 * 'Load more' button takes over. Offline or on error, what the device holds shows with a note
 * (offline-feed.ts: this tab's pages, else the feed stored last, whose seed the tab takes, else any
 * stored listings), and page 1 is pulled again as soon as the connection is back.
 */
export function BeInspired() {
  const ssr = useSsrData();
  // A seed made for this tab just now has nothing stored for it anywhere (read before it is made).
  const [seedIsNew] = useState(() => !ssr?.feedSeed && !tabHasFeedSeed());
  // A server-rendered page's feed is the one this tab goes on with (its seed, its first page).
  const [seed, setSeed] = useState(() => {
    if (!ssr?.feedSeed) return feedSeed();
    keepFeedSeed(ssr.feedSeed);
    return ssr.feedSeed;
  });
  const request = useMemo(() => feedRequest(seed), [seed]);
  const live = useSearchPages(request);
  const rendered = ssr?.searchPages?.[searchPageKey({ ...request, pageNumber: 1 })];
  // Page 1 as this device last fetched it, when that is this tab's feed (a reload, a window opened
  // offline): it shows until Dexie's first read answers, which a just-started browser takes long for.
  // A server-rendered page comes first: hydration must render what the server did.
  const [startFeed] = useState(readDeviceFeed);
  // Also when Dexie holds none of its pages (evicted or cleared): the copy in localStorage is this
  // feed's page 1 all the same.
  const stored = useMemo(() => {
    if (live?.length) return live;
    if (rendered) return [{ page: rendered, listings: rendered.listings }];
    if (startFeed?.seed === String(request.seed)) return [startFeed.page];
    return live;
  }, [live, rendered, startFeed, request.seed]);
  const online = useOnline();
  /** What the last failed page-1 pull fell back to (null: it did not fail). */
  const [offlineFeed, setOfflineFeed] = useState<OfflineFeed['kind'] | null>(null);
  /** Stored listings shown when no feed page is stored at all. */
  const [savedListings, setSavedListings] = useState<StoredListing[]>([]);
  const [attempt, setAttempt] = useState(0);
  /** A seed taken from the stored feed: its first pull is skipped (the one that failed just now). */
  const adopted = useRef<string | null>(null);
  const favoriteIds = useMyFavoriteIds();
  /** Pages shown (1…shown); Dexie may hold more from earlier in the session. */
  const [shown, setShown] = useState(1);
  const [firstLoading, setFirstLoading] = useState(true);
  const [nextLoading, setNextLoading] = useState(false);
  // A window opened offline with this feed's page 1 on the device: page 1's pull can only fail, so
  // the note that these listings are the device's is in the first render (and in the start
  // snapshot), not added under the heading a moment later, pushing the cards down.
  const [failed, setFailed] = useState(() => !ssr && navigator.onLine === false && startFeed?.seed === String(request.seed));
  const [autoLoads, setAutoLoads] = useState(0);
  const busy = useRef(false);
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    if (adopted.current === request.seed) {
      adopted.current = null;
      setFirstLoading(false);
      return;
    }
    let live = true;
    // A server-rendered first view shows the server's page 1: the pull that mirrors it waits for the
    // mirror, and is not sent once the feed is gone (another request, or the screen left).
    void pullsWhenAllowed().then(async ({ pullSearchPage }) => {
      if (!live) return;
      try {
        const fetched = await pullSearchPage({ ...request, pageNumber: 1 });
        rememberDeviceFeed(String(request.seed), fetched);
        if (!live) return;
        setFailed(false);
        setOfflineFeed(null);
        setSavedListings([]);
      } catch {
        // A new window whose browser thought it was online (its seed is new, so nothing is stored
        // for it): the feed this device fetched last, from localStorage, is the one offline-feed.ts
        // would find next, found without waiting for IndexedDB, which a just-started browser opens
        // slowly. Its page 1 shows at once (startFeed); Dexie's copy replaces it when read.
        const offline: OfflineFeed = seedIsNew && startFeed && startFeed.seed !== request.seed
          ? { kind: 'pages', seed: startFeed.seed }
          : await findOfflineFeed(String(request.seed)).catch((): OfflineFeed => ({ kind: 'none' }));
        if (!live) return;
        if (offline.kind === 'pages' && offline.seed !== request.seed) {
          // A new window offline: show the feed this device saw last, in its order, from now on.
          adopted.current = offline.seed;
          keepFeedSeed(offline.seed);
          setSeed(offline.seed);
        }
        setSavedListings(offline.kind === 'listings' ? offline.listings : []);
        setOfflineFeed(offline.kind);
        setFailed(true);
      } finally {
        if (live) setFirstLoading(false);
      }
    });
    return () => {
      live = false;
    };
    // `attempt` pulls again after a reconnect.
  }, [request, attempt, seedIsNew, startFeed]);

  // Back online (or the server answers again): refresh the feed in place.
  useOnReconnect(() => setAttempt((n) => n + 1), failed);

  const pages = useMemo(() => (stored ?? []).filter((p) => p.page.pageNumber <= shown), [stored, shown]);
  const listings = useMemo(() => {
    const seen = new Set<string>();
    const cards = pages.length ? pages.flatMap((p) => p.listings) : savedListings;
    return cards.filter((l) => !seen.has(l.id) && Boolean(seen.add(l.id)));
  }, [pages, savedListings]);
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
      const [{ searchPageQuery }, { pullSearchPage }] = await Promise.all([loadData(), import('../../sync/pull')]);
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

  // The start page as drawn with these cards, kept for the next offline start (src/ui/start-snapshot.ts).
  useEffect(() => {
    if (listings.length > 0 && !showSkeletons) keepStartSnapshot();
  }, [listings, showSkeletons, favoriteIds, failed, online]);

  return (
    <section className="mt-12" aria-labelledby="home-inspired" aria-busy={showSkeletons || undefined}>
      <h2 id="home-inspired" className="text-2xl font-semibold"><Trans>Be inspired</Trans></h2>
      {failed && (listings.length > 0 || offlineFeed !== 'pages') && (
        <p role="status" className={FEED_NOTE_CLASS} data-testid={FEED_NOTE_TESTID}>
          {listings.length > 0
            ? <SavedListingsNote offline={!online} />
            : online
              ? <Trans>Could not load listings. Check your connection and try again.</Trans>
              : <Trans>You are offline, and no listings are saved on this device yet. They will show when you are back online.</Trans>}
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
