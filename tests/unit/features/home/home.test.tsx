import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import type { SearchRequest } from '../../../../src/domain/listings';
import HomePage from '../../../../src/features/home/HomePage';
import { FEED_SEED_KEY } from '../../../../src/features/home/constants';
import { renderAt } from '../auth/render';
import { calls, card, category, json, searchAnswer, stubApi } from '../../sync/fixtures';

/** A controllable IntersectionObserver: `intersect()` tells the live observers their target is in view. */
class FakeObserver {
  static live = new Set<FakeObserver>();
  static options: IntersectionObserverInit[] = [];
  targets: Element[] = [];
  constructor(private callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
    FakeObserver.options.push(options);
    FakeObserver.live.add(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    FakeObserver.live.delete(this);
  }
  takeRecords() {
    return [];
  }
  static intersect() {
    for (const o of [...FakeObserver.live]) {
      o.callback(o.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry), o as unknown as IntersectionObserver);
    }
  }
}

const taxonomy = {
  'GET /category': () => json(200, [category(1), category(2)]),
  'GET /subcategory': () => json(200, []),
  'GET /categoryService': () => json(200, []),
  'GET /subCategoryService': () => json(200, []),
};

/** 5 pages of 9 random listings; page n has ids pN-0…pN-8. */
const feed = {
  'POST /listing/search': ({ body }: RequestInit) => {
    const req = JSON.parse(String(body)) as SearchRequest;
    const n = req.pageNumber ?? 1;
    const listings = Array.from({ length: 9 }, (_, i) => card(`p${n}-${i}`, { price: i === 0 ? null : 1000 + i }));
    return json(200, searchAnswer(listings, { pageNumber: n, pageSize: 9, totalPages: 5, totalCount: 45, hasNextPage: n < 5, sortBy: 'random', seed: String(req.seed) }));
  },
};

const bodies = (fetchMock: ReturnType<typeof stubApi>) =>
  calls(fetchMock, '/listing/search').map(([, init]) => JSON.parse(String((init as RequestInit).body)) as SearchRequest);

beforeEach(async () => {
  await db.delete();
  await db.open();
  sessionStorage.clear();
  FakeObserver.live.clear();
  FakeObserver.options = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('Home', () => {
  it('renders the category cards from Dexie after the taxonomy pull, linking to the listings', async () => {
    stubApi({ ...taxonomy, ...feed });
    renderAt(<HomePage />);
    const link = await screen.findByRole('link', { name: 'Category 2' });
    expect(link.getAttribute('href')).toBe('/listings?categoryId=cat-2');
    expect(await db.categories.count()).toBe(2);
  });

  it('keeps the categories section from the first render until the cards show (nothing below it moves)', async () => {
    stubApi({ ...taxonomy, ...feed });
    const removed: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) for (const node of r.removedNodes) if (node instanceof Element && node.querySelector('#home-categories')) removed.push(node.tagName);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderAt(<HomePage />);
    expect(document.getElementById('home-categories')).not.toBeNull();
    await screen.findByRole('link', { name: 'Category 2' });
    observer.disconnect();
    expect(removed).toEqual([]);
  });

  it('hides the categories section when the server has none and none are stored', async () => {
    stubApi({ ...taxonomy, 'GET /category': () => json(200, []), ...feed });
    renderAt(<HomePage />);
    expect(document.getElementById('home-categories')).not.toBeNull();
    await waitFor(() => expect(document.getElementById('home-categories')).toBeNull());
  });

  it('shows the stored categories and listings when the server cannot be reached', async () => {
    stubApi({ ...taxonomy, ...feed });
    const first = renderAt(<HomePage />);
    await screen.findByRole('link', { name: 'Listing p1-8' });
    await screen.findByRole('link', { name: 'Category 1' });
    first.unmount();
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    renderAt(<HomePage />);
    await screen.findByRole('link', { name: 'Category 1' });
    await screen.findByRole('link', { name: 'Listing p1-8' });
    await screen.findByText('Could not reach the server. Showing listings saved on this device.');
  });

  it('ignores Enter with blank text and searches with the trimmed text', async () => {
    stubApi({ ...taxonomy, ...feed });
    const { location } = renderAt(<HomePage />);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(location.history).toEqual(['/']);
    fireEvent.change(box, { target: { value: '  DJ Oslo ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(location.history.at(-1)).toBe('/search?q=DJ%20Oslo');
  });

  it("'Be inspired' asks for 9 random listings with the tab's seed, showing 12 skeletons while loading", async () => {
    const fetchMock = stubApi({ ...taxonomy, ...feed });
    const { container } = renderAt(<HomePage />);
    expect(container.querySelectorAll('[data-skeleton-card]')).toHaveLength(12);
    await screen.findByRole('link', { name: 'Listing p1-8' });
    expect(container.querySelectorAll('[data-skeleton-card]')).toHaveLength(0);
    const seed = sessionStorage.getItem(FEED_SEED_KEY);
    expect(seed).toMatch(/^\d+$/);
    expect(bodies(fetchMock)[0]).toMatchObject({ pageNumber: 1, pageSize: 9, sortBy: 'random', seed });
    expect(screen.getAllByText('Contact for Price').length).toBeGreaterThan(0);
  });

  it("keeps the seed across a reload and loads twice automatically, then shows 'Load more'", async () => {
    sessionStorage.setItem(FEED_SEED_KEY, '4242');
    const fetchMock = stubApi({ ...taxonomy, ...feed });
    renderAt(<HomePage />);
    await screen.findByRole('link', { name: 'Listing p1-8' });
    await waitFor(() => expect(screen.getByTestId('feed-sentinel')).toBeDefined());
    expect(FakeObserver.options.at(-1)).toEqual({ rootMargin: '100px' });

    act(() => FakeObserver.intersect());
    await screen.findByRole('link', { name: 'Listing p2-8' });
    await waitFor(() => expect(screen.getByTestId('feed-sentinel')).toBeDefined());
    act(() => FakeObserver.intersect());
    await screen.findByRole('link', { name: 'Listing p3-8' });

    const more = await screen.findByRole('button', { name: 'Load more' });
    expect(screen.queryByTestId('feed-sentinel')).toBeNull();
    act(() => FakeObserver.intersect());
    expect(bodies(fetchMock).map((b) => b.pageNumber)).toEqual([1, 2, 3]);

    fireEvent.click(more);
    await screen.findByRole('link', { name: 'Listing p4-8' });
    expect(screen.getAllByRole('article')).toHaveLength(36);
    expect(bodies(fetchMock).map((b) => [b.pageNumber, b.pageSize, b.sortBy, b.seed])).toEqual([
      [1, 9, 'random', '4242'], [2, 9, 'random', '4242'], [3, 9, 'random', '4242'], [4, 9, 'random', '4242'],
    ]);
  });
});
