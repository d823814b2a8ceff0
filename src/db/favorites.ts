import { db } from './database';

/** Removes one user's favourites (on logout); other users' rows stay. */
export async function clearUserFavorites(userId: string): Promise<void> {
  await db.favorites.where('userId').equals(userId).delete();
}
