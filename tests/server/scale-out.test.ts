import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, parseS3Url, parseTrustProxy } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { shareCatalogueBumps } from '../../server/lib/catalogue-bumps';
import { sendLimitFor, CHAT_SEND_LIMIT } from '../../server/modules/chats/send-limit';
import { bumpCatalogue, catalogueVersion } from '../../server/modules/listings/search-cache';
import { parseSessionsEnded } from '../../server/lib/session-check';
import { memoryProcessBus, postgresProcessBus, type ProcessBus } from '../../server/platform/process-bus';
import { s3FileStore } from '../../server/platform/s3-file-store';
import { makePng, multipart } from '../fixtures/images';
import { startLocalS3, type LocalS3 } from '../fixtures/s3-server';
import { signUp } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

const serverUrl = process.env.TEST_DATABASE_URL;
/** The LISTEN connection the "lost connection" test cuts, told apart from every other bus on the server. */
const HERE_BUS = `scale-out-test-${process.pid}`;
const login = (t: TestApp, forwardedFor?: string) => t.request({
  method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.org', password: 'wrong-password' },
  ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
});
/** Login limited to `max` a minute per address; generous elsewhere (the test app's own limits). */
const tightLogin = (max = 2) => ({
  rateLimits: { ...loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '.tmp' }).rateLimits, login: { max, windowMs: 60_000 } },
});

