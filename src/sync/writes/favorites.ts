import { db } from '../../db/database';
import type { FavoritesResponse } from '../../domain/listings';
import { applyServerFavorites } from '../favorites';
import { pullFavorites } from '../pull';
import { defineWrite } from './kind';

interface FavoritePayload {
  listingId: string;
}

const path = (listingId: string) => `/Favorites/${encodeURIComponent(listingId)}`;

/** Adds one favourite: newest first locally; the server's list replaces the user's set once sent. */
export const addFavorite = defineWrite<FavoritePayload>({
  kind: 'favorite.add',
  entity: 'favorites',
  entityId: (p) => p.listingId,
  request: (p) => ({ method: 'POST', path: path(p.listingId) }),
  tables: () => [db.favorites],
  async apply({ listingId }, userId) {
    if (await db.favorites.get([userId, listingId])) return;
    const newest = await db.favorites.where('[userId+position]').between([userId, -Infinity], [userId, Infinity]).first();
    await db.favorites.put({ userId, listingId, position: (newest?.position ?? 0) - 1 });
  },
  settle: (_p, userId, answer) => applyServerFavorites(userId, (answer.body as FavoritesResponse).favoriteListings),
  refresh: async (_p, userId) => {
    await pullFavorites(userId);
  },
  describe: async ({ listingId }) => ({ action: 'favorite.add', subject: (await db.listings.get(listingId))?.name ?? null }),
});

export const removeFavorite = defineWrite<FavoritePayload>({
  kind: 'favorite.remove',
  entity: 'favorites',
  entityId: (p) => p.listingId,
  request: (p) => ({ method: 'DELETE', path: path(p.listingId) }),
  tables: () => [db.favorites],
  apply: ({ listingId }, userId) => db.favorites.delete([userId, listingId]),
  settle: (_p, userId, answer) => applyServerFavorites(userId, (answer.body as FavoritesResponse).favoriteListings),
  refresh: async (_p, userId) => {
    await pullFavorites(userId);
  },
  describe: async ({ listingId }) => ({ action: 'favorite.remove', subject: (await db.listings.get(listingId))?.name ?? null }),
});
