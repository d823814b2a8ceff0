import { favoritesApi } from '../api/favorites';
import { db } from '../db/database';
import { pendingEntityKeys } from './pending';

/**
 * Adds or removes one favourite: Dexie first (the heart flips at once and every screen reading
 * favourites updates), then the API; the server's answer (the whole list) then replaces the user's
 * set. On failure the local change is undone and the error thrown for the screen to report.
 * Issue 5 moves this write into the outbox so it also works offline.
 */
export async function setFavorite(userId: string, listingId: string, favorite: boolean): Promise<void> {
  const before = await db.favorites.get([userId, listingId]);
  await db.transaction('rw', db.favorites, async () => {
    if (favorite) {
      const newest = await db.favorites.where('[userId+position]').between([userId, -Infinity], [userId, Infinity]).first();
      if (!before) await db.favorites.put({ userId, listingId, position: (newest?.position ?? 0) - 1 });
    } else {
      await db.favorites.delete([userId, listingId]);
    }
  });
  let ids: string[];
  try {
    ids = (favorite ? await favoritesApi.add(listingId) : await favoritesApi.remove(listingId)).favoriteListings;
  } catch (error) {
    await db.transaction('rw', db.favorites, async () => {
      if (before) await db.favorites.put(before);
      else await db.favorites.delete([userId, listingId]);
    });
    throw error;
  }
  await applyServerFavorites(userId, ids);
}

/** The server's list (newest first) becomes the user's set, except listings with pending local writes. */
export async function applyServerFavorites(userId: string, ids: readonly string[]): Promise<void> {
  await db.transaction('rw', [db.favorites, db.outbox], async () => {
    const held = await pendingEntityKeys('favorites', userId);
    await db.favorites.where('userId').equals(userId).filter((row) => !held.has(row.listingId)).delete();
    await db.favorites.bulkPut(ids.map((listingId, position) => ({ userId, listingId, position })).filter((row) => !held.has(row.listingId)));
  });
}
