import { cardRow } from '../../db/card-row';
import type { StoredSearchPage } from '../../db/queries';
import type { SearchPage } from '../../sync/pull';

/** localStorage key of page 1 of the feed this device fetched last (see DeviceFeed). */
export const DEVICE_FEED_KEY = 'home.deviceFeed';

/**
 * Page 1 of the feed this device fetched last, kept in localStorage beside its copy in Dexie. A
 * window opened offline (an installed app relaunched without signal) starts with this seed and
 * shows these cards at its first render: localStorage is read synchronously, while a browser
 * process that has just started takes hundreds of milliseconds to open IndexedDB. Dexie's pages
 * replace it as soon as they are read. Public cards only (the feed is the same for everyone).
 */
export interface DeviceFeed {
  seed: string;
  page: StoredSearchPage;
}

export function rememberDeviceFeed(seed: string, { page, listings }: SearchPage): void {
  const feed: DeviceFeed = { seed, page: { page, listings: listings.map((card) => cardRow(card, page.fetchedAt)) } };
  try {
    window.localStorage.setItem(DEVICE_FEED_KEY, JSON.stringify(feed));
  } catch {
    // storage disabled or full: a window opened offline reads the stored feed from Dexie instead
  }
}

export function readDeviceFeed(): DeviceFeed | null {
  try {
    const feed = JSON.parse(window.localStorage.getItem(DEVICE_FEED_KEY) ?? 'null') as Partial<DeviceFeed> | null;
    // Written by an older or broken build: ignored rather than trusted.
    if (typeof feed?.seed !== 'string' || !Array.isArray(feed.page?.listings) || typeof feed.page.page !== 'object') return null;
    return feed as DeviceFeed;
  } catch {
    return null;
  }
}
