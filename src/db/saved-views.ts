import { useLiveQuery } from 'dexie-react-hooks';
import { db } from './database';

/** The last answer a read-only screen saw, with when it was fetched. */
export interface SavedView<T> {
  value: T;
  savedAt: number;
}

/** Keeps `value` as the user's last answer to `key` (replacing the previous one). */
export async function saveView(userId: string, key: string, value: unknown, savedAt = Date.now()): Promise<void> {
  await db.savedViews.put({ userId, key, value, savedAt });
}

export async function readSavedView<T>(userId: string, key: string): Promise<SavedView<T> | null> {
  const row = await db.savedViews.get([userId, key]);
  return row ? { value: row.value as T, savedAt: row.savedAt } : null;
}

/**
 * The user's last answer to `key`, live: undefined while reading, null when none was kept. Without a
 * user (or key) it is null at once.
 */
export function useSavedView<T>(userId: string | null | undefined, key: string | null): SavedView<T> | null | undefined {
  return useLiveQuery(
    async () => (userId && key ? readSavedView<T>(userId, key) : null),
    [userId, key],
  );
}
