import type { FavoritesResponse } from '../domain/listings';
import type { RequestOptions } from './http';
import { api } from './http';

/** The signed-in user's favourites (docs/api.md "Favorites"); each answer is the whole list, newest first. */
export const favoritesApi = {
  list: () => api.get<FavoritesResponse>('/Favorites'),
  /** Idempotent. `options` carries the write queue's Idempotency-Key. */
  add: (listingId: string, options?: RequestOptions) =>
    api.post<FavoritesResponse>(`/Favorites/${encodeURIComponent(listingId)}`, undefined, options),
  remove: (listingId: string, options?: RequestOptions) =>
    api.delete<FavoritesResponse>(`/Favorites/${encodeURIComponent(listingId)}`, options),
};
