import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import type { SearchRequest } from '../../../../src/domain/listings';
import type { Region } from '../../../../src/domain/locations';
import type { SubCategory } from '../../../../src/domain/taxonomy';
import BrowsePage from '../../../../src/features/browse/BrowsePage';
import { renderAt } from '../auth/render';
import { calls, card, category, json, searchAnswer, stubApi } from '../../sync/fixtures';

const sub = (n: number): SubCategory => ({
  id: `sub-${n}`, categoryId: 'cat-1', name: `Sub ${n}`, shortDescription: '', description: '', imageUri: null, version: 1,
});
const regions: Region[] = [
  { id: 'r-oslo', name: 'Oslo', country: 'NO', version: 1, counties: [{ id: 'c-oslo', name: 'Oslo' }] },
  { id: 'r-skane', name: 'Skåne län', country: 'SE', version: 1, counties: [{ id: 'c-malmo', name: 'Malmö' }, { id: 'c-lund', name: 'Lund' }] },
];

const base = {
  'GET /category': () => json(200, [{ ...category(1), description: 'Everything for category one.' }, category(2)]),
  'GET /subcategory': () => json(200, [sub(1), sub(2)]),
  'GET /categoryService': () => json(200, []),
  'GET /subCategoryService': () => json(200, []),
  'GET /locations': () => json(200, regions),
};

/** 30 matching listings; a page holds pageSize of them with ids l{page}-{i}. */
const search = (total = 30) => ({
  'POST /listing/search': ({ body }: RequestInit) => {
    const req = JSON.parse(String(body)) as SearchRequest;
    const n = req.pageNumber ?? 1;
    const size = req.pageSize ?? 12;
    const count = Math.max(0, Math.min(size, total - (n - 1) * size));
    const listings = Array.from({ length: count }, (_, i) => card(`l${n}-${i}`));
    const totalPages = Math.ceil(total / size);
    return json(200, searchAnswer(listings, {
      pageNumber: n, pageSize: size, totalCount: total, totalPages, hasNextPage: n < totalPages, hasPreviousPage: n > 1,
      sortBy: req.sortBy as never, seed: req.seed == null ? null : String(req.seed),
    }));
  },
});

const bodies = (fetchMock: ReturnType<typeof stubApi>) =>
  calls(fetchMock, '/listing/search').map(([, init]) => JSON.parse(String((init as RequestInit).body)) as SearchRequest);

const offline = () => vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.clear();
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

