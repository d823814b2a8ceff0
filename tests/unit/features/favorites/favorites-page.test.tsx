import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { cardRow } from '../../../../src/db/listings';
import FavoritesPage from '../../../../src/features/favorites/FavoritesPage';
import { session } from '../../../../src/state/session';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { card, json, stubApi } from '../../sync/fixtures';

const user = makeUser();

beforeEach(async () => {
  await db.delete();
  await db.open();
  session.user = user;
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.user = null;
});

describe('FavoritesPage', () => {
  it('shows the favourites the server lists, dropping those whose listing cannot be fetched', async () => {
    stubApi({
      'GET /Favorites': () => json(200, { favoriteListings: ['a', 'gone'] }),
      'POST /listing/byIds': () => json(200, [card('a', { name: 'Aurora Catering' })]),
    });
    renderAt(<FavoritesPage />, '/favorites');
    expect(screen.getByRole('heading', { name: 'My Favorite Listings' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Aurora Catering' });
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('shows the empty state with Browse Listings', async () => {
    stubApi({ 'GET /Favorites': () => json(200, { favoriteListings: [] }) });
    renderAt(<FavoritesPage />, '/favorites');
    const browse = await screen.findByRole('link', { name: 'Browse Listings' });
    expect(browse.getAttribute('href')).toBe('/');
  });

  it('shows the failure text with Try Again, which loads again', async () => {
    let fail = true;
    stubApi({
      'GET /Favorites': () => (fail ? json(400, { message: 'nope' }) : json(200, { favoriteListings: ['a'] })),
      'POST /listing/byIds': () => json(200, [card('a', { name: 'Aurora Catering' })]),
    });
    renderAt(<FavoritesPage />, '/favorites');
    await screen.findByText('Failed to load your favorites. Please try again.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('link', { name: 'Aurora Catering' });
    expect(screen.queryByText('Failed to load your favorites. Please try again.')).toBeNull();
  });

  it('back online, pulls again by itself: the note goes without a reload', async () => {
    await db.listings.put(cardRow(card('a', { name: 'Stored Venue' }), 1));
    await db.favorites.put({ userId: user.id, listingId: 'a', position: 0 });
    let down = true;
    stubApi({
      'GET /Favorites': () => (down ? Promise.reject(new TypeError('Failed to fetch')) : json(200, { favoriteListings: ['a'] })),
    });
    renderAt(<FavoritesPage />, '/favorites');
    await screen.findByText('Could not reach the server. Showing listings saved on this device.');
    down = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('favorites-stale')).toBeNull());
    expect(screen.getByRole('link', { name: 'Stored Venue' })).toBeTruthy();
  });

  it('offline, shows the favourites stored on this device with a note', async () => {
    await db.listings.put(cardRow(card('a', { name: 'Stored Venue' }), 1));
    await db.favorites.put({ userId: user.id, listingId: 'a', position: 0 });
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    renderAt(<FavoritesPage />, '/favorites');
    await screen.findByRole('link', { name: 'Stored Venue' });
    await screen.findByText('Could not reach the server. Showing listings saved on this device.');
  });

  it('removing a favourite takes its card off the page', async () => {
    stubApi({
      'GET /Favorites': () => json(200, { favoriteListings: ['a'] }),
      'POST /listing/byIds': () => json(200, [card('a', { name: 'Aurora Catering' })]),
      'DELETE /Favorites/a': () => json(200, { favoriteListings: [] }),
    });
    renderAt(<FavoritesPage />, '/favorites');
    const toggle = await screen.findByRole('button', { name: 'Remove Aurora Catering from favorites' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    await screen.findByRole('link', { name: 'Browse Listings' });
    await waitFor(async () => expect(await db.favorites.count()).toBe(0));
  });
});
