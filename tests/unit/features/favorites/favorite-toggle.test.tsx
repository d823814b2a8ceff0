import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type OutboxEntry } from '../../../../src/db/database';
import { FavoriteToggle } from '../../../../src/ui/FavoriteToggle';
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

  it('shows each heart of a grid its own state from one shared read, live, and another user’s entries on none', async () => {
    session.user = makeUser();
    const entry = (id: string, entityId: string, userId: string, state: 'pending' | 'conflict'): OutboxEntry => ({
      id, userId, kind: 'favorite.add', method: 'POST', path: `/Favorites/${entityId}`, entity: 'favorites',
      entityId, baseVersion: null, createdAt: 0, attempts: 0, state, lastError: null,
    });
    await db.outbox.add(entry('a', 'l1', session.user.id, 'pending'));
    await db.outbox.add(entry('b', 'l3', 'someone-else', 'pending'));
    renderAt(
      <>
        <FavoriteToggle listing={{ id: 'l1', name: 'One' }} isFavorite />
        <FavoriteToggle listing={{ id: 'l2', name: 'Two' }} isFavorite={false} />
        <FavoriteToggle listing={{ id: 'l3', name: 'Three' }} isFavorite={false} />
      </>,
    );
    const dotOf = (name: string) => screen.getByRole('button', { name: new RegExp(name) }).querySelector('[data-testid="favorite-sync"]') as HTMLElement | null;
    await waitFor(() => expect(dotOf('One')?.dataset.state).toBe('pending'));
    expect(dotOf('Two')).toBeNull();
    expect(dotOf('Three')).toBeNull();
    await db.outbox.add(entry('c', 'l2', session.user.id, 'conflict'));
    await waitFor(() => expect(dotOf('Two')?.dataset.state).toBe('conflict'));
    await db.outbox.where('id').equals('a').delete();
    await waitFor(() => expect(dotOf('One')).toBeNull());
  });
});
