import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser, userIdOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import { listingIdParam } from './schemas';
import { favoriteService } from './service';

/** The signed-in user's favourite listings. */
export function favoriteRoutes(app: FastifyInstance, deps: AppDeps) {
  const favorites = favoriteService(deps.db, deps.clock);
  const guarded = { preHandler: requireUser };

  app.get('/Favorites', guarded, async (request) => favorites.list(userIdOf(request)));

  app.post('/Favorites/:listingId', guarded, async (request) => {
    const userId = userIdOf(request);
    const { listingId } = parse(listingIdParam, request.params, 'params');
    return favorites.add(userId, listingId);
  });

  app.delete('/Favorites/:listingId', guarded, async (request) => {
    const userId = userIdOf(request);
    const { listingId } = parse(listingIdParam, request.params, 'params');
    return favorites.remove(userId, listingId);
  });
}
