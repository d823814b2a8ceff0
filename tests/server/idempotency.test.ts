import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, listingEvents } from '../../server/db/schema';
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_TTL_MS } from '../../src/domain/sync';
import { PASSWORD, signUp } from './helpers/accounts';
import { listingFixture } from './helpers/listings';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let token: string;
let otherToken: string;
let email: string;
let listingId: string;

beforeAll(async () => {
  t = await createTestApp();
  const f = await listingFixture(t);
  listingId = (await f.add()).id;
  const user = await signUp(t);
  token = user.accessToken;
  email = user.email;
  otherToken = (await signUp(t)).accessToken;
});
afterAll(() => t.close());

const record = (key: string | undefined, as: string | undefined = token, eventType = 'view') =>
  t.request({
    method: 'POST', url: '/api/ListingStatistics/record', token: as,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload: { listingId, eventType },
  });

/** A new access token (the clock moves forward in some tests, past the token's lifetime). */
async function login(): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  return res.json().accessToken as string;
}

const eventCount = async () => (await t.deps.db.select().from(listingEvents).where(eq(listingEvents.listingId, listingId))).length;

describe('Idempotency-Key', () => {
  it('runs a write once and answers a repeat with the first answer', async () => {
    const before = await eventCount();
    const key = randomUUID();
    const first = await record(key);
    expect(first.statusCode).toBe(204);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await record(key);
    expect(again.statusCode).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await eventCount()).toBe(before + 1);
    // Without a key every request runs.
    await record(undefined);
    await record(undefined);
    expect(await eventCount()).toBe(before + 3);
  });

  it('replays JSON answers and stored 4xx answers byte for byte', async () => {
    const key = randomUUID();
    const add = () => t.request({ method: 'POST', url: `/api/Favorites/${listingId}`, token, headers: { 'idempotency-key': key } });
    const first = await add();
    const second = await add();
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);

    const badKey = randomUUID();
    const bad = () => t.request({ method: 'PUT', url: '/api/users/profile', token, headers: { 'idempotency-key': badKey }, payload: { firstName: '' } });
    const r1 = await bad();
    const r2 = await bad();
    expect(r1.statusCode).toBe(400);
    expect(r2.statusCode).toBe(400);
    expect(r2.json()).toEqual(r1.json());
    expect(r2.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses the same key with a different request (422), and keeps keys per user', async () => {
    const key = randomUUID();
    expect((await record(key, token, 'view')).statusCode).toBe(204);
    const other = await record(key, token, 'favorite');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/different request/);
    // Another user's identical key is theirs: it runs, and is not a replay of the first user's answer.
    const before = await eventCount();
    const theirs = await record(key, otherToken, 'view');
    expect(theirs.statusCode).toBe(204);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventCount()).toBe(before + 1);
  });

  it('answers 409 with Retry-After while the first is running; an abandoned claim can be taken over', async () => {
    const key = randomUUID();
    const first = await record(key);
    expect(first.statusCode).toBe(204);
    const userId = (await t.request({ method: 'GET', url: '/api/users/profile', token })).json().id as string;
    // Pretend the first request is still running (a crash would leave it so).
    await t.deps.db.update(idempotencyKeys).set({ state: 'in_progress', statusCode: null }).where(eq(idempotencyKeys.key, key));
    const busy = await record(key);
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('1');
    t.advance(IDEMPOTENCY_ABANDONED_MS + 1000);
    token = await login();
    const before = await eventCount();
    const retaken = await record(key);
    expect(retaken.statusCode).toBe(204);
    expect(await eventCount()).toBe(before + 1);
    const [row] = await t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({ scope: userId, state: 'done', statusCode: 204 });
  });

  it('forgets a key after 24 hours', async () => {
    const key = randomUUID();
    await record(key);
    t.advance(IDEMPOTENCY_TTL_MS + 1000);
    token = await login();
    const before = await eventCount();
    const later = await record(key);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventCount()).toBe(before + 1);
  });

  it('rejects a malformed key with 400 and never stores answers of the auth routes', async () => {
    token = await login();
    const bad = await record('not a key!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('Idempotency-Key');
    const key = randomUUID();
    const keyedLogin = () => t.request({ method: 'POST', url: '/api/auth/login', headers: { 'idempotency-key': key }, payload: { email, password: PASSWORD } });
    const a = await keyedLogin();
    const b = await keyedLogin();
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(await t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });
});
