import { useEffect, useState } from 'react';
import { usersApi } from '../../api/users';
import { ApiError } from '../../api/http';
import { setUser } from '../../state/session';

export type ProfileLoadState =
  | { status: 'loading' }
  | { status: 'ready' }
  /** server: the API answered with an error; unexpected: no answer or another failure. */
  | { status: 'error'; kind: 'server' | 'unexpected' };

/** Fetches the profile once on mount (and on retry) and stores it in the session. */
export function useProfileLoader(enabled: boolean): { state: ProfileLoadState; retry: () => void } {
  const [state, setState] = useState<ProfileLoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    usersApi.getProfile().then(
      (user) => {
        if (!active) return;
        setUser(user);
        setState({ status: 'ready' });
      },
      (error: unknown) => {
        if (!active) return;
        const server = error instanceof ApiError && !error.isNetworkError;
        setState({ status: 'error', kind: server ? 'server' : 'unexpected' });
      },
    );
    return () => {
      active = false;
    };
  }, [enabled, attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { state, retry };
}
