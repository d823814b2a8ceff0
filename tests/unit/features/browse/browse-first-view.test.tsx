import type { ReactElement } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { deferData, loadData } from '../../../../src/db/live';
import { searchPageKey } from '../../../../src/db/search-key';
import type { SearchRequest } from '../../../../src/domain/listings';
import type { SsrData } from '../../../../src/domain/ssr';
import BrowsePage from '../../../../src/features/browse/BrowsePage';
import { parseBrowseState, toSearchRequest } from '../../../../src/features/browse/url-state';
import SearchPage from '../../../../src/features/search/SearchPage';
import { SsrDataContext } from '../../../../src/ui/ssr-data';
import { renderAt } from '../auth/render';
import { calls, card, category, json, searchAnswer, stubApi } from '../../sync/fixtures';

/**
 * The first view of a server-rendered browse or search page (docs/architecture.md, "Dexie after
 * the first view"): the embedded answers show at the first render, and nothing is pulled into
 * Dexie until the mirror may load (main.tsx defers it; here deferData/loadData stand for that).
 * One file of its own: the gate opens once per module instance.
 */
const BROWSE = 'categoryId=cat-1&sort=priceAsc';
const request: SearchRequest = toSearchRequest(parseBrowseState(BROWSE));
const rendered = searchAnswer(Array.from({ length: 12 }, (_, i) => card(`ssr-${i}`)), { totalCount: 30, totalPages: 3, hasNextPage: true, sortBy: 'priceAsc' });
const ssr: SsrData = {
  locale: 'en', theme: 'dark',
  categories: [category(1), category(2)],
  subCategories: { 'cat-1': [{ id: 'sub-1', categoryId: 'cat-1', name: 'Weddings', shortDescription: '', description: '', imageUri: null, version: 1 }] },
  searchPages: { [searchPageKey(request)]: rendered },
  searchCategories: { dj: { searchQuery: 'dj', totalListings: 4, categoryResults: [{ categoryId: 'cat-2', categoryName: 'Category 2', imageUri: null, listingCount: 4 }] } },
};
const withSsr = (ui: ReactElement) => <SsrDataContext.Provider value={ssr}>{ui}</SsrDataContext.Provider>;

const api = {
  'GET /category': () => json(200, [category(1), category(2)]),
  'GET /subcategory': () => json(200, []),
  'GET /categoryService': () => json(200, []),
  'GET /subCategoryService': () => json(200, []),
  'GET /locations': () => json(200, []),
  'POST /listing/search': () => json(200, searchAnswer([card('fresh-0'), card('fresh-1')], { totalCount: 2, sortBy: 'priceAsc' })),
  'GET /listing/search/categories': () => json(200, { searchQuery: 'dj', totalListings: 5, categoryResults: [{ categoryId: 'cat-2', categoryName: 'Category 2', imageUri: null, listingCount: 5 }] }),
};

beforeEach(async () => {
  await db.delete();
  await db.open();
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

describe('a server-rendered first view', () => {
  it('shows the embedded results at once and pulls them into Dexie only once the mirror may load', async () => {
    deferData();
    const fetchMock = stubApi(api);
    const browse = renderAt(withSsr(<BrowsePage />), `/listings?${BROWSE}`);
    // The first render (the one that hydrates) has the cards, the header and the count: no skeletons.
    expect(browse.container.querySelectorAll('[data-skeleton-card]')).toHaveLength(0);
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.getByRole('heading', { level: 1, name: 'Category 1' })).toBeDefined();
    expect(screen.getByTestId('result-count').textContent).toBe('30 listings');
    // The category's sub-categories filter too (the sidebar), not after the mirror loads.
    expect(screen.getAllByRole('checkbox', { name: 'Weddings' }).length).toBeGreaterThan(0);
    browse.unmount();
    const search = renderAt(withSsr(<SearchPage />), '/search?q=dj');
    expect(screen.getByTestId('search-category-total').textContent).toBe('4');
    // Nothing asked of the server or written to the mirror while the first view lasts.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await db.searchPages.count()).toBe(0);
    expect(await db.searchCategoryResults.count()).toBe(0);
    search.unmount();

    // The end of the first view: the mirror loads, the screen pulls and then shows the device's copy.
    await loadData();
    renderAt(withSsr(<BrowsePage />), `/listings?${BROWSE}`);
    await screen.findByRole('link', { name: 'Listing fresh-1' });
    expect(calls(fetchMock, '/listing/search')).toHaveLength(1);
    expect(await db.searchPages.count()).toBe(1);
    expect(screen.getByTestId('result-count').textContent).toBe('2 listings');
  });

  it('does not take another request\'s embedded page: other filters load as before', async () => {
    stubApi(api);
    const { container } = renderAt(withSsr(<BrowsePage />), '/listings?categoryId=cat-2');
    expect(container.querySelectorAll('[data-skeleton-card]')).toHaveLength(12);
    await screen.findByRole('link', { name: 'Listing fresh-0' });
    await waitFor(() => expect(container.querySelectorAll('[data-skeleton-card]')).toHaveLength(0));
  });

  it('finds no embedded sub-categories for an id that names an object property', async () => {
    stubApi(api);
    for (const id of ['constructor', '__proto__', 'toString']) {
      const view = renderAt(withSsr(<BrowsePage />), `/listings?categoryId=${id}`);
      expect(view.container.querySelector('[data-testid="subcategory-filter"]'), id).toBeNull();
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      view.unmount();
    }
  });
});
