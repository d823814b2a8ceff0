import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser, userIdOf } from '../../lib/auth';
import { routeWrite } from '../../lib/write-handler';
import { favoriteService } from './service';
import { favoriteWrites } from './writes';

/** The signed-in user's favourite listings. */
export function favoriteRoutes(app: FastifyInstance, deps: AppDeps) {
  const favorites = favoriteService(deps.db, deps.clock);
  const guarded = { preHandler: requireUser };

  app.get('/Favorites', guarded, async (request) => favorites.list(userIdOf(request)));
  app.post('/Favorites/:listingId', guarded, routeWrite(deps, favoriteWrites.add));
  app.delete('/Favorites/:listingId', guarded, routeWrite(deps, favoriteWrites.remove));
}
