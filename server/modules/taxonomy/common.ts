import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../lib/errors';

/** Sorting in the app's language rather than the database's collation, the same on PGlite and PostgreSQL. */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
export const byName = <T extends { name: string }>(a: T, b: T) => collator.compare(a.name, b.name) || a.name.localeCompare(b.name);

import { staleVersion } from '../../lib/versioning';

export { expectedVersion, staleVersion } from '../../lib/versioning';

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
