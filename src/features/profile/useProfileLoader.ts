import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { ApiError } from '../../api/http';
import { db, type StoredProfile } from '../../db/database';
import { pullProfile } from '../../sync/pull';
import { useOnReconnect } from '../../ui/useConnection';

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
  const [state, setState] = useState<ProfileLoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const stored = useLiveQuery(() => (userId ? db.profiles.get(userId) : undefined), [userId]);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    pullProfile(userId).then(
      () => {
        if (active) setState({ status: 'ready' });
      },
      (error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.isNetworkError) setState({ status: 'offline' });
        else setState({ status: 'error', kind: error instanceof ApiError ? 'server' : 'unexpected' });
      },
    );
    return () => {
      active = false;
    };
  }, [userId, attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  // Offline: pull again once the connection is back (the stored copy stays on screen meanwhile).
  useOnReconnect(retry, state.status === 'offline');
  return { state, retry, stored };
}
