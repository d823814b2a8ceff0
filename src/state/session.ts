import { proxy } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import { authApi } from '../api/auth';
import { ApiError, configureAuth, isWellFormedToken } from '../api/http';
import type { AuthResponse, User } from '../domain/user';
import { ADMIN_ROLE } from '../domain/constants';
import { deviceId, safeGet, safeSet } from '../api/storage';
import { AUTH_STORAGE_KEY } from '../api/storage-keys';
import { paths } from '../config/paths';

export type AuthStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

interface StoredSession {
  accessToken: string;
  refreshToken: string;
  user: User;
}

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  user: User | null;
  /** Remember me: kept in local storage across restarts; otherwise only for this browser session. */
  remember: boolean;
  status: AuthStatus;
  error: string | null;
}

const KEY = AUTH_STORAGE_KEY;

function readStored(): { stored: StoredSession; remember: boolean } | null {
  for (const [storage, remember] of [['local', true], ['session', false]] as const) {
    const raw = safeGet(storage, KEY);
    if (!raw) continue;
    try {
      const stored = JSON.parse(raw) as StoredSession;
      // A stored access token that is not three dot-separated parts is discarded with the rest.
      if (!isWellFormedToken(stored.accessToken) || !stored.refreshToken || !stored.user) {
        safeSet(storage, KEY, null);
        return null;
      }
      return { stored, remember };
    } catch {
      safeSet(storage, KEY, null);
    }
  }
  return null;
}

const initial = readStored();
export const session = proxy<SessionState>({
  accessToken: initial?.stored.accessToken ?? null,
  refreshToken: initial?.stored.refreshToken ?? null,
  user: initial?.stored.user ?? null,
  remember: initial?.remember ?? false,
  status: initial ? 'succeeded' : 'idle',
  error: null,
});

function persist(): void {
  const value = session.accessToken && session.refreshToken && session.user
    ? JSON.stringify({ accessToken: session.accessToken, refreshToken: session.refreshToken, user: session.user } satisfies StoredSession)
    : null;
  safeSet('local', KEY, session.remember ? value : null);
  safeSet('session', KEY, session.remember ? null : value);
}

function adopt(auth: AuthResponse): void {
  const accessToken = auth.accessToken ?? auth.token;
  if (!isWellFormedToken(accessToken)) throw new ApiError(0, 'Invalid authentication token received from server');
  session.accessToken = accessToken;
  session.refreshToken = auth.refreshToken;
  session.user = auth.user;
  persist();
}

type SessionClearedListener = (userId: string | null) => void | Promise<void>;
const sessionClearedListeners = new Set<SessionClearedListener>();

/**
 * Runs `fn` with the departing user's id whenever the session is cleared (logout, expiry), so
 * layers below (the sync layer's per-user tables) can clean up without state/ importing them.
 * Returns the unsubscribe function.
 */
export function onSessionCleared(fn: SessionClearedListener): () => void {
  sessionClearedListeners.add(fn);
  return () => sessionClearedListeners.delete(fn);
}

export function clearSession(): void {
  const userId = session.user?.id ?? null;
  session.accessToken = null;
  session.refreshToken = null;
  session.user = null;
  session.status = 'idle';
  session.error = null;
  persist();
  for (const fn of sessionClearedListeners) {
    try {
      void Promise.resolve(fn(userId)).catch(() => undefined);
    } catch {
      // a listener's failure never blocks logout
    }
  }
}

export const isAdmin = (user: { roles: readonly string[] } | null | undefined) => Boolean(user?.roles.includes(ADMIN_ROLE));

export async function login(email: string, password: string, remember: boolean): Promise<User> {
  session.status = 'loading';
  session.error = null;
  try {
    const auth = await authApi.login(email.trim(), password, deviceId());
    session.remember = remember;
    adopt(auth);
    session.status = 'succeeded';
    return auth.user;
  } catch (error) {
    session.status = 'failed';
    session.error = error instanceof Error ? error.message : 'Login failed';
    throw error;
  }
}

/** Replaces the stored user after a profile change. */
export function setUser(user: User): void {
  session.user = user;
  persist();
}

let refreshing: Promise<string> | null = null;

async function refreshOnce(): Promise<string> {
  const presented = session.refreshToken;
  const run = async () => {
    // Another tab may have rotated the token while this one waited for the lock: adopt its result.
    const stored = readStored();
    if (stored && stored.stored.refreshToken !== presented) {
      session.accessToken = stored.stored.accessToken;
      session.refreshToken = stored.stored.refreshToken;
      session.user = stored.stored.user;
      return stored.stored.accessToken;
    }
    if (!presented) throw new ApiError(401, 'Not logged in');
    const auth = await authApi.refreshToken(presented);
    adopt(auth);
    return session.accessToken!;
  };
  // One refresh at a time across tabs: a rotated refresh token used twice ends the session.
  return navigator.locks ? navigator.locks.request('auth-refresh', run) : run();
}

/** Concurrent 401s share one refresh. */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= refreshOnce().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export function sessionExpired(): void {
  clearSession();
  navigate(paths.login.href());
}

export async function logout(): Promise<void> {
  const token = session.refreshToken;
  clearSession();
  navigate(paths.home.href());
  if (token) await authApi.logout(token).catch(() => undefined);
}

configureAuth({
  getAccessToken: () => session.accessToken,
  refresh: refreshAccessToken,
  onSessionExpired: sessionExpired,
});
