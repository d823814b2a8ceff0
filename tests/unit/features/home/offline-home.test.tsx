import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import type { SearchRequest } from '../../../../src/domain/listings';
import HomePage from '../../../../src/features/home/HomePage';
import { FEED_SEED_KEY, feedRequest } from '../../../../src/features/home/constants';
import { DEVICE_FEED_KEY, readDeviceFeed } from '../../../../src/features/home/device-feed';
import { pullSearchPage } from '../../../../src/sync/pull';
import { renderAt } from '../auth/render';
import { calls, card, json, searchAnswer, stubApi } from '../../sync/fixtures';

class NoObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

let up = true;
const feed = () => stubApi({
  'POST /listing/search': ({ body }: RequestInit) => {
    if (!up) return Promise.reject(new TypeError('Failed to fetch'));
    const req = JSON.parse(String(body)) as SearchRequest;
    const listings = Array.from({ length: 9 }, (_, i) => card(`s${req.seed}-${i}`));
    return json(200, searchAnswer(listings, { pageNumber: req.pageNumber ?? 1, pageSize: 9, totalPages: 1, totalCount: 9, hasNextPage: false, sortBy: 'random', seed: String(req.seed) }));
  },
});
const note = () => screen.queryByTestId('feed-offline-note');

/** An earlier window showed the feed online: its seed, once the device's copy of page 1 is stored. */
async function feedSeenInAnEarlierWindow(): Promise<string> {
  const first = renderAt(<HomePage />);
  expect(await screen.findByRole('link', { name: /^Listing s\d+-0$/ })).toBeTruthy();
  const seed = sessionStorage.getItem(FEED_SEED_KEY)!;
  await waitFor(() => expect(readDeviceFeed()?.seed).toBe(seed));
  first.unmount();
  return seed;
}

beforeEach(async () => {
  await db.delete();
  await db.open();
  sessionStorage.clear();
  localStorage.removeItem(DEVICE_FEED_KEY);
  up = true;
  vi.stubGlobal('IntersectionObserver', NoObserver);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Be inspired without a connection', () => {
  it('a new tab shows the feed this device stored last, takes its seed, and refreshes once the connection is back', async () => {
    const fetchMock = feed();
    // An earlier window fetched the feed with seed 42.
    await pullSearchPage({ ...feedRequest('42'), pageNumber: 1 });
    up = false;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    renderAt(<HomePage />);
    expect(await screen.findByRole('link', { name: 'Listing s42-0' })).toBeTruthy();
    await waitFor(() => expect(note()?.textContent).toBe('You are offline. Showing listings saved on this device.'));
    expect(screen.queryByText(/Could not load listings/)).toBeNull();
    expect(sessionStorage.getItem(FEED_SEED_KEY)).toBe('42');

    // Back online: page 1 of the same seed again, the note goes.
    const before = calls(fetchMock, '/listing/search').length;
    up = true;
    onLine.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(note()).toBeNull());
    const after = calls(fetchMock, '/listing/search').slice(before).map(([, init]) => JSON.parse(String((init as RequestInit).body)) as SearchRequest);
    expect(after.map((b) => b.seed)).toEqual(['42']);
    expect(screen.getByRole('link', { name: 'Listing s42-0' })).toBeTruthy();
  });

  it('with no feed stored, shows the listings the device holds; with none, says nothing is saved yet', async () => {
    feed();
    up = false;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { unmount } = renderAt(<HomePage />);
    await waitFor(() => expect(note()?.textContent).toBe('You are offline, and no listings are saved on this device yet. They will show when you are back online.'));
    unmount();

    await db.listings.put({ ...card('kept'), companyId: 'co-1', detail: false, fetchedAt: 1 });
    renderAt(<HomePage />);
    expect(await screen.findByRole('link', { name: 'Listing kept' })).toBeTruthy();
    await waitFor(() => expect(note()?.textContent).toBe('You are offline. Showing listings saved on this device.'));
  });

  it('a window opened offline renders page 1 of the feed this device fetched last at once, before any stored read answers', async () => {
    feed();
    const seed = await feedSeenInAnEarlierWindow();

    // A new window (new sessionStorage), offline.
    sessionStorage.clear();
    up = false;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt(<HomePage />);
    // In the first render, without awaiting anything: the cards come from localStorage, not Dexie,
    // with the note that they are the device's (added later, it would push the cards down).
    expect(screen.getByRole('link', { name: `Listing s${seed}-0` })).toBeTruthy();
    expect(note()?.textContent).toBe('You are offline. Showing listings saved on this device.');
    expect(sessionStorage.getItem(FEED_SEED_KEY)).toBe(seed);
    // Once page 1's pull has failed (offline it is not even sent), the note stays.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(note()?.textContent).toBe('You are offline. Showing listings saved on this device.');
    expect(screen.getAllByRole('article')).toHaveLength(9);
  });

  it('a new window that believes it is online adopts the feed this device fetched last when its pull fails, without searching the stored pages', async () => {
    feed();
    const seed = await feedSeenInAnEarlierWindow();
    // Stored pages gone: a search of them (offline-feed.ts) would fall back to loose listings and
    // keep the new seed; the device feed in localStorage is what this window takes instead.
    await db.searchPages.clear();

    // A new window, the browser reporting a connection the server cannot be reached over.
    sessionStorage.clear();
    up = false;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderAt(<HomePage />);
    expect(screen.queryByRole('link', { name: `Listing s${seed}-0` })).toBeNull();
    expect(await screen.findByRole('link', { name: `Listing s${seed}-0` })).toBeTruthy();
    expect(sessionStorage.getItem(FEED_SEED_KEY)).toBe(seed);
    expect(screen.getAllByRole('article')).toHaveLength(9);
    await waitFor(() => expect(note()?.textContent).toBe('Could not reach the server. Showing listings saved on this device.'));
  });

  it('ignores a stored feed it cannot read', () => {
    localStorage.setItem(DEVICE_FEED_KEY, '{"seed":7}');
    expect(readDeviceFeed()).toBeNull();
    localStorage.setItem(DEVICE_FEED_KEY, 'not json');
    expect(readDeviceFeed()).toBeNull();
  });
});
