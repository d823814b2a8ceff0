import { db } from '../../db/database';
import type { FavoritesResponse } from '../../domain/listings';
import { applyServerFavorites } from '../favorites';
import { pullFavorites } from '../pull';
import { defineEntity, write } from './define';

interface FavoritePayload {
  listingId: string;
}

const path = (listingId: string) => `/Favorites/${encodeURIComponent(listingId)}`;
/** Both answers are the user's whole list (newest first): it replaces the user's set. */
const settle = (_p: FavoritePayload, userId: string, answer: { body: unknown }) =>
  applyServerFavorites(userId, (answer.body as FavoritesResponse).favoriteListings);
const subject = async ({ listingId }: FavoritePayload) => (await db.listings.get(listingId))?.name ?? null;

/** The user's favourite listings (`favorites`, one row per user and listing), keyed by listing id. */
export const favorites = defineEntity({
  name: 'favorites',
  table: 'favorites',
  key: (p) => p.listingId,
  pull: pullFavorites,
  clear: async (userId) => {
    await db.favorites.where('userId').equals(userId).delete();
  },
  actionPrefix: 'favorite',
  writes: {
    /** Adds one favourite: newest first locally. */
    add: write<FavoritePayload>({
      request: (p) => ({ method: 'POST', path: path(p.listingId) }),
      async apply({ listingId }, userId) {
        if (await db.favorites.get([userId, listingId])) return;
        const newest = await db.favorites.where('[userId+position]').between([userId, -Infinity], [userId, Infinity]).first();
        await db.favorites.put({ userId, listingId, position: (newest?.position ?? 0) - 1 });
      },
      settle,
      subject,
    }),
    remove: write<FavoritePayload>({
      request: (p) => ({ method: 'DELETE', path: path(p.listingId) }),
      apply: async ({ listingId }, userId) => {
        await db.favorites.delete([userId, listingId]);
      },
      settle,
      subject,
    }),
  },
});

export const addFavorite = favorites.writes.add;
export const removeFavorite = favorites.writes.remove;
