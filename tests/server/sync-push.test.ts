import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStatus, type PlannerEvent } from '../../src/domain/events';
import { PUSH_MAX_WRITES, type PushResponse, type PushWrite } from '../../src/domain/sync';
import type { Db } from '../../server/db/client';
import { favorites, idempotencyKeys, plannerEvents } from '../../server/db/schema';
import { applyPush } from '../../server/modules/sync/push';
import { parsePush } from '../../server/modules/sync/schemas';
import { signUp } from './helpers/accounts';
import { completeEvent, createEvent } from './helpers/events';
import { listingFixture } from './helpers/listings';
import { ANON, createTestApp, type TestApp } from './helpers/test-app';

// Runs on PGlite in-process and on PostgreSQL in CI (TEST_DATABASE_URL): nothing here depends on which.
let t: TestApp;
let f: Awaited<ReturnType<typeof listingFixture>>;
let me: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
const listings: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = await listingFixture(t);
  for (let i = 0; i < 3; i++) listings.push((await f.add()).id);
  me = await signUp(t);
  other = await signUp(t);
});
afterAll(() => t.close());

const push = (writes: unknown, token: string = me.accessToken) =>
  t.request({ method: 'POST', url: '/api/sync/push', token, payload: { writes } as object });
const pushed = async (writes: PushWrite[], token?: string) => {
  const res = await push(writes, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PushResponse).results;
};
const fav = (method: 'POST' | 'DELETE', listingId: string, key = randomUUID()): PushWrite =>
  ({ key, method, path: `/Favorites/${listingId}`, entity: `favorites:${listingId}` });
const myFavorites = async (userId = me.user.id) =>
  (await t.deps.db.select().from(favorites).where(eq(favorites.userId, userId))).map((r) => r.listingId).sort();
const keyRows = (keys: string[]) =>
  t.deps.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, me.user.id), inArray(idempotencyKeys.key, keys)));
const eventRow = async (id: string) => (await t.deps.db.select().from(plannerEvents).where(eq(plannerEvents.id, id)))[0];
/**
 * The database, except that the `nth` favourite insert of each transaction throws (so a write
 * fails the same way however often the push runs it, in a savepoint or not).
 */