describe('the process bus', () => {
  it('in one process: delivers each channel to its own listeners after the publisher awaited, until unsubscribed', async () => {
    const bus = memoryProcessBus();
    const chat: string[] = [];
    const sessions: string[] = [];
    const stopChat = bus.subscribe('chat_messages', (p) => chat.push(p));
    bus.subscribe('sessions_ended', (p) => sessions.push(p));
    const sent = bus.publish('chat_messages', 'one');
    expect(chat).toEqual([]);
    await sent;
    stopChat();
    await bus.publish('chat_messages', 'two');
    await bus.publish('sessions_ended', 'three');
    expect([chat, sessions]).toEqual([['one'], ['three']]);
    await bus.close();
    await bus.publish('sessions_ended', 'after close');
    expect(sessions).toEqual(['three']);
  });

  it('takes only well-formed session announcements', () => {
    const id = crypto.randomUUID();
    expect(parseSessionsEnded(JSON.stringify({ userId: id, familyIds: [id] }))).toEqual({ userId: id, familyIds: [id] });
    for (const bad of ['', 'not json', 'null', '[]', JSON.stringify({ userId: id }), JSON.stringify({ userId: 5, familyIds: [] }),
      JSON.stringify({ userId: id, familyIds: ['a b'] }), JSON.stringify({ userId: 'x'.repeat(65), familyIds: [] })]) {
      expect(parseSessionsEnded(bad), bad).toBeNull();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('reads off, on, a hop count, and addresses, CIDRs and keywords; refuses anything else', () => {
    for (const off of [undefined, '', 'false', 'off', '0', 'no']) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,loopback, ::1, fd00::/8')).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback', '::1', 'fd00::/8']);
    for (const bad of ['proxy.example.org', '10.0.0.0/33', '10.0.0.1/8/2', '1.2.3', 'yes please']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '.tmp', TRUST_PROXY: 'somewhere' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '.tmp' }).trustProxy).toBe(false);
  });

  describe('off (the default)', () => {
    let t: TestApp;
    beforeAll(async () => { t = await createTestApp(tightLogin()); });
    afterAll(() => t.close());

    it('counts by the socket address: a forged X-Forwarded-For does not buy a new budget', async () => {
      expect([(await login(t, '203.0.113.1')).statusCode, (await login(t, '203.0.113.2')).statusCode]).toEqual([401, 401]);
      expect((await login(t, '203.0.113.3')).statusCode).toBe(429);
    });
  });

  describe('naming the proxy', () => {
    let t: TestApp;
    // app.inject comes from 127.0.0.1: the proxy's address.
    beforeAll(async () => { t = await createTestApp({ ...tightLogin(), trustProxy: ['127.0.0.1'] }); });
    afterAll(() => t.close());

    it('counts each client behind the proxy by its own address', async () => {
      expect([(await login(t, '203.0.113.1')).statusCode, (await login(t, '203.0.113.1')).statusCode]).toEqual([401, 401]);
      expect((await login(t, '203.0.113.1')).statusCode).toBe(429);
      // Another client behind the same proxy has its own budget; a client's own forged hop is ignored.
      expect((await login(t, '198.51.100.7')).statusCode).toBe(401);
      expect((await login(t, '10.9.9.9, 198.51.100.7')).statusCode).toBe(401);
      expect((await login(t, '10.9.9.9, 198.51.100.7')).statusCode).toBe(429);
    });

    it('still refuses the local outbox to a forwarded request from loopback', async () => {
      const res = await t.request({ method: 'GET', url: '/api/dev/outbox', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(200);
    });
  });
});

describe('S3_URL', () => {
  it('reads the endpoint, credentials, bucket, prefix, region and path style', () => {
    expect(parseS3Url(undefined)).toBeNull();
    expect(parseS3Url('http://AK%2F1:s%40cret@127.0.0.1:9000/uploads/em/files?region=eu-north-1&forcePathStyle=true')).toEqual({
      endpoint: 'http://127.0.0.1:9000', region: 'eu-north-1', bucket: 'uploads', prefix: 'em/files/',
      accessKeyId: 'AK/1', secretAccessKey: 's@cret', forcePathStyle: true,
    });
    expect(parseS3Url('s3://AK:SECRET@my-bucket?region=eu-west-1')).toMatchObject({
      endpoint: null, bucket: 'my-bucket', prefix: '', region: 'eu-west-1', forcePathStyle: false,
    });
    for (const bad of ['not a url', 'ftp://a:b@host/bucket', 'http://host:9000/bucket', 'http://a:b@host:9000/', 'http://a:b@host/UPPER']) {
      expect(() => parseS3Url(bad), bad).toThrow(/S3_URL/);
    }
  });

  describe('uploads through the app into the bucket', () => {
    let s3: LocalS3;
    let store: ReturnType<typeof s3FileStore>;
    let t: TestApp;
    beforeAll(async () => {
      s3 = await startLocalS3();
      store = s3FileStore(parseS3Url(s3.url)!);
      t = await createTestApp({}, { fileStore: store });
    });
    afterAll(async () => {
      await t?.close();
      store?.close();
      await s3?.stop();
    });

    it('upload → read → variant → delete', async () => {
      const user = await signUp(t);
      const png = await makePng(300, 200);
      const sha = createHash('sha256').update(png).digest('hex');
      const uploaded = await t.request({ method: 'POST', url: '/api/files', token: user.accessToken, ...(await multipart('data', png, 'a.png', 'image/png')) });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const { id } = uploaded.json() as { id: string };
      expect(Buffer.compare(await store.read(sha), png)).toBe(0);

      const original = await t.request({ method: 'GET', url: `/api/files/${id}` });
      expect(Buffer.compare(original.rawPayload, png)).toBe(0);
      const variant = await t.request({ method: 'GET', url: `/api/files/${id}?width=64` });
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      const kept = await store.readVariant(`${sha}-w64`);
      expect(kept && Buffer.compare(kept, variant.rawPayload)).toBe(0);

      expect((await t.request({ method: 'DELETE', url: `/api/files/${id}`, token: user.accessToken })).statusCode).toBe(204);
      await expect(store.read(sha)).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await store.readVariant(`${sha}-w64`)).toBeNull();
      expect((await t.request({ method: 'GET', url: `/api/files/${id}` })).statusCode).toBe(404);
    });
  });
});

