import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import type { CategorySearchResult } from '../../../../src/domain/listings';
import SearchPage from '../../../../src/features/search/SearchPage';
import { renderAt } from '../auth/render';
import { calls, json, stubApi } from '../../sync/fixtures';

const answer = (q: string): CategorySearchResult => ({
  searchQuery: q,
  totalListings: 7,
  categoryResults: [
    { categoryId: 'cat-1', categoryName: 'Music', listingCount: 6, imageUri: null },
    { categoryId: 'cat-2', categoryName: 'Catering', listingCount: 1, imageUri: 'img-2' },
    { categoryId: 'cat-3', categoryName: 'Venues', listingCount: 0, imageUri: null },
  ],
});

const offline = () => vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => vi.unstubAllGlobals());

describe('Search page', () => {
  it('shows the query and a card per category with matches, linking to the browse with the search', async () => {
    const fetchMock = stubApi({ 'GET /listing/search/categories': ({ url }) => json(200, answer(url.searchParams.get('q') ?? '')) });
    const { container } = renderAt(<SearchPage />, '/search?q=DJ%20Oslo');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search results for “DJ Oslo”');
    await vi.waitFor(() => expect(document.title).toBe('Search results for “DJ Oslo” | EventMarket'));
    expect(container.querySelectorAll('[data-skeleton]').length).toBeGreaterThan(0);
    const music = await screen.findByRole('link', { name: /Music/ });
    expect(music.getAttribute('href')).toBe('/listings?categoryId=cat-1&search=DJ+Oslo');
    expect(music.textContent).toContain('6 listings');
    expect(screen.getByRole('link', { name: /Catering/ }).textContent).toContain('1 listing');
    expect(screen.queryByRole('link', { name: /Venues/ })).toBeNull();
    expect(calls(fetchMock, '/listing/search/categories')).toHaveLength(1);
    expect(await db.searchCategoryResults.get('DJ Oslo')).toBeDefined();
  });

  it("says 'No results found' when no category has matches", async () => {
    stubApi({ 'GET /listing/search/categories': () => json(200, { searchQuery: 'zzz', totalListings: 0, categoryResults: [] }) });
    renderAt(<SearchPage />, '/search?q=zzz');
    await screen.findByText('No results found');
  });

  it("says 'An error occurred' when the pull fails and nothing is stored, and tries again", async () => {
    offline();
    renderAt(<SearchPage />, '/search?q=dj');
    await screen.findByText('An error occurred');
    stubApi({ 'GET /listing/search/categories': ({ url }) => json(200, answer(url.searchParams.get('q') ?? '')) });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: /Music/ });
    expect(screen.queryByText('An error occurred')).toBeNull();
  });

  it('shows a query seen before from Dexie when offline', async () => {
    stubApi({ 'GET /listing/search/categories': ({ url }) => json(200, answer(url.searchParams.get('q') ?? '')) });
    const first = renderAt(<SearchPage />, '/search?q=dj');
    await screen.findByRole('link', { name: /Music/ });
    first.unmount();
    offline();
    renderAt(<SearchPage />, '/search?q=dj');
    await screen.findByRole('link', { name: /Music/ });
    await screen.findByText('Could not reach the server. Showing results saved on this device.');
  });

  it('searches again with the trimmed text; blank text is ignored', async () => {
    stubApi({ 'GET /listing/search/categories': ({ url }) => json(200, answer(url.searchParams.get('q') ?? '')) });
    const { location } = renderAt(<SearchPage />, '/search?q=dj');
    const box = screen.getByRole('searchbox');
    expect((box as HTMLInputElement).value).toBe('dj');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(location.history).toEqual(['/search?q=dj']);
    fireEvent.change(box, { target: { value: '  band  ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(location.history.at(-1)).toBe('/search?q=band');
    await screen.findByText('Search results for “band”');
  });
});
