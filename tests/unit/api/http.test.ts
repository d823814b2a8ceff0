import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureAuth, isWellFormedToken, request } from '../../../src/api/http';

const TOKEN = 'aaa.bbb.ccc';
const FRESH = 'ddd.eee.fff';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
let current: string | null;
let refresh: ReturnType<typeof vi.fn<() => Promise<string>>>;
let expired: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  current = TOKEN;
  refresh = vi.fn<() => Promise<string>>(async () => { current = FRESH; return FRESH; });
  expired = vi.fn<() => void>();
  configureAuth({ getAccessToken: () => current, refresh, onSessionExpired: expired });
});
afterEach(() => vi.unstubAllGlobals());

const authHeader = (call: number) => (fetchMock.mock.calls[call]![1] as RequestInit).headers as Record<string, string>;

describe('bearer token rules', () => {
  it('recognises a well-formed token: three dot-separated parts', () => {
    expect(isWellFormedToken('a.b.c')).toBe(true);
    expect(isWellFormedToken('a.b')).toBe(false);
    expect(isWellFormedToken('a..c')).toBe(false);
    expect(isWellFormedToken('a.b.c.d')).toBe(false);
    expect(isWellFormedToken('')).toBe(false);
    expect(isWellFormedToken(null)).toBe(false);
  });

  it('adds the bearer header for a well-formed token', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await request('GET', '/users/profile');
    expect(authHeader(0).authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('never sends a malformed token', async () => {
    current = 'not-a-jwt';
    fetchMock.mockResolvedValue(json(200, {}));
    await request('GET', '/users/profile');
    expect(authHeader(0).authorization).toBeUndefined();
  });

  it('never sends a token on login, even when one is stored', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await request('POST', '/auth/login', { body: { email: 'a', password: 'b' } });
    expect(authHeader(0).authorization).toBeUndefined();
  });
});

describe('401 handling', () => {
  it('refreshes once and retries with the new token', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { message: 'invalid_token' })).mockResolvedValueOnce(json(200, { id: 1 }));
    await expect(request('GET', '/users/profile')).resolves.toEqual({ id: 1 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(authHeader(1).authorization).toBe(`Bearer ${FRESH}`);
  });

  it('does not refresh twice for one request: a second 401 is returned', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'nope' }));
    await expect(request('GET', '/users/profile')).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('ends the session when the refresh fails', async () => {
    refresh.mockRejectedValueOnce(new ApiError(401, 'refresh_token_reused'));
    fetchMock.mockResolvedValue(json(401, { message: 'invalid_token' }));
    await expect(request('GET', '/users/profile')).rejects.toBeInstanceOf(ApiError);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does not try to refresh a failed login', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'invalid_credentials: wrong' }));
    await expect(request('POST', '/auth/login', { body: {} })).rejects.toMatchObject({ message: 'invalid_credentials: wrong' });
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('retries', () => {
  it('retries a network failure once, then reports a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await request('GET', '/health').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('recovers when the retry succeeds', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(200, { status: 'ok' }));
    await expect(request('GET', '/health')).resolves.toEqual({ status: 'ok' });
  });

  it('retries an idempotent request once on a 5xx, but never a POST', async () => {
    fetchMock.mockResolvedValue(json(503, { message: 'busy' }));
    await expect(request('PUT', '/users/profile', { body: {} })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    fetchMock.mockClear();
    await expect(request('POST', '/files', { body: {} })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry a 4xx', async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'Email is required', errors: [{ field: 'email', message: 'Email is required' }] }));
    const error = (await request('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error.fieldError('email')).toBe('Email is required');
  });
});

describe('bodies', () => {
  it('sends JSON with its content type and FormData as it is', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await request('POST', '/auth/forgot-password', { body: { email: 'a@b.no' } });
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.no"}');
    const form = new FormData();
    await request('POST', '/files', { body: form });
    const upload = fetchMock.mock.calls[1]![1] as RequestInit;
    expect(upload.body).toBe(form);
    expect((upload.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('builds query strings and skips undefined values', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await request('GET', '/auth/check-phone-exists', { query: { phoneNumber: '+47 12345678', countryCode: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/check-phone-exists?phoneNumber=%2B47+12345678');
  });
});
