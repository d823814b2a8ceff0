import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { HttpError, badRequest, conflict, notFound, validationFailed } from '../../lib/errors';

/** Sorting in the app's language rather than the database's collation, the same on PGlite and PostgreSQL. */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
export const byName = <T extends { name: string }>(a: T, b: T) => collator.compare(a.name, b.name) || a.name.localeCompare(b.name);

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

/** '' and null clear the image; anything else must be an uploaded file. */
export async function checkImage(db: Db, imageUri: string | null | undefined): Promise<string | null | undefined> {
  if (imageUri === undefined) return undefined;
  if (!imageUri) return null;
  const [file] = await db.select({ id: files.id }).from(files).where(eq(files.id, imageUri)).limit(1);
  if (!file) throw validationFailed([{ field: 'imageUri', message: 'The image must be an uploaded file' }]);
  return imageUri;
}

/** After a conditional update found no row: 404 if the id is unknown, else 412 (stale If-Match). */
export async function updateMissed(exists: boolean, label: string): Promise<never> {
  if (!exists) throw notFound(`${label} not found`);
  throw staleVersion(label.toLowerCase());
}

export const duplicateId = (label: string) => conflict(`A ${label.toLowerCase()} with this id already exists`);

/** Optional text: undefined keeps the stored value, null clears it. */
export const textOrKeep = (v: string | null | undefined) => (v === undefined ? undefined : (v ?? ''));
export const textOrEmpty = (v: string | null | undefined) => v ?? '';
