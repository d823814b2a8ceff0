import { saveView, useSavedView } from '../../db/saved-views';
import { usePulled, type Pulled } from '../../ui/usePulled';

/**
 * What a read-only part of the screen shows: the server's answer, or (offline, the server out of
 * reach) the last answer this device kept, with when it was fetched.
 */
export type Shown<T> =
  | { kind: 'loading' }
  | { kind: 'live'; value: T }
  | { kind: 'saved'; value: T; savedAt: number }
  | { kind: 'failed'; offline: boolean; error: unknown };

/**
 * Pulls `fetch` for the user and keeps its answer as the saved view `key` (src/db/saved-views.ts),
 * so the screen can show it offline. Offline without a kept answer it fails, and a server error
 * fails too (the screen says 'Failed to …' with Try Again, not figures of another day).
 */
export function useSavedPull<T>(userId: string | null, key: string, fetch: () => Promise<T>): { shown: Shown<T>; pulled: Pulled<T> } {
  const pulled = usePulled(userId ? `${userId}:${key}` : null, async () => {
    const value = await fetch();
    try {
      await saveView(userId!, key, value);
    } catch {
      // The screen works without the offline copy (storage full or unavailable).
    }
    return value;
  }, { quietReconnect: true });
  const saved = useSavedView<T>(userId, key);
  let shown: Shown<T>;
  if (pulled.status === 'done') shown = { kind: 'live', value: pulled.value as T };
  else if (pulled.status === 'loading' || (pulled.status === 'offline' && saved === undefined)) shown = { kind: 'loading' };
  else if (pulled.status === 'offline' && saved) shown = { kind: 'saved', value: saved.value, savedAt: saved.savedAt };
  else shown = { kind: 'failed', offline: pulled.status === 'offline', error: pulled.error };
  return { shown, pulled };
}
