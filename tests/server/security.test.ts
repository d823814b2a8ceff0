import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { idempotencyKeys, users } from '../../server/db/schema';
import { bearerToken } from '../../server/lib/authenticate';
import { safeMessage } from '../../server/lib/error-log';
import { isLoopbackAddress } from '../../server/modules/dev/routes';
import type { AuthResponse } from '../../src/domain/user';
import { listingFixture } from './helpers/listings';
import { PASSWORD, signUp, signUpAdmin } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (token: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: '/api/users/profile', headers: { ...headers, authorization: `Bearer ${token}` } });
const OUTSIDE = '203.0.113.7';

describe('access tokens end with their session', () => {
  it('is refused after logout', async () => {
    const a = await signUp(t);
    expect((await profile(a.accessToken)).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: a.refreshToken } });
    expect(out.statusCode).toBe(204);
    const after = await profile(a.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/^invalid_token:/);
  });

  it('is refused after the refresh token was reused (the family is revoked)', async () => {
    const a = await signUp(t);
    const first = await t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: a.refreshToken } });
    expect(first.statusCode).toBe(200);
    const next = first.json() as AuthResponse;
    expect((await profile(next.accessToken)).statusCode).toBe(200);
    const reuse = await t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: a.refreshToken } });
    expect(reuse.statusCode).toBe(401);
    expect((await profile(next.accessToken)).statusCode).toBe(401);
    expect((await profile(a.accessToken)).statusCode).toBe(401);
  });

  it('is refused after a password reset, on every session of the user', async () => {
    const a = await signUp(t);
    const other = (await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: a.email, password: PASSWORD } })).json() as AuthResponse;
    expect((await profile(a.accessToken)).statusCode).toBe(200);
    expect((await profile(other.accessToken)).statusCode).toBe(200);
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: a.email } });
    const mail = (await t.outbox()).find((m) => m.to === a.email && /reset/i.test(m.subject));
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    const reset = await t.request({ method: 'POST', url: '/api/auth/reset-password',
      payload: { email: a.email, token: link.searchParams.get('token'), newPassword: 'Another12!' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await profile(a.accessToken)).statusCode).toBe(401);
    expect((await profile(other.accessToken)).statusCode).toBe(401);
  });

  it('keeps the session that changed the password and ends the others', async () => {
    const a = await signUp(t);
    const other = (await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: a.email, password: PASSWORD } })).json() as AuthResponse;
    expect((await profile(other.accessToken)).statusCode).toBe(200);
    const change = await t.request({ method: 'POST', url: '/api/users/change-password', token: a.accessToken,
      payload: { oldPassword: PASSWORD, newPassword: 'Another12!', confirmPassword: 'Another12!' } });
    expect(change.statusCode, change.body).toBe(200);
    expect((await profile(a.accessToken)).statusCode).toBe(200);
    expect((await profile(other.accessToken)).statusCode).toBe(401);
  });

  it('is refused once the user is deleted (its sessions go with it)', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect((await profile(b.accessToken)).statusCode).toBe(200);
    await t.deps.db.delete(users).where(eq(users.email, a.email));
    await t.deps.db.delete(users).where(eq(users.email, b.email));
    // Never seen by this process since the deletion: the database answers at once.
    expect((await profile(a.accessToken)).statusCode).toBe(401);
    // Seen live a moment ago, deleted outside the app: refused once the short cache has expired.
    t.advance(t.config.sessionCheckTtlMs + 1000);
    expect((await profile(b.accessToken)).statusCode).toBe(401);
  });

  it('also ends on public routes, so the client refreshes instead of acting half-logged-in', async () => {
    const a = await signUp(t);
    await t.request({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: a.refreshToken } });
    const res = await t.request({ method: 'GET', url: '/api/health', token: a.accessToken });
    expect(res.statusCode).toBe(401);
  });
});

describe('the Authorization scheme', () => {
  it('is case-insensitive', async () => {
    const a = await signUp(t);
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      expect((await t.request({ method: 'GET', url: '/api/users/profile', headers: { authorization: `${scheme} ${a.accessToken}` } })).statusCode).toBe(200);
    }
    const bad = await t.request({ method: 'GET', url: '/api/health', headers: { authorization: 'bearer not-a-token' } });
    expect(bad.statusCode).toBe(401);
  });

  it('parses the header as RFC 7235 says', () => {
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('bearer  a.b.c ')).toBe('a.b.c');
    expect(bearerToken('Bearer')).toBe('');
    expect(bearerToken('Bearer a b')).toBe('');
  });
});

