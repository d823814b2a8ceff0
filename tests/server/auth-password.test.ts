import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/domain/validation';
import { createTestApp, type TestApp } from './helpers/test-app';
import { PASSWORD, registration, signUp } from './helpers/accounts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const NEW_PASSWORD = 'Fresh456$';

async function resetLink(email: string): Promise<URL> {
  const res = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  expect(res.statusCode).toBe(200);
  const mail = (await t.outbox()).find((m) => m.to === email && m.subject.includes('Reset'));
  expect(mail).toBeTruthy();
  return new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
}

const login = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('forgot password', () => {
  it('gives the same neutral answer for known and unknown e-mails, and mails only the known one', async () => {
    const { email } = await signUp(t);
    const known = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const unknown = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.org' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const recipients = (await t.outbox()).map((m) => m.to);
    expect(recipients).toContain(email);
    expect(recipients).not.toContain('nobody@example.org');
  });

  it('mails a link of the form PUBLIC_URL/reset-password?email=…&token=…', async () => {
    const { email } = await signUp(t);
    const url = await resetLink(email);
    expect(`${url.origin}${url.pathname}`).toBe('http://app.test/reset-password');
    expect(url.searchParams.get('email')).toBe(email);
    expect(url.searchParams.get('token')).toBeTruthy();
  });

  it('rejects a malformed e-mail with 400', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'x' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('reset password', () => {
  it('reading B: {email, token, newPassword} sets the password and ends every session', async () => {
    const { email, refreshToken } = await signUp(t);
    const url = await resetLink(email);
    const res = await t.request({ method: 'POST', url: '/api/auth/reset-password',
      payload: { email: url.searchParams.get('email'), token: url.searchParams.get('token'), newPassword: NEW_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } })).statusCode).toBe(401);
    // The link is single-use.
    const again = await t.request({ method: 'POST', url: '/api/auth/reset-password',
      payload: { email, token: url.searchParams.get('token'), newPassword: 'Another789%' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The password reset link is invalid or has expired.');
  });

  it('reading A: token and userId in the query, {password, confirmPassword} in the body', async () => {
    const { email, user } = await signUp(t);
    const url = await resetLink(email);
    const token = encodeURIComponent(url.searchParams.get('token')!);
    const mismatch = await t.request({ method: 'POST', url: `/api/auth/reset-password?token=${token}&userId=${user.id}`,
      payload: { password: NEW_PASSWORD, confirmPassword: 'Other456$' } });
    expect(mismatch.json().errors).toContainEqual({ field: 'confirmPassword', message: Messages.PasswordMismatch });
    const res = await t.request({ method: 'POST', url: `/api/auth/reset-password?token=${token}&userId=${user.id}`,
      payload: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('applies the password rules and refuses wrong, expired or missing tokens', async () => {
    const { email } = await signUp(t);
    const url = await resetLink(email);
    const token = url.searchParams.get('token');
    const weak = await t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { email, token, newPassword: 'weakpass' } });
    expect(weak.json().errors).toContainEqual({ field: 'newPassword', message: Messages.PasswordRequirements });
    const short = await t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { email, token, newPassword: 'Ab1!' } });
    expect(short.json().errors).toContainEqual({ field: 'newPassword', message: Messages.PasswordMinLength });
    const wrong = await t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { email, token: 'nope', newPassword: NEW_PASSWORD } });
    expect(wrong.statusCode).toBe(400);
    const missing = await t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: NEW_PASSWORD } });
    expect(missing.statusCode).toBe(400);
    t.advance(3600_000 + 1000);
    const expired = await t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { email, token, newPassword: NEW_PASSWORD } });
    expect(expired.statusCode).toBe(400);
  });

  it('confirms the e-mail of an unconfirmed account, since the link proves the address', async () => {
    const body = registration();
    await t.request({ method: 'POST', url: '/api/auth/register', payload: body });
    const url = await resetLink(body.email);
    await t.request({ method: 'POST', url: '/api/auth/reset-password',
      payload: { email: body.email, token: url.searchParams.get('token'), newPassword: NEW_PASSWORD } });
    expect((await login(body.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('resend confirmation e-mail', () => {
  const resend = (email: string) => t.request({ method: 'POST', url: '/api/auth/resend-confirmation-email', payload: { email } });

  it('allows at most 5 resends, spaced at least 60 s, and counts down the remaining ones', async () => {
    const body = registration();
    await t.request({ method: 'POST', url: '/api/auth/register', payload: body });
    const tooSoon = await resend(body.email);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/wait \d+ seconds/);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    const remaining = [];
    for (let i = 0; i < 5; i++) {
      t.advance(60_000);
      const res = await resend(body.email);
      expect(res.statusCode, res.body).toBe(200);
      remaining.push(res.json().remainingRetries);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    t.advance(60_000);
    const max = await resend(body.email);
    expect(max.statusCode).toBe(429);
    expect(max.json().message).toContain('max_retries_reached');
    const mails = (await t.outbox()).filter((m) => m.to === body.email);
    expect(mails).toHaveLength(6);
  });

  it('answers neutrally for unknown and already confirmed accounts without sending mail', async () => {
    const { email } = await signUp(t);
    const before = (await t.outbox()).length;
    expect((await resend(email)).statusCode).toBe(200);
    expect((await resend('nobody@example.org')).statusCode).toBe(200);
    expect((await t.outbox()).length).toBe(before);
  });
});
