import type { WriteHandler } from '../../lib/write-handler';
import { parse } from '../../lib/validate';
import { eventBody, eventIdParam } from './schemas';
import { eventService } from './service';

const idOf = (params: unknown) => parse(eventIdParam, params, 'params').id;

/** The planner's event writes: the single routes and the push endpoint both run these. */
export const eventWrites = {
  create: async (deps, { caller, body }) => {
    const { event, created } = await eventService(deps).create(caller, parse(eventBody, body));
    return { status: created ? 201 : 200, body: event, version: event.version };
  },
  update: async (deps, { caller, params, body, expected }) => {
    const id = idOf(params);
    const version = expected();
    const updated = await eventService(deps).update(caller, id, version, parse(eventBody, body));
    return { status: 200, body: updated, version: updated.version };
  },
  remove: async (deps, { caller, params }) => {
    await eventService(deps).remove(caller, idOf(params));
    return { status: 204 };
  },
} satisfies Record<string, WriteHandler>;
