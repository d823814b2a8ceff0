import { HOME_PAGE_SIZE } from '../../domain/listings';
import { FEED_SEED_COOKIE, feedRequest } from '../../domain/ssr';
import { readDeviceFeed } from './device-feed';

/** The home feed (spec 1 §2, §9): 9 random listings a page, next page 100 px before the end. */
export const FEED_PAGE_SIZE = HOME_PAGE_SIZE;
export const FEED_ROOT_MARGIN = '100px';
/** Automatic loads before a manual 'Load more' button replaces the sentinel. */
export const FEED_AUTO_LOADS = 2;
export const FEED_SKELETONS = 12;
/** sessionStorage key of the feed's random seed: a reload in the same tab keeps the order. */
export const FEED_SEED_KEY = 'home.feedSeed';

/** The server renders the home page's feed with this seed (server/ssr): a reload keeps its order. */
function tellServer(seed: string): void {
  if (typeof document !== 'undefined') document.cookie = `${FEED_SEED_COOKIE}=${seed}; path=/; samesite=lax`;
}

/** Whether this tab has a feed seed of its own yet (a reload, or a page it fetched before). */
export function tabHasFeedSeed(): boolean {
  try {
    return Boolean(window.sessionStorage.getItem(FEED_SEED_KEY));
  } catch {
    return false;
  }
}

/**
 * The seed stored for this tab, or a new one (stored when storage works). A new window opened
 * offline (an installed app relaunched without signal) starts with the seed of the feed this
 * device fetched last (device-feed.ts): its page 1 shows at the first render, instead of after a
 * pull that must fail and a search of the stored pages (offline-feed.ts still decides what shows
 * when that feed is not stored).
 */
export function feedSeed(): string {
  try {
    const stored = window.sessionStorage.getItem(FEED_SEED_KEY);
    if (stored) return stored;
    const fetchedLast = navigator.onLine === false ? readDeviceFeed()?.seed : undefined;
    if (fetchedLast) {
      keepFeedSeed(fetchedLast);
      return fetchedLast;
    }
  } catch {
    // storage disabled: a seed for this page view only
  }
  const seed = String(Math.floor(Math.random() * 2 ** 31));
  keepFeedSeed(seed);
  return seed;
}

/** Keeps `seed` as this tab's feed seed (offline, a new tab takes the seed of the feed stored last). */
export function keepFeedSeed(seed: string): void {
  tellServer(seed);
  try {
    window.sessionStorage.setItem(FEED_SEED_KEY, seed);
  } catch {
    // storage disabled: the seed lasts for this page view
  }
}

export { feedRequest };

/** Offline with no feed stored at all: at most this many stored listings show instead (three feed pages). */
export const OFFLINE_LISTINGS_LIMIT = FEED_PAGE_SIZE * 3;
