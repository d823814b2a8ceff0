import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResponse, User } from '../../../src/domain/user';

const user = { id: 'u1', email: 'kari@example.no', firstName: 'Kari', lastName: 'N', fullName: 'Kari N', roles: [] } as unknown as User;
const auth = (accessToken: string, refreshToken: string): AuthResponse =>
  ({ accessToken, token: accessToken, refreshToken, expiresIn: 900, user });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The session module reads storage once at import: each test imports a fresh copy. */
async function freshSession() {
  vi.resetModules();
  return import('../../../src/state/session');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('session start-up', () => {
  it('discards a stored access token that is not three dot-separated parts, with the refresh token and user', async () => {
    localStorage.setItem('auth', JSON.stringify({ accessToken: 'garbage', refreshToken: 'r1', user }));
    const { session } = await freshSession();
    expect(session.accessToken).toBeNull();
    expect(session.refreshToken).toBeNull();
    expect(session.user).toBeNull();
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('restores a well-formed stored session', async () => {
    sessionStorage.setItem('auth', JSON.stringify({ accessToken: 'a.b.c', refreshToken: 'r1', user }));
    const { session } = await freshSession();
    expect(session.user?.email).toBe('kari@example.no');
    expect(session.remember).toBe(false);
  });
});

describe('login and remember me', () => {
  it('keeps the session in local storage with remember me, in session storage without', async () => {
    const fetchMock = vi.fn(async () => json(200, auth('a.b.c', 'r1')));
    vi.stubGlobal('fetch', fetchMock);
    const { login } = await freshSession();
    await login('kari@example.no', 'pw', true);
    expect(localStorage.getItem('auth')).toContain('a.b.c');
    expect(sessionStorage.getItem('auth')).toBeNull();
    await login('kari@example.no', 'pw', false);
    expect(localStorage.getItem('auth')).toBeNull();
    expect(sessionStorage.getItem('auth')).toContain('a.b.c');
  });

  it('refuses a malformed token from the server', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, auth('bad', 'r1'))));
    const { login, session } = await freshSession();
    await expect(login('kari@example.no', 'pw', true)).rejects.toThrow('Invalid authentication token received from server');
    expect(session.status).toBe('failed');
  });
});

describe('token refresh', () => {
  it('makes concurrent 401s share one refresh call', async () => {
    localStorage.setItem('auth', JSON.stringify({ accessToken: 'old.old.old', refreshToken: 'r1', user }));
    let refreshCalls = 0;
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/auth/refresh-token')) {
        refreshCalls += 1;
        await new Promise((r) => setTimeout(r, 10));
        return json(200, auth('new.new.new', 'r2'));
      }
      const authz = (init.headers as Record<string, string>).authorization;
      return authz === 'Bearer new.new.new' ? json(200, { ok: true }) : json(401, { message: 'invalid_token' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { session } = await freshSession();
    const { request } = await import('../../../src/api/http');
    const results = await Promise.all([request('GET', '/a'), request('GET', '/b'), request('GET', '/c')]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshCalls).toBe(1);
    expect(session.refreshToken).toBe('r2');
  });

  it('clears the session and goes to /login when the refresh fails', async () => {
    localStorage.setItem('auth', JSON.stringify({ accessToken: 'old.old.old', refreshToken: 'r1', user }));
    vi.stubGlobal('fetch', vi.fn(async (url: string) =>
      url.endsWith('/auth/refresh-token') ? json(401, { message: 'refresh_token_reused' }) : json(401, { message: 'invalid_token' })));
    const { session } = await freshSession();
    const { request } = await import('../../../src/api/http');
    await expect(request('GET', '/users/profile')).rejects.toMatchObject({ status: 401 });
    expect(session.user).toBeNull();
    expect(localStorage.getItem('auth')).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('logout clears tokens and user and goes to /', async () => {
    localStorage.setItem('auth', JSON.stringify({ accessToken: 'a.b.c', refreshToken: 'r1', user }));
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const { logout, session } = await freshSession();
    await logout();
    expect(session.user).toBeNull();
    expect(localStorage.getItem('auth')).toBeNull();
    expect(window.location.pathname).toBe('/');
    expect(JSON.parse((fetchMock.mock.calls[0]![1] as RequestInit).body as string)).toEqual({ refreshToken: 'r1' });
  });
});

describe('device id', () => {
  it('is a UUID kept in local storage and sent with the login', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(200, auth('a.b.c', 'r1')));
    vi.stubGlobal('fetch', fetchMock);
    const { login } = await freshSession();
    await login('kari@example.no', 'pw', false);
    const id = localStorage.getItem('deviceId');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toMatchObject({ deviceId: id });
  });
});