describe('the local outbox', () => {
  it('is served to the machine itself', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress })).statusCode, remoteAddress).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
  });

  it('is refused to other addresses, to forwarded requests and to non-admin users', async () => {
    const a = await signUp(t);
    const cases = [
      { remoteAddress: OUTSIDE },
      { remoteAddress: '::ffff:10.0.0.2' },
      { remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${a.accessToken}` } },
      // X-Forwarded-For is not trusted to make a caller local; a proxy in front makes everyone look local.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': OUTSIDE } },
      { remoteAddress: OUTSIDE, headers: { 'x-forwarded-for': '127.0.0.1' } },
    ];
    for (const c of cases) {
      for (const url of ['/api/dev/outbox', '/dev/outbox']) {
        const res = await t.app.inject({ method: 'GET', url, ...c });
        expect(res.statusCode, `${url} ${JSON.stringify(c)}`).toBe(403);
        expect(res.json().message).toMatch(/only served on the server's own machine/);
        expect(res.body).not.toContain('@example.org');
      }
    }
  });

  it('is served to an Admin from anywhere', async () => {
    const admin = await signUpAdmin(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('knows loopback addresses', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::FFFF:127.0.0.9')).toBe(true);
    expect(isLoopbackAddress('128.0.0.1')).toBe(false);
    expect(isLoopbackAddress('::2')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });
});

describe('Idempotency-Key rows', () => {
  const rows = async () => (await t.deps.db.select({ n: count() }).from(idempotencyKeys))[0]!.n;

  it('are never written for a request refused for its login or role', async () => {
    const a = await signUp(t);
    const before = await rows();
    const anonymous = await t.request({ method: 'PUT', url: '/api/users/notification-preferences', headers: { 'idempotency-key': randomUUID() }, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const fav = await t.request({ method: 'POST', url: `/api/Favorites/${randomUUID()}`, headers: { 'idempotency-key': randomUUID() } });
    expect(fav.statusCode).toBe(401);
    const notAdmin = await t.request({ method: 'POST', url: '/api/category', token: a.accessToken, headers: { 'idempotency-key': randomUUID() }, payload: { name: 'X' } });
    expect(notAdmin.statusCode).toBe(403);
    expect(await rows()).toBe(before);
  });

  it('are still written and replayed for an authenticated request', async () => {
    const a = await signUp(t);
    const f = await listingFixture(t);
    const listing = await f.add();
    const key = randomUUID();
    const first = await t.request({ method: 'POST', url: `/api/Favorites/${listing.id}`, token: a.accessToken, headers: { 'idempotency-key': key } });
    expect(first.statusCode).toBe(200);
    const again = await t.request({ method: 'POST', url: `/api/Favorites/${listing.id}`, token: a.accessToken, headers: { 'idempotency-key': key } });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });
});

describe('POST /ListingStatistics/record rate limit', () => {
  it('limits per address and device, and per address across invented devices', async () => {
    const limited = await createTestApp({ rateLimits: { ...t.config.rateLimits, statistics: { max: 3, windowMs: 60_000 } } });
    try {
      const f = await listingFixture(limited);
      const listing = await f.add();
      const record = (remoteAddress: string, deviceId?: string) => limited.app.inject({
        method: 'POST', url: '/api/ListingStatistics/record', remoteAddress,
        payload: { listingId: listing.id, eventType: 'view', metadata: deviceId ? { deviceId } : {} },
      });
      for (let i = 0; i < 3; i++) expect((await record('198.51.100.1', 'device-a')).statusCode).toBe(204);
      const over = await record('198.51.100.1', 'device-a');
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // Another device at the same address, and another address, have their own budgets.
      expect((await record('198.51.100.1', 'device-b')).statusCode).toBe(204);
      expect((await record('198.51.100.2', 'device-a')).statusCode).toBe(204);
      // Without a device id the address is one device.
      for (let i = 0; i < 3; i++) expect((await record('198.51.100.3')).statusCode).toBe(204);
      expect((await record('198.51.100.3')).statusCode).toBe(429);
      // A new device id per call is stopped by the address budget (10 devices' worth).
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await record('198.51.100.4', `device-${i}`)).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('security headers', () => {
  it('are sent on the app, the API, errors and the outbox, with HSTS only behind https', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const staticDir = await mkdtemp(join(tmpdir(), 'em-static-'));
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>EventMarket</title><div id="root"></div>');
    const plain = await buildApp({ ...t.deps, config: { ...t.config, staticDir } });
    const tls = await buildApp({ ...t.deps, config: { ...t.config, staticDir, publicUrl: 'https://market.example' } });
    try {
      for (const url of ['/', '/listings', '/api/health', '/api/nope', '/api/users/profile']) {
        const res = await plain.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        expect(csp, url).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain('img-src \'self\' data: blob: https://i.ytimg.com');
        expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
        expect(csp).toContain("connect-src 'self' ws://app.test");
        expect(csp).not.toContain('unsafe-inline');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['strict-transport-security']).toBeUndefined();
        const secure = await tls.inject({ method: 'GET', url });
        expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
        expect(String(secure.headers['content-security-policy'])).toContain('wss://market.example');
      }
      const page = await plain.inject({ method: 'GET', url: '/dev/outbox' });
      expect(page.statusCode).toBe(200);
      const pageCsp = String(page.headers['content-security-policy']);
      // The page's one inline style is allowed by its hash, nothing else.
      expect(pageCsp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
      expect(pageCsp).toContain("default-src 'none'");
      expect(pageCsp).toContain("frame-ancestors 'none'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await plain.close();
      await tls.close();
    }
  });
});

describe('the 500 log', () => {
  it('keeps the error without the values bound to the query', async () => {
    const lines: string[] = [];
    const app = await buildApp({ ...t.deps, config: { ...t.config, logLevel: 'error' }, logStream: { write: (line) => { lines.push(line); } } });
    const email = `leak.${Date.now()}@example.org`;
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$SECRETSALT$SECRETHASHVALUE';
    const existing = await signUp(t);
    // Errors the request did not cause (db-errors.ts maps constraint and data errors to 4xx), so
    // they stay 500s: a statement on a missing table carries drizzle's params (the e-mail and a
    // hash), and a name PostgreSQL quotes back in its message carries the input itself.
    app.post('/api/test/duplicate', async () => {
      await t.deps.db.execute(sql`insert into no_such_table (email, password_hash, first_name) values (${existing.email}, ${hash}, ${email})`);
    });
    app.get('/api/test/cast', async () => {
      await t.deps.db.execute(sql`select ${email}::regclass`);
    });
    try {
      const dup = await app.inject({ method: 'POST', url: '/api/test/duplicate?token=SECRETQUERY' });
      expect(dup.statusCode).toBe(500);
      const cast = await app.inject({ method: 'GET', url: '/api/test/cast' });
      expect(cast.statusCode).toBe(500);
      const log = lines.join('');
      expect(lines.length).toBe(2);
      for (const secret of ['SECRETHASHVALUE', 'SECRETSALT', email, existing.email, 'SECRETQUERY']) expect(log).not.toContain(secret);
      const [first, second] = lines.map((line) => JSON.parse(line) as { msg: string; method: string; route: string; error: { type: string; message: string; code?: string; stack: string; cause?: { code?: string; message: string; constraint?: string } } });
      expect(first).toMatchObject({ msg: 'request failed', method: 'POST', route: '/api/test/duplicate' });
      expect(first!.error.message).toMatch(/^Failed query: insert into no_such_table/);
      expect(first!.error.stack).toMatch(/\n\s+at /);
      expect(first!.error.cause).toMatchObject({ code: '42P01', message: expect.stringContaining('no_such_table') });
      expect(first!.error.stack).not.toMatch(/params:/);
      expect(second).toMatchObject({ method: 'GET', route: '/api/test/cast' });
      // 0A000 here (a dotted name reads as a cross-database reference): any code, not a 4xx mapping.
      expect(JSON.stringify(second!.error)).toMatch(/"code":"[0-9A-Z]{5}"/);
      expect(JSON.stringify(second!.error)).toContain('[redacted]');
    } finally {
      await app.close();
    }
  });

  it('drops params and quoted input from messages', () => {
    expect(safeMessage('Failed query: select $1\nparams: a@b.no,hash')).toBe('Failed query: select $1');
    expect(safeMessage('invalid input syntax for type uuid: "a@b.no"')).toBe('invalid input syntax for type uuid: "[redacted]"');
    expect(safeMessage('duplicate key value violates unique constraint "users_email_unique"')).toBe('duplicate key value violates unique constraint "users_email_unique"');
  });
});