/** Two apps on one PostgreSQL database: two server processes as far as the database and the bus go. */
describe.skipIf(!serverUrl)('two apps on one PostgreSQL (TEST_DATABASE_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Session answers cached for 10 minutes: only the bus can end a session on the other app in time.
    a = await createTestApp({ ...tightLogin(3), sessionCheckTtlMs: 600_000 });
    b = await createTestApp({ ...tightLogin(3), sessionCheckTtlMs: 600_000 }, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a logout on one app ends the access token on the other at once', async () => {
    const user = await signUp(a);
    const profile = (t: TestApp) => t.request({ method: 'GET', url: '/api/users/profile', token: user.accessToken });
    expect((await profile(b)).statusCode).toBe(200);
    expect((await a.request({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: user.refreshToken } })).statusCode).toBe(204);
    expect((await profile(a)).statusCode).toBe(401);
    // B cached the session as live for 10 minutes; the announcement arrives in milliseconds.
    await vi.waitFor(async () => expect((await profile(b)).statusCode).toBe(401), { timeout: 5000, interval: 20 });
  });

  // After the logout test, whose sign-up logged in once on A: this one spends the rest of the budget of 3.
  it('share one login budget per address', async () => {
    expect([(await login(a)).statusCode, (await login(b)).statusCode]).toEqual([401, 401]);
    expect((await login(a)).statusCode).toBe(429);
    expect((await login(b)).statusCode).toBe(429);
  });

  it('share one chat send budget per account', async () => {
    const userId = crypto.randomUUID();
    const there = sendLimitFor(b.deps);
    for (let i = 0; i < CHAT_SEND_LIMIT.max - 1; i++) await sendLimitFor(a.deps).count(userId);
    expect(await there.waitSeconds(userId)).toBe(0);
    await there.count(userId);
    expect(await sendLimitFor(a.deps).waitSeconds(userId)).toBeGreaterThan(0);
    expect(await there.waitSeconds(userId)).toBeGreaterThan(0);
  });

});

describe.skipIf(!serverUrl)('catalogue bumps across processes (TEST_DATABASE_URL)', () => {
  let here: ProcessBus;
  let there: ProcessBus;
  beforeAll(async () => {
    here = await postgresProcessBus(serverUrl!, { applicationName: HERE_BUS });
    there = await postgresProcessBus(serverUrl!);
  });
  afterAll(async () => {
    await here?.close();
    await there?.close();
  });

  it('a bump is announced, and another process\'s bump empties this one\'s caches', async () => {
    const sharing = shareCatalogueBumps(here, (error) => { throw error; });
    try {
      const heard: string[] = [];
      const stop = there.subscribe('catalogue_bumped', (payload) => heard.push(payload));
      bumpCatalogue();
      await sharing.flush();
      await vi.waitFor(() => expect(heard).toHaveLength(1));
      stop();

      // Its own announcement does not bump again; someone else's does.
      const before = catalogueVersion();
      await there.publish('catalogue_bumped', heard[0]!);
      await there.publish('catalogue_bumped', 'another-process');
      await vi.waitFor(() => expect(catalogueVersion()).toBe(before + 1));
    } finally {
      sharing.stop();
    }
  });

  it('empties the caches when the bus lost its connection (announcements may be missed)', async () => {
    const sharing = shareCatalogueBumps(here, (error) => { throw error; });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const before = catalogueVersion();
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      // Only this test's bus: other test files' buses on the same server must keep listening.
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [HERE_BUS]);
      await admin.end();
      await vi.waitFor(() => expect(catalogueVersion()).toBeGreaterThan(before), { timeout: 10_000 });
    } finally {
      sharing.stop();
      warn.mockRestore();
    }
  });
});

describe.skipIf(!serverUrl)('migrations with several processes starting at once (TEST_DATABASE_URL)', () => {
  it('four openers of one new database all start, and each migration ran once', async () => {
    const name = `test_${crypto.randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ databaseUrl: url.toString(), pgliteDir: null })));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
      await check.end();
      expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(applied.rows.length);
      expect(applied.rows.length).toBe(readdirSync('server/db/migrations').filter((f) => f.endsWith('.sql')).length);
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
