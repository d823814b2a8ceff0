import { db } from './database';

/** Keys of the LOCAL-ONLY meta table. */
export const MetaKeys = {
  manifestEtag: 'files.manifestEtag',
} as const;

export async function getMeta<T>(key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function setMeta(key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}
