import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest } from './errors';

/**
 * Optimistic concurrency for mutable entities (ARCHITECTURE §3): each carries a `version`; an
 * update may send `If-Match` with the version it was based on, and a stale one gets 412.
 */

/** The version in an optional `If-Match` header (`3`, `"3"` or `W/"3"`); null when absent or `*`. */
export function expectedVersion(request: FastifyRequest): number | null {
  const header = request.headers['if-match'];
  if (header === undefined) return null;
  const value = String(header).trim();
  if (value === '*' || value === '') return null;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (!match) throw badRequest('If-Match must be a version number', [{ field: 'If-Match', message: 'If-Match must be a version number' }]);
  return Number(match[1]);
}

export const staleVersion = (label: string) =>
  new HttpError(412, `The ${label} was changed by someone else. Reload it and try again.`);

/** The entity's version as a strong ETag, so a client can send it back as If-Match. */
export const setVersionTag = (reply: FastifyReply, version: number) => reply.header('etag', `"${version}"`);
