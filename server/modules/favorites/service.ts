import { and, desc, eq } from 'drizzle-orm';
import type { FavoritesResponse } from '../../../src/domain/listings';
import type { Db } from '../../db/client';
import { favorites } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { listingExists } from '../listings/service';

/** A user's favourite listings (spec 1 §7). Adding and removing are idempotent. */
export function favoriteService(db: Db, clock: () => Date) {
  async function favoritesOf(userId: string): Promise<FavoritesResponse> {
    const rows = await db.select({ listingId: favorites.listingId }).from(favorites)
      .where(eq(favorites.userId, userId)).orderBy(desc(favorites.createdAt), desc(favorites.listingId));
    return { favoriteListings: rows.map((r) => r.listingId) };
  }

  return {
    list: favoritesOf,

    /** Only a public listing can be added; the answer is the whole list. */
    async add(userId: string, listingId: string): Promise<FavoritesResponse> {
      if (!(await listingExists(db, listingId, true))) throw notFound('Listing not found');
      await db.insert(favorites).values({ userId, listingId, createdAt: clock() }).onConflictDoNothing();
      return favoritesOf(userId);
    },

    async remove(userId: string, listingId: string): Promise<FavoritesResponse> {
      await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)));
      return favoritesOf(userId);
    },
  };
}
