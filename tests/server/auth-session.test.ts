import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import { PASSWORD, confirmationLink, registration, signUp } from './helpers/accounts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const login = (email: string, password = PASSWORD) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const refresh = (refreshToken: string) =>
  t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });

describe('login', () => {
  it('refuses an unconfirmed e-mail with email_not_verified, then accepts it after confirmation', async () => {
    const body = registration();
    await t.request({ method: 'POST', url: '/api/auth/register', payload: body });
    const before = await login(body.email);
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toContain('email_not_verified');
    const { token, userId } = await confirmationLink(t, body.email);
    const confirm = await t.request({ method: 'GET', url: `/api/auth/confirm-email?token=${encodeURIComponent(token)}&userId=${userId}` });
    expect(confirm.statusCode).toBe(200);
    const after = await login(body.email.toUpperCase());
    expect(after.statusCode).toBe(200);
    const auth = after.json();
    expect(auth.accessToken).toBe(auth.token);
    expect(auth.accessToken.split('.')).toHaveLength(3);
    expect(auth.refreshToken).toBeTruthy();
    expect(auth.expiresIn).toBe(t.config.accessTokenTtlSeconds);
    expect(auth.user).toMatchObject({ email: body.email, firstName: 'Kari', fullName: 'Kari Nordmann', roles: [] });
    expect(auth.user).not.toHaveProperty('passwordHash');
  });

  it('answers a wrong password and an unknown e-mail alike with invalid_credentials', async () => {
    const { email } = await signUp(t);
    const wrong = await login(email, 'Wrong123!');
    const unknown = await login('ghost@example.org');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toContain('invalid_credentials');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rate-limits login attempts', async () => {
    const limited = await createTestApp({ rateLimits: { ...t.config.rateLimits, login: { max: 3, windowMs: 60_000 } } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await limited.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.no', password: 'x' } })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('confirm-email', () => {
  it('rejects a wrong token, a missing token and a malformed user id', async () => {
    const body = registration();
    await t.request({ method: 'POST', url: '/api/auth/register', payload: body });
    const { userId, token } = await confirmationLink(t, body.email);
    const wrong = await t.request({ method: 'GET', url: `/api/auth/confirm-email?token=nope&userId=${userId}` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The confirmation link is invalid or has expired.');
    expect((await t.request({ method: 'GET', url: `/api/auth/confirm-email?userId=${userId}` })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/auth/confirm-email?token=${token}&userId=123` })).statusCode).toBe(400);
  });

  it('expires the link after 48 hours', async () => {
    const body = registration();
    await t.request({ method: 'POST', url: '/api/auth/register', payload: body });
    const { userId, token } = await confirmationLink(t, body.email);
    t.advance(48 * 3600_000 + 1000);
    const res = await t.request({ method: 'GET', url: `/api/auth/confirm-email?token=${encodeURIComponent(token)}&userId=${userId}` });
    expect(res.statusCode).toBe(400);
  });

  it('treats a second click on a used link as already confirmed', async () => {
    const body = registration();
    await t.request({ method: 'POST', url: '/api/auth/register', payload: body });
    const { userId, token } = await confirmationLink(t, body.email);
    const url = `/api/auth/confirm-email?token=${encodeURIComponent(token)}&userId=${userId}`;
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    const again = await t.request({ method: 'GET', url });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatch(/already confirmed/);
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh answers new tokens and the new access token works', async () => {
    const first = await signUp(t);
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).toBe(second.token);
    const profile = await t.request({ method: 'GET', url: '/api/users/profile', token: second.accessToken });
    expect(profile.statusCode).toBe(200);
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is used again', async () => {
    const first = await signUp(t);
    const second = (await refresh(first.refreshToken)).json();
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toContain('refresh_token_reused');
    // The thief's reuse also ends the legitimate holder's newer token.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it('leaves other login sessions alone when one family is revoked', async () => {
    const first = await signUp(t);
    const other = (await login(first.email)).json();
    await refresh(first.refreshToken);
    await refresh(first.refreshToken);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('refuses unknown, empty and expired refresh tokens', async () => {
    expect((await refresh('made-up')).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: {} })).statusCode).toBe(400);
    const { refreshToken } = await signUp(t);
    t.advance((t.config.refreshTokenTtlDays + 1) * 86_400_000);
    const expired = await refresh(refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toContain('refresh_token_expired');
  });

  it('logout ends the session', async () => {
    const { refreshToken } = await signUp(t);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken } });
    expect(out.statusCode).toBe(204);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('are short-lived: an expired one gets 401 so the client refreshes', async () => {
    const { accessToken } = await signUp(t);
    expect((await t.request({ method: 'GET', url: '/api/users/profile', token: accessToken })).statusCode).toBe(200);
    t.advance((t.config.accessTokenTtlSeconds + 5) * 1000);
    const res = await t.request({ method: 'GET', url: '/api/users/profile', token: accessToken });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('invalid_token');
  });

  it('refuses a tampered token', async () => {
    const { accessToken } = await signUp(t);
    const [h, p] = accessToken.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expect((await t.request({ method: 'GET', url: '/api/users/profile', token: forged })).statusCode).toBe(401);
  });
});
