import { db } from '../db/database';
import { pendingEntityKeys } from './pending';

/** The server's list (newest first) becomes the user's set, except listings with pending local writes. */
export async function applyServerFavorites(userId: string, ids: readonly string[]): Promise<void> {
  await db.transaction('rw', [db.favorites, db.outbox], async () => {
    const held = await pendingEntityKeys('favorites', userId);
    await db.favorites.where('userId').equals(userId).filter((row) => !held.has(row.listingId)).delete();
    await db.favorites.bulkPut(ids.map((listingId, position) => ({ userId, listingId, position })).filter((row) => !held.has(row.listingId)));
  });
}
