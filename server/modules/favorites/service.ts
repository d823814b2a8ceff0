import { and, desc, eq, sql } from 'drizzle-orm';
import type { FavoritesResponse } from '../../../src/domain/listings';
import type { Db } from '../../db/client';
import { favorites, listings } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isPublic } from '../listings/queries';
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

    /**
     * Only a public listing can be added; the answer is the whole list. One statement inserts it
     * when the listing is public (a queue replays thousands of these); only when nothing was
     * inserted does a second one tell "already a favourite" from "no such public listing".
     */
    async add(userId: string, listingId: string): Promise<FavoritesResponse> {
      const inserted = await db.insert(favorites).select(
        db.select({ userId: sql`${userId}::uuid`.as('user_id'), listingId: listings.id, createdAt: sql`${clock()}::timestamptz`.as('created_at') })
          .from(listings).where(and(eq(listings.id, listingId), isPublic)),
      ).onConflictDoNothing().returning({ listingId: favorites.listingId });
      if (inserted.length === 0 && !(await listingExists(db, listingId, true))) throw notFound('Listing not found');
      return favoritesOf(userId);
    },

    async remove(userId: string, listingId: string): Promise<FavoritesResponse> {
      await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)));
      return favoritesOf(userId);
    },
  };
}