describe('Browse page', () => {
  it('shows 12 skeletons, then the category header, the count and the cards from Dexie', async () => {
    const fetchMock = stubApi({ ...base, ...search() });
    const { container } = renderAt(<BrowsePage />, '/listings?categoryId=cat-1&search=dj');
    expect(container.querySelectorAll('[data-skeleton-card]')).toHaveLength(12);
    await screen.findByRole('link', { name: 'Listing l1-11' });
    expect(container.querySelectorAll('[data-skeleton-card]')).toHaveLength(0);
    // The header comes from the categories' own pull, which may land after the results' (CI load).
    await screen.findByRole('heading', { level: 1, name: 'Category 1' });
    expect(screen.getByText('Everything for category one.')).toBeDefined();
    await vi.waitFor(() => expect(document.title).toBe('Category 1: “dj” | EventMarket'));
    expect(screen.getByTestId('result-count').textContent).toBe('30 listings');
    expect(bodies(fetchMock)[0]).toEqual({ pageNumber: 1, pageSize: 12, sortBy: 'newest', categoryId: 'cat-1', searchQuery: 'dj' });
    expect(await db.searchPages.count()).toBe(1);
    expect(screen.getAllByTestId('favorite-toggle')).toHaveLength(12);
  });

  it('says "All listings" without a category and clears the search with its link', async () => {
    stubApi({ ...base, ...search() });
    const { location } = renderAt(<BrowsePage />, '/listings?search=dj&sort=priceAsc');
    await screen.findByRole('heading', { level: 1, name: 'All listings' });
    await vi.waitFor(() => expect(document.title).toBe('All listings: “dj” | EventMarket'));
    fireEvent.click(screen.getByTestId('clear-search'));
    expect(location.history.at(-1)).toBe('/listings?sort=priceAsc');
  });

  it('changing the sort or the page size goes back to page 1 with a new history entry', async () => {
    stubApi({ ...base, ...search() });
    const { location } = renderAt(<BrowsePage />, '/listings?categoryId=cat-1&page=2');
    await screen.findByRole('link', { name: 'Listing l2-0' });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'priceDesc' } });
    expect(location.history.at(-1)).toBe('/listings?categoryId=cat-1&sort=priceDesc');
    await screen.findByRole('link', { name: 'Listing l1-0' });
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '24' } });
    expect(location.history.at(-1)).toBe('/listings?categoryId=cat-1&sort=priceDesc&size=24');
    expect(location.history).toHaveLength(3);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(expect.arrayContaining([
      'Newest', 'Oldest', 'Price: low to high', 'Price: high to low', 'Name: A–Z', 'Name: Z–A', 'Random', '12', '24', '48', '96',
    ]));
  });

  it('choosing Random puts a fresh seed in the URL and sends it', async () => {
    const fetchMock = stubApi({ ...base, ...search() });
    const { location } = renderAt(<BrowsePage />, '/listings');
    await screen.findByRole('link', { name: 'Listing l1-0' });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'random' } });
    const seed = new URLSearchParams(location.history.at(-1)?.split('?')[1]).get('seed');
    expect(seed).toMatch(/^\d+$/);
    await waitFor(() => expect(bodies(fetchMock).at(-1)).toMatchObject({ sortBy: 'random', seed, pageNumber: 1 }));
  });

  it('a random sort without a seed in the URL gets one in place', async () => {
    stubApi({ ...base, ...search() });
    const { location } = renderAt(<BrowsePage />, '/listings?sort=random');
    await waitFor(() => expect(location.history.at(-1)).toMatch(/^\/listings\?sort=random&seed=\d+$/));
    expect(location.history).toHaveLength(1);
  });

  it('pagination marks the current page, links the others and scrolls to the top', async () => {
    stubApi({ ...base, ...search() });
    const { location } = renderAt(<BrowsePage />, '/listings?categoryId=cat-1');
    await screen.findByRole('link', { name: 'Listing l1-0' });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(nav).getByRole('link', { name: 'Page 2' }));
    expect(location.history.at(-1)).toBe('/listings?categoryId=cat-1&page=2');
    expect(window.scrollTo).toHaveBeenCalled();
    await screen.findByRole('link', { name: 'Listing l2-0' });
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: 'Next' }));
    expect(location.history.at(-1)).toBe('/listings?categoryId=cat-1&page=3');
  });

  it('sub-category and region filters go into the URL (page 1) and the request', async () => {
    const fetchMock = stubApi({ ...base, ...search() });
    const { location } = renderAt(<BrowsePage />, '/listings?categoryId=cat-1&page=2');
    await screen.findByRole('link', { name: 'Listing l2-0' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Sub 2' }));
    expect(location.history.at(-1)).toBe('/listings?categoryId=cat-1&sub=sub-2');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Skåne län' }));
    expect(location.history.at(-1)).toBe('/listings?categoryId=cat-1&sub=sub-2&region=r-skane');
    await waitFor(() => expect(bodies(fetchMock).at(-1)).toMatchObject({
      subCategoryIds: ['sub-2'], regions: ['r-skane'],
    }));
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'cat-2' } });
    expect(location.history.at(-1)).toBe('/listings?categoryId=cat-2&region=r-skane');
    fireEvent.click(screen.getByTestId('clear-filters'));
    expect(location.history.at(-1)).toBe('/listings');
  });

  it('the sidebar toggle collapses and expands the filters', async () => {
    stubApi({ ...base, ...search() });
    renderAt(<BrowsePage />, '/listings');
    const toggle = screen.getByTestId('sidebar-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.hidden).toBe(true);
    expect(screen.getByTestId('filters-sidebar').className).toContain('w-14');
    expect(localStorage.getItem('browse.sidebarOpen')).toBe('false');
  });

  it('the filter dialog keeps a draft until Apply', async () => {
    stubApi({ ...base, ...search() });
    const { location } = renderAt(<BrowsePage />, '/listings?categoryId=cat-1');
    await screen.findByRole('link', { name: 'Listing l1-0' });
    fireEvent.click(screen.getByTestId('open-filters'));
    const dialog = await screen.findByTestId('filters-dialog');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Sub 1' }));
    expect(location.history).toHaveLength(1);
    fireEvent.click(within(dialog).getByTestId('filters-apply'));
    expect(location.history.at(-1)).toBe('/listings?categoryId=cat-1&sub=sub-1');
    await waitFor(() => expect(screen.queryByTestId('filters-dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('open-filters'));
    fireEvent.click(await within(await screen.findByTestId('filters-dialog')).findByRole('checkbox', { name: 'Sub 2' }));
    fireEvent.click(screen.getByTestId('filters-dialog-close'));
    expect(location.history).toHaveLength(2);
  });

  it('a page past the end says so with a link to the last page, not "No listings match" beside the count', async () => {
    stubApi({ ...base, ...search() });
    const { location } = renderAt(<BrowsePage />, '/listings?search=dj&page=99');
    await screen.findByText('Page 99 is past the end');
    expect(screen.getByTestId('result-count').textContent).toBe('30 listings');
    expect(screen.queryByText('No listings match these filters')).toBeNull();
    expect(screen.queryByTestId('pagination')).toBeNull();
    expect(screen.getByText('The last page with listings is page 3.')).toBeDefined();
    fireEvent.click(screen.getByRole('link', { name: 'Go to page 3' }));
    expect(location.history.at(-1)).toBe('/listings?search=dj&page=3');
    await screen.findByRole('link', { name: 'Listing l3-5' });
    expect(screen.queryByTestId('browse-past-end')).toBeNull();
  });

  it('shows the empty state with Clear filters when nothing matches', async () => {
    stubApi({ ...base, ...search(0) });
    const { location } = renderAt(<BrowsePage />, '/listings?categoryId=cat-1&sub=sub-1');
    await screen.findByText('No listings match these filters');
    expect(screen.getByTestId('result-count').textContent).toBe('0 listings');
    fireEvent.click(within(screen.getByTestId('browse-empty')).getByRole('button', { name: 'Clear filters' }));
    expect(location.history.at(-1)).toBe('/listings');
  });

  it('offline: a page seen before shows from Dexie with a note; an unseen one shows an error with Try again', async () => {
    stubApi({ ...base, ...search() });
    const first = renderAt(<BrowsePage />, '/listings?categoryId=cat-1&sort=nameAsc');
    await screen.findByRole('link', { name: 'Listing l1-0' });
    await screen.findByRole('option', { name: 'Category 2' });
    first.unmount();

    offline();
    const second = renderAt(<BrowsePage />, '/listings?categoryId=cat-1&sort=nameAsc');
    await screen.findByText('Could not reach the server. Showing listings saved on this device.');
    expect(screen.getByRole('link', { name: 'Listing l1-0' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Category 1' })).toBeDefined();
    second.unmount();

    renderAt(<BrowsePage />, '/listings?categoryId=cat-1&sort=nameDesc');
    await screen.findByTestId('browse-error');
    stubApi({ ...base, ...search() });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Listing l1-0' });
    expect(screen.queryByTestId('browse-error')).toBeNull();
  });
});
