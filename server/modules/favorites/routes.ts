import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FavoritesResponse } from '../../../src/domain/listings';
import { favorites } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { requireUser, userIdOf } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { listingExists } from '../listings/queries';

const listingIdParam = z.object({ listingId: z.uuid('Must be a valid id') });

/** The signed-in user's favourite listings (spec 1 §7). Adding and removing are idempotent. */
export function favoriteRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const guarded = { preHandler: requireUser };

  async function favoritesOf(userId: string): Promise<FavoritesResponse> {
    const rows = await db.select({ listingId: favorites.listingId }).from(favorites)
      .where(eq(favorites.userId, userId)).orderBy(desc(favorites.createdAt), desc(favorites.listingId));
    return { favoriteListings: rows.map((r) => r.listingId) };
  }

  app.get('/Favorites', guarded, async (request) => favoritesOf(userIdOf(request)));

  app.post('/Favorites/:listingId', guarded, async (request) => {
    const userId = userIdOf(request);
    const { listingId } = parse(listingIdParam, request.params, 'params');
    if (!(await listingExists(db, listingId, true))) throw notFound('Listing not found');
    await db.insert(favorites).values({ userId, listingId, createdAt: deps.clock() }).onConflictDoNothing();
    return favoritesOf(userId);
  });

  app.delete('/Favorites/:listingId', guarded, async (request) => {
    const userId = userIdOf(request);
    const { listingId } = parse(listingIdParam, request.params, 'params');
    await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)));
    return favoritesOf(userId);
  });
}
