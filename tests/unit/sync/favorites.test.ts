import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/database';
import { favoriteIdsQuery } from '../../../src/db/queries';
import { StorageFullError, queueWrite, userEntries } from '../../../src/sync/outbox';
import type { WriteKind } from '../../../src/sync/entities/define';
import { addFavorite, removeFavorite } from '../../../src/sync/entities/favorites';

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => vi.unstubAllGlobals());

/** A kind whose local step writes a favourite and then fails the way the test says. */
const failing = (error: Error): WriteKind<{ listingId: string }> => ({
  kind: `test.failing.${error.name}`,
  entity: 'favorites',
  entityId: (p) => p.listingId,
  request: (p) => ({ method: 'POST', path: `/Favorites/${p.listingId}` }),
  tables: () => [db.favorites],
  async apply({ listingId }, userId) {
    await db.favorites.put({ userId, listingId, position: 0 });
    throw error;
  },
  refresh: async () => {},
  describe: async () => ({ action: 'favorite.add', subject: null }),
});

describe('queueing favourite writes', () => {
  it('applies locally (newest first) and appends the outbox entry, without any request', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await db.favorites.put({ userId: 'u1', listingId: 'old', position: 0 });
    const entry = await queueWrite(addFavorite, { listingId: 'l1' }, 'u1');
    expect(await favoriteIdsQuery('u1')).toEqual(['l1', 'old']);
    expect(entry).toMatchObject({ userId: 'u1', kind: 'favorite.add', method: 'POST', path: '/Favorites/l1', entity: 'favorites', entityId: 'l1', state: 'pending', attempts: 0 });
    expect(entry.id).toMatch(/^[0-9a-f-]{36}$/);
    await queueWrite(removeFavorite, { listingId: 'old' }, 'u1');
    expect(await favoriteIdsQuery('u1')).toEqual(['l1']);
    expect((await userEntries('u1')).map((e) => e.method)).toEqual(['POST', 'DELETE']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is all or nothing: a failing local step leaves neither the change nor an entry', async () => {
    await expect(queueWrite(failing(new Error('boom')), { listingId: 'l1' }, 'u1')).rejects.toThrow('boom');
    expect(await db.favorites.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('turns a full disk into StorageFullError and keeps the entries already queued', async () => {
    await queueWrite(addFavorite, { listingId: 'kept' }, 'u1');
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    await expect(queueWrite(failing(quota), { listingId: 'l2' }, 'u1')).rejects.toBeInstanceOf(StorageFullError);
    expect((await userEntries('u1')).map((e) => e.entityId)).toEqual(['kept']);
    expect(await favoriteIdsQuery('u1')).toEqual(['kept']);
  });
});
