import { ApiError } from '../../api/http';
import type { StoredProfile } from '../../db/database';
import { useStoredProfile } from '../../db/hooks';
import { pullProfile } from '../../sync/pull';
import { usePulled } from '../../ui/usePulled';

export type ProfileLoadState =
  | { status: 'loading' }
  | { status: 'ready' }
  /** No connection: the copy on this device shows. */
  | { status: 'offline' }
  /** server: the API answered with an error; unexpected: another failure. */
  | { status: 'error'; kind: 'server' | 'unexpected' };

/**
 * Pulls the profile into Dexie on mount (and on retry) and reads it from there, so edits queued
 * offline show at once and a pull never overwrites them (sync/pull holds them back).
 */
export function useProfileLoader(userId: string | null): { state: ProfileLoadState; retry: () => void; stored: StoredProfile | undefined } {
  const stored = useStoredProfile(userId);
  // Offline: pull again once the connection is back (the stored copy stays on screen meanwhile).
  const { status, error, retry } = usePulled(userId, () => pullProfile(userId as string), { reconnect: 'offline' });
  const state: ProfileLoadState = status === 'loading' ? { status: 'loading' } : status === 'done' ? { status: 'ready' }
    : status === 'offline' ? { status: 'offline' } : { status: 'error', kind: error instanceof ApiError ? 'server' : 'unexpected' };
  return { state, retry, stored };
}
