import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { FavoriteToggle } from '../../../../src/features/favorites/FavoriteToggle';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { calls, json, stubApi } from '../../sync/fixtures';

const listing = { id: 'l1', name: 'Fjord Hall' };

beforeEach(async () => {
  await db.delete();
  await db.open();
  snackbars.items = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.user = null;
});

describe('FavoriteToggle', () => {
  it('sends an anonymous visitor to login with the way back, without calling the API', async () => {
    const fetchMock = stubApi({});
    const { location } = renderAt(<FavoriteToggle listing={listing} isFavorite={false} />, '/listings?categoryId=c1');
    fireEvent.click(screen.getByRole('button', { name: 'Add Fjord Hall to favorites' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/login?returnTo=${encodeURIComponent('/listings?categoryId=c1')}`));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds for a user at once (queued for the server) and records a favorite event', async () => {
    session.user = makeUser();
    const fetchMock = stubApi({
      'POST /ListingStatistics/record': () => json(204, null),
    });
    renderAt(<FavoriteToggle listing={listing} isFavorite={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Fjord Hall to favorites' }));
    await waitFor(() => expect(calls(fetchMock, '/ListingStatistics/record')).toHaveLength(1));
    const body = JSON.parse(String(calls(fetchMock, '/ListingStatistics/record')[0]![1]!.body)) as { eventType: string; metadata: Record<string, unknown> };
    expect(body.eventType).toBe('favorite');
    expect(body.metadata).toMatchObject({ deviceId: expect.any(String), path: '/' });
    expect(await db.favorites.get([session.user.id, 'l1'])).toBeTruthy();
    expect(await db.outbox.where('[entity+entityId]').equals(['favorites', 'l1']).count()).toBe(1);
    await screen.findByTestId('favorite-sync');
    expect(screen.getByTestId('favorite-sync').dataset.state).toBe('pending');
  });

  it('shows a queued change the server refused as not saved', async () => {
    session.user = makeUser();
    await db.outbox.add({
      id: 'op', userId: session.user.id, kind: 'favorite.remove', method: 'DELETE', path: '/Favorites/l1', entity: 'favorites',
      entityId: 'l1', baseVersion: null, createdAt: 0, attempts: 1, state: 'failed', lastError: 'Listing not found',
    });
    renderAt(<FavoriteToggle listing={listing} isFavorite />);
    await screen.findByRole('button', { name: 'Remove Fjord Hall from favorites (Not saved on the server)' });
    expect(screen.getByTestId('favorite-sync').dataset.state).toBe('failed');
    expect(snackbars.items).toEqual([]);
  });
});
