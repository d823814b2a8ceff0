import { HttpError, badRequest, conflict, unauthorized } from './errors';

/** The fields PostgreSQL (and PGlite, which speaks the same protocol) puts on a failed statement. */
interface PgErrorFields {
  code: string;
  detail?: string;
  table?: string;
}

/** The PostgreSQL error behind `error`, also when Drizzle wrapped it (DrizzleQueryError keeps it as `cause`). */
function pgErrorOf(error: unknown): PgErrorFields | null {
  let current: unknown = error;
  for (let hops = 0; hops < 5 && current && typeof current === 'object'; hops++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PgErrorFields;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** "listings" → "listings", "listing_events" → "listing events": table names as a person reads them. */
const readable = (table: string) => table.replace(/_/g, ' ');

/**
 * Turns a database refusal caused by the request (not by a bug or an outage) into a 4xx, so
 * one mapping covers every route instead of a try/catch in each. Returns null for
 * everything else, which stays a logged 500.
 *
 * - 23503 foreign_key_violation and 23001 restrict_violation (ON DELETE RESTRICT): on a delete,
 *   the row is still used ("(still) referenced from table X") → 409 naming what uses it; on a
 *   write, a row it points at is gone → 401 when that is the caller's own account (a valid token
 *   of a deleted user), else 409.
 * - 23505 unique_violation: a duplicate that slipped past a route's own check (a race) → 409.
 * - class 22 data exceptions (text PostgreSQL cannot store, a number out of range, a malformed
 *   value): the request's input, so 400. The input guards refuse the known cases earlier with
 *   a field name; this is the net behind them.
 */
export function httpErrorFromDatabase(error: unknown): HttpError | null {
  const pg = pgErrorOf(error);
  if (!pg) return null;
  if (pg.code === '23503' || pg.code === '23001') {
    const usedBy = /referenced from table "([^"]+)"/.exec(pg.detail ?? '')?.[1];
    if (usedBy) return conflict(`This item is still used by ${readable(usedBy)}. Move or delete them first.`);
    const missing = /is not present in table "([^"]+)"/.exec(pg.detail ?? '')?.[1];
    if (missing === 'users') return unauthorized('invalid_token: The account of this access token no longer exists.');
    return conflict(`Something this refers to${missing ? ` (in ${readable(missing)})` : ''} no longer exists. Reload and try again.`);
  }
  if (pg.code === '23505') return conflict('This already exists.');
  if (pg.code.startsWith('22')) return badRequest('A value in the request cannot be stored. Check the text and numbers and try again.');
  return null;
}

/** PostgreSQL unique_violation, from node-postgres or PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
