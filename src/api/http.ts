import type { ApiErrorBody } from '../domain/user';
import { REQUEST_RETRY_COUNT } from '../domain/constants';
import { isOffline, noteServerReached } from './connection';

/** An API answer that was not 2xx (status 0: no answer at all, i.e. a network failure). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The server's message for a field, if it named one. */
  fieldError(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }
}

/** What the client needs from the session, injected so api/ never imports state/. */
export interface AuthHooks {
  getAccessToken(): string | null;
  /** Gets a fresh access token; rejects when the session cannot be renewed. */
  refresh(): Promise<string>;
  /** The session is gone for good (refresh failed): clear it and send the user to log in. */
  onSessionExpired(): void;
}

let hooks: AuthHooks = {
  getAccessToken: () => null,
  refresh: () => Promise.reject(new ApiError(401, 'Not logged in')),
  onSessionExpired: () => {},
};

export function configureAuth(next: AuthHooks): void {
  hooks = next;
}

/** A JWT has three dot-separated, non-empty parts; anything else is never sent. */
export const isWellFormedToken = (token: string | null | undefined): token is string =>
  typeof token === 'string' && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

/** Calls that must never carry a bearer token (spec 1 §7: never on login) nor trigger a refresh. */
const ANONYMOUS_PATHS = ['/auth/login', '/auth/refresh-token', '/auth/register'];

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers (e.g. Idempotency-Key, If-Match). */
  headers?: Record<string, string>;
  /** Sees every final answer before it is read (e.g. to keep an ETag). */
  onResponse?: (res: Response) => void;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
export const API_BASE = '/api';
/** Where requests go: the same origin in the app; tests that run the real server in-process point it there. */
let apiOrigin = '';
export function configureApiOrigin(origin: string): void {
  apiOrigin = origin.replace(/\/+$/, '');
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return `${apiOrigin}${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = (await res.json()) as ApiErrorBody;
  } catch {
    // not JSON (e.g. a proxy's HTML error page)
  }
  return new ApiError(res.status, body.message || res.statusText || `HTTP ${res.status}`, body.errors ?? []);
}

async function send(method: string, path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token && isWellFormedToken(token)) headers.authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, options.query), { method, headers, body, credentials: 'include', signal: options.signal });
}

const NETWORK_ERROR = 'network_error: The server could not be reached. Check your connection.';

/** A gateway's answer for a server it could not reach: the connection to our server is down. */
const UNREACHABLE = new Set([502, 503, 504]);

/**
 * The one place that calls fetch. Adds the bearer token when it is well-formed (never on the
 * anonymous auth calls); on a 401 refreshes once and retries; retries network failures and
 * idempotent 5xx answers once (REQUEST_RETRY_COUNT). While the browser is offline it fails at once
 * without fetching: the request could not succeed, and every failed fetch is a console error (an
 * offline app would log them by the hundred); callers try again on reconnect (api/connection.ts).
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const anonymous = ANONYMOUS_PATHS.includes(path.toLowerCase());
  let token = anonymous ? null : hooks.getAccessToken();
  let refreshed = false;
  let retries = 0;
  for (;;) {
    if (isOffline()) {
      noteServerReached(false);
      throw new ApiError(0, NETWORK_ERROR);
    }
    let res: Response;
    try {
      res = await send(method, path, options, token);
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      if (retries < REQUEST_RETRY_COUNT && !isOffline()) {
        retries += 1;
        continue;
      }
      noteServerReached(false);
      throw new ApiError(0, NETWORK_ERROR);
    }
    noteServerReached(!UNREACHABLE.has(res.status));
    if (res.status === 401 && !anonymous && !refreshed && isWellFormedToken(token)) {
      refreshed = true;
      try {
        token = await hooks.refresh();
      } catch {
        hooks.onSessionExpired();
        throw await toApiError(res);
      }
      continue;
    }
    if (res.status >= 500 && IDEMPOTENT.has(method) && retries < REQUEST_RETRY_COUNT) {
      retries += 1;
      continue;
    }
    options.onResponse?.(res);
    if (!res.ok) throw await toApiError(res);
    if (res.status === 204) return undefined as T;
    const type = res.headers.get('content-type') ?? '';
    return (type.includes('json') ? await res.json() : undefined) as T;
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
