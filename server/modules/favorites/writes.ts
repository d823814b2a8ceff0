import type { WriteHandler } from '../../lib/write-handler';
import { parse } from '../../lib/validate';
import { listingIdParam } from './schemas';
import { favoriteService } from './service';

const listingIdOf = (params: unknown) => parse(listingIdParam, params, 'params').listingId;

/** Adding and removing a favourite: the single routes and the push endpoint both run these. */
export const favoriteWrites = {
  add: async (deps, { caller, params }) => {
    const listingId = listingIdOf(params);
    return { status: 200, body: await favoriteService(deps.db, deps.clock).add(caller.userId, listingId) };
  },
  remove: async (deps, { caller, params }) => {
    const listingId = listingIdOf(params);
    return { status: 200, body: await favoriteService(deps.db, deps.clock).remove(caller.userId, listingId) };
  },
} satisfies Record<string, WriteHandler>;