function failingInsertsOf(database: Db, nth: number, counter?: { inserts: number }): Db {
  return new Proxy(database, {
    get(target, name, receiver) {
      if (name === 'transaction') {
        return (fn: (tx: Db) => Promise<unknown>) =>
          target.transaction((tx) => fn(failingInsertsOf(tx, nth, counter ?? { inserts: 0 })));
      }
      if (name === 'insert' && counter) {
        return (table: typeof favorites) => {
          if (table === favorites && ++counter.inserts === nth) throw new Error('disk full');
          return target.insert(table);
        };
      }
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
}
const clearFavorites = () => t.deps.db.delete(favorites).where(eq(favorites.userId, me.user.id));

describe('POST /sync/push', () => {
  it('applies the writes in order, each answered as its single route answers it, with its key stored', async () => {
    await clearFavorites();
    const [a, b] = listings;
    const writes = [fav('POST', a!), fav('POST', b!), fav('DELETE', a!)];
    const results = await pushed(writes);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.key)).toEqual(writes.map((w) => w.key));
    // Each answer is the whole list right after that write: the order was kept.
    expect(results.map((r) => (r as { body: { favoriteListings: string[] } }).body.favoriteListings.sort()))
      .toEqual([[a], [a, b].sort(), [b]]);
    expect(await myFavorites()).toEqual([b]);
    const rows = await keyRows(writes.map((w) => w.key));
    expect(rows.map((r) => [r.state, r.statusCode])).toEqual([['done', 200], ['done', 200], ['done', 200]]);
  });

  it('a resent push (its answer was lost) gets the stored answers and applies nothing twice', async () => {
    await clearFavorites();
    const [a] = listings;
    const created = completeEvent(f, { id: randomUUID() });
    const writes: PushWrite[] = [
      fav('POST', a!),
      { key: randomUUID(), method: 'POST', path: '/PlannerEvent', body: created, entity: `events:${created.id}` },
      { key: randomUUID(), method: 'PUT', path: `/PlannerEvent/${created.id}`, body: { ...created, eventConfig: { ...created.eventConfig, eventName: 'Edited' } }, ifMatch: 1, entity: `events:${created.id}` },
    ];
    const first = await pushed(writes);
    expect(first.map((r) => r.status)).toEqual([200, 201, 200]);
    expect(first[2]).toMatchObject({ version: 2 });
    // Someone removes the favourite in between: a second run of the add would bring it back.
    await clearFavorites();
    const again = await pushed(writes);
    expect(again.map((r) => r.status)).toEqual([200, 201, 200]);
    expect(again.every((r) => (r as { replayed?: boolean }).replayed)).toBe(true);
    expect(again.map((r) => (r as { body: unknown }).body)).toEqual(first.map((r) => (r as { body: unknown }).body));
    expect(await myFavorites()).toEqual([]);
    expect(await eventRow(created.id!)).toMatchObject({ version: 2 });
  });

  it('a key first sent on its single route answers from the same store in a push, and the other way round', async () => {
    await clearFavorites();
    const [a, b] = listings;
    const single = randomUUID();
    const alone = await t.request({ method: 'POST', url: `/api/Favorites/${a}`, token: me.accessToken, headers: { 'idempotency-key': single } });
    expect(alone.statusCode).toBe(200);
    await clearFavorites();
    const [replayed] = await pushed([fav('POST', a!, single)]);
    expect(replayed).toMatchObject({ status: 200, replayed: true, body: alone.json() });
    expect(await myFavorites()).toEqual([]);

    const inPush = randomUUID();
    const [applied] = await pushed([fav('POST', b!, inPush)]);
    await clearFavorites();
    const resent = await t.request({ method: 'POST', url: `/api/Favorites/${b}`, token: me.accessToken, headers: { 'idempotency-key': inPush } });
    expect(resent.statusCode).toBe(200);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.json()).toEqual((applied as { body: unknown }).body);
    expect(await myFavorites()).toEqual([]);
  });

  it('a refused write is undone alone: the others commit, later writes of its entity are held back', async () => {
    await clearFavorites();
    const [a] = listings;
    const missing = randomUUID();
    const writes = [fav('POST', missing), fav('POST', a!), fav('DELETE', missing)];
    const results = await pushed(writes);
    expect(results[0]).toMatchObject({ status: 404, body: { message: 'Listing not found' } });
    expect(results[1]).toMatchObject({ status: 200 });
    expect(results[2]).toEqual({ key: writes[2]!.key, status: null, skipped: 'held' });
    expect(await myFavorites()).toEqual([a]);
    // The refusal is stored as the single route stores it; the held write was never looked at.
    const rows = await keyRows(writes.map((w) => w.key));
    expect(rows.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });

  it("another user's event is the single route's 403; a stale version its 412; a bad body its 400", async () => {
    const theirs = await createEvent(t, other.accessToken, completeEvent(f));
    const mine = await createEvent(t, me.accessToken, completeEvent(f));
    const single = await t.request({ method: 'DELETE', url: `/api/PlannerEvent/${theirs.id}`, token: me.accessToken });
    const results = await pushed([
      { key: randomUUID(), method: 'DELETE', path: `/PlannerEvent/${theirs.id}`, entity: `events:${theirs.id}` },
      { key: randomUUID(), method: 'PUT', path: `/PlannerEvent/${mine.id}`, body: completeEvent(f), ifMatch: mine.version + 5, entity: `events:${mine.id}` },
      { key: randomUUID(), method: 'POST', path: '/PlannerEvent', body: { eventType: 'party' }, entity: 'events:new' },
      { key: randomUUID(), method: 'DELETE', path: '/Favorites/not-an-id', entity: 'favorites:x' },
    ]);
    expect(single.statusCode).toBe(403);
    expect(results[0]).toMatchObject({ status: 403, body: single.json() });
    expect(results[1]).toMatchObject({ status: 412, body: { message: expect.stringMatching(/changed by someone else/) } });
    expect(results[2]).toMatchObject({ status: 400, body: { errors: expect.any(Array) } });
    expect(results[3]).toMatchObject({ status: 400, body: { message: 'Must be a valid id' } });
    expect(await eventRow(theirs.id)).toBeDefined();
    expect(await eventRow(mine.id)).toMatchObject({ version: mine.version });
  });

  it('two edits based on one version both apply: the second is moved onto the first one\'s answer', async () => {
    const event: PlannerEvent = await createEvent(t, me.accessToken, completeEvent(f));
    const entity = `events:${event.id}`;
    const edit = (name: string): PushWrite => ({
      key: randomUUID(), method: 'PUT', path: `/PlannerEvent/${event.id}`, ifMatch: event.version, entity,
      body: completeEvent(f, { eventConfig: { ...completeEvent(f).eventConfig, eventName: name } }),
    });
    const results = await pushed([edit('First'), edit('Second'), edit('Third')]);
    expect(results.map((r) => [r.status, (r as { version?: number }).version])).toEqual([[200, 2], [200, 3], [200, 4]]);
    expect((await eventRow(event.id))?.eventConfig).toMatchObject({ eventName: 'Third' });
    expect(await eventRow(event.id)).toMatchObject({ version: 4, status: EventStatus.Draft });
  });

  it('an edit whose answer was lost, resent with a later edit on the same version: both apply, no conflict', async () => {
    const event: PlannerEvent = await createEvent(t, me.accessToken, completeEvent(f));
    const entity = `events:${event.id}`;
    const edit = (name: string): PushWrite => ({
      key: randomUUID(), method: 'PUT', path: `/PlannerEvent/${event.id}`, ifMatch: event.version, entity,
      body: completeEvent(f, { eventConfig: { ...completeEvent(f).eventConfig, eventName: name } }),
    });
    const first = edit('First');
    expect((await pushed([first])).map((r) => r.status)).toEqual([200]);
    // The answer never arrived; meanwhile the user edited again, on the version they had.
    const results = await pushed([first, edit('Second')]);
    expect(results.map((r) => [r.status, (r as { version?: number }).version, (r as { replayed?: boolean }).replayed ?? false]))
      .toEqual([[200, 2, true], [200, 3, false]]);
    expect(await eventRow(event.id)).toMatchObject({ version: 3, eventConfig: expect.objectContaining({ eventName: 'Second' }) });
  });

  it('rolls everything back when the batch dies before its commit; sent again, each write applies once', async () => {
    await clearFavorites();
    const writes = listings.map((id) => fav('POST', id));
    const parsed = parsePush({ writes });
    const caller = { userId: me.user.id, roles: [] };
    // The process dies after the last write ran, before COMMIT (a kill, a lost connection).
    const dying = {
      ...t.deps,
      db: new Proxy(t.deps.db, {
        get: (target, name, receiver) => (name === 'transaction'
          ? (fn: (tx: unknown) => Promise<unknown>) => target.transaction(async (tx) => {
            await fn(tx);
            throw new Error('server killed');
          })
          : Reflect.get(target, name, receiver)),
      }),
    };
    await expect(applyPush(dying, caller, parsed, () => {})).rejects.toThrow('server killed');
    expect(await myFavorites()).toEqual([]);
    expect(await keyRows(writes.map((w) => w.key))).toEqual([]);

    const results = await pushed(writes);
    expect(results.every((r) => r.status === 200 && !(r as { replayed?: boolean }).replayed)).toBe(true);
    expect(await myFavorites()).toEqual([...listings].sort());
    expect(await keyRows(writes.map((w) => w.key))).toHaveLength(listings.length);
  });

  it('a write that fails on the server stops the push there: earlier ones commit, later ones wait, nothing is stored for it', async () => {
    await clearFavorites();
    const [a, b, c] = listings;
    const writes = [fav('POST', a!), fav('POST', b!), fav('POST', c!)];
    const parsed = parsePush({ writes });
    // The database refuses the second favourite's insert (a full disk, say), however often it is tried.
    const failing = { ...t.deps, db: failingInsertsOf(t.deps.db, 2) };
    const failures: unknown[] = [];
    const results = await applyPush(failing, { userId: me.user.id, roles: [] }, parsed, (error) => failures.push(error));
    expect(results.map((r) => r.status)).toEqual([200, 500, null]);
    expect(results[2]).toMatchObject({ skipped: 'stopped' });
    expect(failures).toEqual([new Error('disk full')]);
    expect(await myFavorites()).toEqual([a]);
    expect((await keyRows(writes.map((w) => w.key))).map((r) => r.key)).toEqual([writes[0]!.key]);
    // Sent again: the first is answered from its key, the others apply.
    const again = await pushed(writes);
    expect(again.map((r) => [r.status, (r as { replayed?: boolean }).replayed ?? false])).toEqual([[200, true], [200, false], [200, false]]);
    expect(await myFavorites()).toEqual([a, b, c].sort());
  });

  it('refuses hostile input with a 400 and a message, applying nothing', async () => {
    await clearFavorites();
    const [a] = listings;
    const good = fav('POST', a!);
    const cases: [unknown, RegExp][] = [
      ['not a list', /writes must be a list/],
      [Array.from({ length: PUSH_MAX_WRITES + 1 }, () => fav('POST', a!)), /at most 100 writes/],
      [[good, { ...good }], /used by more than one write/],
      [[good, 'text'], /writes\.1 must be a JSON object/],
      [[good, { ...fav('POST', a!), method: 'PATCH' }], /method must be POST, PUT or DELETE/],
      [[good, { ...fav('POST', a!), ifMatch: '3' }], /ifMatch must be a version number/],
      [[good, { ...fav('POST', a!), key: 'has space' }], /key must be/],
      [[good, { ...fav('POST', a!), path: '/chats/abc/messages' }], /cannot be sent in a push/],
      [[good, { ...fav('POST', a!), path: `/Favorites/${a}?x=1` }], /cannot be sent in a push/],
      [[good, { ...fav('POST', a!), path: '/Favorites/%00abc' }], /must not contain a NUL/],
      [[good, { ...fav('POST', a!), path: '/Favorites/%E0%A4%A' }], /cannot be sent in a push/],
    ];
    for (const [writes, message] of cases) {
      const res = await push(writes);
      expect(res.statusCode, JSON.stringify(writes).slice(0, 200)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const nul = await push([{ ...good, body: { text: 'a\u0000b' } }]);
    expect(nul.statusCode).toBe(400);
    const noBody = await t.request({ method: 'POST', url: '/api/sync/push', token: me.accessToken });
    expect(noBody.statusCode).toBe(400);
    expect(await myFavorites()).toEqual([]);
    expect(await keyRows([good.key])).toEqual([]);
  });

  it('needs a signed-in user, and keys are per user', async () => {
    const [a] = listings;
    expect((await push([fav('POST', a!)], ANON)).statusCode).toBe(401);
    const shared = fav('POST', a!);
    await pushed([shared]);
    const [theirs] = await pushed([shared], other.accessToken);
    expect(theirs).toMatchObject({ status: 200 });
    expect((theirs as { replayed?: boolean }).replayed).toBeUndefined();
    expect(await myFavorites(other.user.id)).toEqual([a]);
  });
});
