import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db, type OutboxEntry } from '../../src/db/database';
import { favoriteIdsQuery } from '../../src/db/queries';
import { newEventInput } from '../../src/domain/events';
import { PUSH_MAX_WRITES } from '../../src/domain/sync';
import { queueWrite, userEntries } from '../../src/sync/outbox';
import { pullFavorites, pullProfile } from '../../src/sync/pull';
import { createReplayer } from '../../src/sync/replay';
import { leaseLock } from '../../src/sync/sender-lock';
import { addFavorite, removeFavorite } from '../../src/sync/entities/favorites';
import { createPlannerEvent, updatePlannerEvent } from '../../src/sync/entities/events';
import { updateProfile } from '../../src/sync/entities/profile';
import { favorites as favoritesTable, idempotencyKeys, plannerEvents as plannerEventsTable, users as usersTable } from '../../server/db/schema';
import { resetDexie, startQueueWorld, watchFetch, type QueueWorld } from './harness';

// The batched replay (POST /api/sync/push) against the real server: order, hold-back and the
// exactly-once guarantees under lost answers and a server that dies before its commit.
let w: QueueWorld;
let watch: ReturnType<typeof watchFetch>;

beforeAll(async () => {
  w = await startQueueWorld(4);
});
afterAll(() => w.close());
beforeEach(async () => {
  await resetDexie();
  watch = watchFetch();
  w.signIn(0);
});
afterEach(async () => {
  watch.restore();
  await w.t.deps.db.delete(favoritesTable);
});

const me = () => w.users[0]!;
const replayer = () =>
  createReplayer({ getUserId: () => me().id, lock: leaseLock({ owner: 'tab-1', pollMs: 20 }), onDrained: async (id) => { await pullFavorites(id); } });
const runOnce = async () => {
  const r = replayer();
  await r.run();
  r.stop();
};
async function serverFavorites(userId = me().id): Promise<string[]> {
  const rows = await w.t.deps.db.select().from(favoritesTable).where(eq(favoritesTable.userId, userId));
  return rows.map((r) => r.listingId).sort();
}
const doneKeys = async () => (await w.t.deps.db.select().from(idempotencyKeys)
  .where(and(eq(idempotencyKeys.scope, me().id), eq(idempotencyKeys.state, 'done')))).map((r) => r.key);

