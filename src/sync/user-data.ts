import { db } from '../db/database';
import { clearUserFavorites } from '../db/favorites';

/**
 * Clears the per-user mirrored tables of one user (favourites, profile). Wired to the session with
 * `onSessionCleared(clearUserData)`; the outbox is kept (its entries carry their user id and are
 * never replayed under another user; issue 5 warns before a logout that would strand them).
 */
export async function clearUserData(userId: string | null): Promise<void> {
  if (!userId) return;
  await clearUserFavorites(userId);
  await db.profiles.delete(userId);
}
