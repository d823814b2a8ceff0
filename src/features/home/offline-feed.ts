import type { StoredListing } from '../../db/database';
import { loadData } from '../../db/live';
import { searchQueryKey } from '../../db/search-key';
import { OFFLINE_LISTINGS_LIMIT, feedRequest } from './constants';

/**
 * What 'Be inspired' shows when its first page cannot be fetched. The feed's seed is per tab and
 * its stored pages are per seed, so a new window opened offline (an installed app relaunched) has a
 * seed nothing was stored for. It shows, in this order:
 * - `pages` for the tab's own seed, when they are stored (a reload, or a tab that fetched before);
 * - `pages` for the seed of the feed this device fetched last (the tab adopts that seed, so paging
 *   and the refresh once online carry on in the same order, and its images are the ones the worker
 *   cached);
 * - `listings`: no feed stored at all (e.g. only browse pages were seen): the listings this device
 *   holds, most recently fetched first;
 * - `none`: nothing stored.
 */
export type OfflineFeed =
  | { kind: 'pages'; seed: string }
  | { kind: 'listings'; listings: StoredListing[] }
  | { kind: 'none' };

/** The seed of the home feed stored most recently, if any (pages of other searches and sizes do not count). */
export async function latestStoredFeedSeed(): Promise<string | null> {
  const { db } = await loadData();
  let found: string | null = null;
  // Newest first; stops at the first page that is a feed page (its key is the feed request's key for its seed).
  await db.searchPages.orderBy('fetchedAt').reverse().until(() => found !== null).each((page) => {
    if (page.seed == null || page.seed === '') return;
    const seed = String(page.seed);
    if (page.queryKey === searchQueryKey(feedRequest(seed))) found = seed;
  });
  return found;
}

export async function findOfflineFeed(seed: string, limit = OFFLINE_LISTINGS_LIMIT): Promise<OfflineFeed> {
  const { db } = await loadData();
  if (await db.searchPages.where('queryKey').equals(searchQueryKey(feedRequest(seed))).count()) return { kind: 'pages', seed };
  const latest = await latestStoredFeedSeed();
  if (latest !== null) return { kind: 'pages', seed: latest };
  const listings = await db.listings.orderBy('fetchedAt').reverse().limit(limit).toArray();
  return listings.length ? { kind: 'listings', listings } : { kind: 'none' };
}