describe('batched replay', () => {
  it('a lost push answer: the resend gets the stored answers and nothing is applied twice', async () => {
    const [a, b, c] = w.listings;
    const queued: OutboxEntry[] = [];
    for (const id of [a!, b!, c!]) queued.push(await queueWrite(addFavorite, { listingId: id }, me().id));
    // The answer and the request layer's one immediate retry are both lost: the server committed twice over the same keys.
    watch.state.loseNext = 2;
    await runOnce();
    expect((await userEntries(me().id)).map((e) => [e.state, e.attempts])).toEqual([['pending', 1], ['pending', 1], ['pending', 1]]);
    expect(await serverFavorites()).toEqual([a, b, c].sort());
    // Meanwhile another device removes one: running the add again would bring it back.
    await w.t.deps.db.delete(favoritesTable).where(and(eq(favoritesTable.userId, me().id), eq(favoritesTable.listingId, b!)));

    await runOnce();
    expect(await userEntries(me().id)).toEqual([]);
    expect(await serverFavorites()).toEqual([a, c].sort());
    expect((await doneKeys()).filter((k) => queued.some((q) => q.id === k))).toHaveLength(3);
    expect(watch.state.requests).toEqual(['push 3', 'push 3', 'push 3']);
  });

  it('the server dies before the batch commits: nothing is applied, and the resend applies every write once', async () => {
    const [a, b, c] = w.listings;
    for (const id of [a!, b!, c!]) await queueWrite(addFavorite, { listingId: id }, me().id);
    const database = w.t.deps.db;
    const real = database.transaction.bind(database);
    // The batch runs, then the process is gone before COMMIT: the transaction rolls back.
    database.transaction = ((fn: Parameters<typeof real>[0]) => real(async (tx) => {
      await fn(tx);
      throw new Error('server killed');
    })) as typeof real;
    try {
      await runOnce();
    } finally {
      database.transaction = real;
    }
    expect((await userEntries(me().id)).map((e) => e.state)).toEqual(['pending', 'pending', 'pending']);
    expect(await serverFavorites()).toEqual([]);
    expect(await doneKeys()).not.toContain((await userEntries(me().id))[0]!.id);

    await runOnce();
    expect(await userEntries(me().id)).toEqual([]);
    expect(await serverFavorites()).toEqual([a, b, c].sort());
  });

  it('a refused write holds back its entity only: the rest of the batch is applied, in order', async () => {
    const [a, b] = w.listings;
    const missing = '00000000-0000-4000-8000-000000000000';
    await queueWrite(addFavorite, { listingId: missing }, me().id);
    await queueWrite(addFavorite, { listingId: a! }, me().id);
    await queueWrite(removeFavorite, { listingId: missing }, me().id);
    await queueWrite(addFavorite, { listingId: b! }, me().id);
    await runOnce();
    expect(watch.state.requests).toEqual(['push 4']);
    const left = await userEntries(me().id);
    expect(left.map((e) => [e.kind, e.state])).toEqual([['favorite.add', 'failed'], ['favorite.remove', 'pending']]);
    expect(left[0]!.lastError).toMatch(/not found/i);
    expect(await serverFavorites()).toEqual([a, b].sort());
    // The held-back remove waits for the user's decision on the failed add; other runs do not send it.
    await runOnce();
    expect(watch.state.requests).toEqual(['push 4']);
  });

  it('writes the push does not carry go alone, between the batches queued before and after them', async () => {
    const [a, b, c] = w.listings;
    await pullProfile(me().id);
    await queueWrite(addFavorite, { listingId: a! }, me().id);
    await queueWrite(addFavorite, { listingId: b! }, me().id);
    await queueWrite(updateProfile, { city: 'Hamar' }, me().id);
    await queueWrite(addFavorite, { listingId: c! }, me().id);
    await runOnce();
    expect(watch.state.requests).toEqual(['push 2', 'PUT /api/users/profile', 'push 1']);
    expect(await userEntries(me().id)).toEqual([]);
    expect(await serverFavorites()).toEqual([a, b, c].sort());
    const [user] = await w.t.deps.db.select().from(usersTable).where(eq(usersTable.id, me().id));
    expect(user?.city).toBe('Hamar');
  });

  it('planner events: a create and edits on one version go in one push, each edit moved onto the answer before it', async () => {
    const id = crypto.randomUUID();
    const draft = { ...newEventInput(id), id, eventConfig: { ...newEventInput().eventConfig, eventName: 'Draft' } };
    await queueWrite(createPlannerEvent, draft, me().id);
    await runOnce();
    expect(await userEntries(me().id)).toEqual([]);
    expect((await db.plannerEvents.get(id))?.version).toBe(1);
    // An edit is on its way (the sender read it) when two more are made: all three are based on version 1.
    const sending = await queueWrite(updatePlannerEvent, { ...draft, eventConfig: { ...draft.eventConfig, eventName: 'One' } }, me().id);
    await db.outbox.update(sending.seq!, { state: 'sending' });
    await queueWrite(updatePlannerEvent, { ...draft, eventConfig: { ...draft.eventConfig, eventName: 'Two' } }, me().id);
    expect((await userEntries(me().id)).map((e) => e.baseVersion)).toEqual([1, 1]);
    await runOnce();
    expect(watch.state.requests).toEqual(['push 1', 'push 2']);
    expect(await userEntries(me().id)).toEqual([]);
    const [row] = await w.t.deps.db.select().from(plannerEventsTable).where(eq(plannerEventsTable.id, id));
    expect(row).toMatchObject({ version: 3, eventConfig: { eventName: 'Two' } });
    expect(await db.plannerEvents.get(id)).toMatchObject({ version: 3, eventConfig: { eventName: 'Two' } });
  });

  it(`sends a long queue in batches of at most ${PUSH_MAX_WRITES}, in order, and the local state ends as the server's`, async () => {
    const writes = 2 * PUSH_MAX_WRITES + 10;
    for (let i = 0; i < writes; i++) {
      const listingId = w.listings[i % w.listings.length]!;
      await queueWrite(Math.floor(i / w.listings.length) % 2 === 0 ? addFavorite : removeFavorite, { listingId }, me().id);
    }
    await runOnce();
    expect(watch.state.requests).toEqual([`push ${PUSH_MAX_WRITES}`, `push ${PUSH_MAX_WRITES}`, 'push 10']);
    expect(await userEntries(me().id)).toEqual([]);
    // 210 writes over 4 listings: 52 full add/remove rounds, then two adds.
    expect(await serverFavorites()).toEqual(w.listings.slice(0, 2).sort());
    expect((await favoriteIdsQuery(me().id)).sort()).toEqual(w.listings.slice(0, 2).sort());
  });
});
