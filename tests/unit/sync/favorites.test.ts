import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/database';
import { favoriteIdsQuery } from '../../../src/db/queries';
import { setFavorite } from '../../../src/sync/favorites';
import { calls, json, stubApi } from './fixtures';

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => vi.unstubAllGlobals());

/** A promise the test settles by hand, to look at Dexie while a request is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => { resolve = r; });
  return { promise, resolve };
}

describe('setFavorite', () => {
  it('adds in Dexie before the server answers (newest first), then takes the server list', async () => {
    await db.favorites.put({ userId: 'u1', listingId: 'old', position: 0 });
    const answer = deferred<Response>();
    const fetchMock = stubApi({ 'POST /Favorites/l1': () => answer.promise });
    const done = setFavorite('u1', 'l1', true);
    await vi.waitFor(async () => expect(await favoriteIdsQuery('u1')).toEqual(['l1', 'old']));
    answer.resolve(json(200, { favoriteListings: ['l1', 'old', 'elsewhere'] }));
    await done;
    expect(await favoriteIdsQuery('u1')).toEqual(['l1', 'old', 'elsewhere']);
    expect(calls(fetchMock, '/Favorites/l1')).toHaveLength(1);
  });

  it('removes, and leaves other users alone', async () => {
    await db.favorites.bulkPut([
      { userId: 'u1', listingId: 'l1', position: 0 },
      { userId: 'u2', listingId: 'l1', position: 0 },
    ]);
    stubApi({ 'DELETE /Favorites/l1': () => json(200, { favoriteListings: [] }) });
    await setFavorite('u1', 'l1', false);
    expect(await favoriteIdsQuery('u1')).toEqual([]);
    expect(await favoriteIdsQuery('u2')).toEqual(['l1']);
  });

  it('undoes the local change and rethrows when the server refuses', async () => {
    await db.favorites.put({ userId: 'u1', listingId: 'kept', position: 0 });
    stubApi({
      'POST /Favorites/l1': () => json(404, { message: 'Listing not found' }),
      'DELETE /Favorites/kept': () => json(500, { message: 'boom' }),
    });
    await expect(setFavorite('u1', 'l1', true)).rejects.toMatchObject({ status: 404 });
    expect(await favoriteIdsQuery('u1')).toEqual(['kept']);
    await expect(setFavorite('u1', 'kept', false)).rejects.toBeTruthy();
    expect(await favoriteIdsQuery('u1')).toEqual(['kept']);
  });
});
