import { useLiveQuery } from 'dexie-react-hooks';
import { db } from './database';

/**
 * Form drafts (`formDrafts`): what a form holds while the user types, per user and form key
 * ('company:new', 'company:{id}', 'listing:new:{companyId}', 'listing:{id}').
 */
export async function saveFormDraft(userId: string, key: string, value: unknown): Promise<void> {
  await db.formDrafts.put({ userId, key, value, updatedAt: Date.now() });
}

export async function clearFormDraft(userId: string, key: string): Promise<void> {
  await db.formDrafts.delete([userId, key]);
}

export async function readFormDraft<T>(userId: string, key: string): Promise<T | undefined> {
  return (await db.formDrafts.get([userId, key]))?.value as T | undefined;
}

/** The stored draft: undefined while reading, null when there is none. */
export function useFormDraft<T>(userId: string | null | undefined, key: string): T | null | undefined {
  return useLiveQuery(
    async () => (userId ? (((await db.formDrafts.get([userId, key]))?.value as T | undefined) ?? null) : null),
    [userId, key],
  );
}
