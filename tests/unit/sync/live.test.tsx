import { act, render, screen, waitFor } from '@testing-library/react';
import { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/database';
import { useCategories, useSearchPage } from '../../../src/db/hooks';
import { favoritesQuery } from '../../../src/db/queries';
import type { SearchRequest } from '../../../src/domain/listings';
import { pullFavorites, pullSearchPage, pullTaxonomy } from '../../../src/sync/pull';
import { card, category, json, searchAnswer, stubApi } from './fixtures';

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => vi.unstubAllGlobals());

function Categories() {
  const categories = useCategories();
  if (!categories) return <p>loading</p>;
  return <ul>{categories.map((c) => <li key={c.id}>{c.name}</li>)}</ul>;
}

function Page({ request }: { request: SearchRequest }) {
  const page = useSearchPage(request);
  if (page === undefined) return <p>not stored</p>;
  return <p>{page.listings.map((l) => l.name).join(', ')}</p>;
}

describe('live queries', () => {
  it('a rendered hook re-renders when a pull writes', async () => {
    render(<Categories />);
    await waitFor(() => expect(screen.getByRole('list').children).toHaveLength(0));
    stubApi({
      'GET /category': () => json(200, [category(1), category(2)]),
      'GET /subcategory': () => json(200, []),
      'GET /categoryService': () => json(200, []),
      'GET /subCategoryService': () => json(200, []),
    });
    await act(() => pullTaxonomy());
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Category 1', 'Category 2']));
  });

  it('a search page appears once pulled, with its cards in order', async () => {
    render(<Page request={{ searchQuery: 'foto', pageSize: 24 }} />);
    await screen.findByText('not stored');
    stubApi({ 'POST /listing/search': () => json(200, searchAnswer([card('b', { name: 'B' }), card('a', { name: 'A' })])) });
    await act(() => pullSearchPage({ pageSize: 24, searchQuery: 'foto' }));
    await screen.findByText('B, A');
  });

  it('a liveQuery observable sees the favourites pull', async () => {
    const seen: string[][] = [];
    const subscription = liveQuery(() => favoritesQuery('u1')).subscribe((rows) => seen.push(rows.map((r) => r.id)));
    await waitFor(() => expect(seen).toEqual([[]]));
    stubApi({ 'GET /Favorites': () => json(200, { favoriteListings: ['a'] }), 'POST /listing/byIds': () => json(200, [card('a')]) });
    await pullFavorites('u1');
    await waitFor(() => expect(seen.at(-1)).toEqual(['a']));
    subscription.unsubscribe();
  });
});
