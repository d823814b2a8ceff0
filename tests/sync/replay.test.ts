import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usersApi } from '../../src/api/users';
import { db } from '../../src/db/database';
import { favoriteIdsQuery } from '../../src/db/queries';
import { discardEntry, queueWrite, retryEntry, userEntries } from '../../src/sync/outbox';
import { pullFavorites, pullProfile } from '../../src/sync/pull';
import { createReplayer } from '../../src/sync/replay';
import { leaseLock } from '../../src/sync/sender-lock';
import { addFavorite, removeFavorite } from '../../src/sync/entities/favorites';
import { updateProfile } from '../../src/sync/entities/profile';
import { favorites as favoritesTable, idempotencyKeys, users as usersTable } from '../../server/db/schema';
import { resetDexie, startQueueWorld, watchFetch, type QueueWorld } from './harness';

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
const replayer = (userId = () => me().id as string | null, owner = 'tab-1') =>
  createReplayer({ getUserId: userId, lock: leaseLock({ owner, pollMs: 20 }), onDrained: async (id) => { await pullFavorites(id); await pullProfile(id); } });

async function serverFavorites(userId: string): Promise<string[]> {
  const rows = await w.t.deps.db.select().from(favoritesTable).where(eq(favoritesTable.userId, userId));
  return rows.map((r) => r.listingId).sort();
}
const serverUser = async (userId: string) => (await w.t.deps.db.select().from(usersTable).where(eq(usersTable.id, userId)))[0]!;

describe('the write queue against the real server', () => {
  it('applies locally at once, then replays FIFO: the server ends in the same state', async () => {
    const [a, b, c] = w.listings;
    await queueWrite(addFavorite, { listingId: a! }, me().id);
    await queueWrite(addFavorite, { listingId: b! }, me().id);
    await queueWrite(removeFavorite, { listingId: a! }, me().id);
    await queueWrite(addFavorite, { listingId: c! }, me().id);
    expect(await favoriteIdsQuery(me().id)).toEqual([c, b]);
    expect((await userEntries(me().id)).map((e) => e.kind)).toEqual(['favorite.add', 'favorite.add', 'favorite.remove', 'favorite.add']);

    await replayer().run();
    expect(await userEntries(me().id)).toEqual([]);
    expect(await serverFavorites(me().id)).toEqual([b, c].sort());
    expect((await favoriteIdsQuery(me().id)).sort()).toEqual([b, c].sort());
    expect(watch.state.writes).toBe(4);
    // Favourites go in one push.
    expect(watch.state.requests).toEqual(['push 4']);
  });

  it('a lost answer (the server applied it) is replayed with the same key and applied once', async () => {
    await pullProfile(me().id);
    const before = await serverUser(me().id);
    const entry = await queueWrite(updateProfile, { firstName: 'Ingrid' }, me().id);
    expect(entry.baseVersion).toBe(before.version);
    // The answer and the request layer's one immediate retry are both lost.
    watch.state.loseNext = 2;
    const r = replayer();
    await r.run();
    r.stop();
    // The server did it, the client does not know: still queued, with the error kept.
    expect((await userEntries(me().id))[0]).toMatchObject({ state: 'pending', attempts: 1, id: entry.id });
    expect((await serverUser(me().id)).version).toBe(before.version + 1);

    await replayer().run();
    expect(await userEntries(me().id)).toEqual([]);
    const after = await serverUser(me().id);
    // Sent twice with If-Match on the old version: without the stored answer the second would be a 412.
    expect(after).toMatchObject({ firstName: 'Ingrid', version: before.version + 1 });
    const [key] = await w.t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, entry.id));
    expect(key).toMatchObject({ state: 'done', statusCode: 200 });
    expect((await db.profiles.get(me().id))).toMatchObject({ firstName: 'Ingrid', version: before.version + 1 });
  });

  it("an entry left 'sending' by a closed tab is sent again on start, once", async () => {
    const [a] = w.listings;
    const entry = await queueWrite(addFavorite, { listingId: a! }, me().id);
    await db.outbox.update(entry.seq!, { state: 'sending', attempts: 1 });
    await replayer().run();
    expect(await userEntries(me().id)).toEqual([]);
    expect(await serverFavorites(me().id)).toEqual([a]);
  });

  it('a 4xx marks the entry failed with the server message; other entities still go; retry and discard', async () => {
    const [a] = w.listings;
    const missing = '00000000-0000-4000-8000-000000000000';
    await queueWrite(addFavorite, { listingId: missing }, me().id);
    await queueWrite(addFavorite, { listingId: a! }, me().id);
    await replayer().run();
    const [failed] = await userEntries(me().id);
    expect(failed).toMatchObject({ state: 'failed', entityId: missing });
    expect(failed!.lastError).toMatch(/not found/i);
    expect(await serverFavorites(me().id)).toEqual([a]);
    // The failed favourite stays visible locally (held back from pulls) until the user decides.
    expect(await favoriteIdsQuery(me().id)).toContain(missing);

    await retryEntry(failed!.seq!);
    await replayer().run();
    expect((await userEntries(me().id))[0]).toMatchObject({ state: 'failed', attempts: 2 });

    await discardEntry(failed!.seq!);
    await pullFavorites(me().id);
    expect(await favoriteIdsQuery(me().id)).toEqual([a]);
  });

  it('a stale version is a conflict: keep mine re-sends on the new version, take theirs restores the server copy', async () => {
    await pullProfile(me().id);
    await queueWrite(updateProfile, { city: 'Bergen' }, me().id);
    // Another device changes the profile first.
    await usersApi.updateProfile({ city: 'Tromsø' });
    await replayer().run();
    const [conflict] = await userEntries(me().id);
    expect(conflict).toMatchObject({ state: 'conflict' });
    expect(conflict!.lastError).toMatch(/changed by someone else/);
    expect((await db.profiles.get(me().id))?.city).toBe('Bergen');

    // Keep mine.
    const server = await serverUser(me().id);
    await retryEntry(conflict!.seq!, server.version);
    await replayer().run();
    expect(await userEntries(me().id)).toEqual([]);
    expect((await serverUser(me().id)).city).toBe('Bergen');

    // Take theirs.
    await queueWrite(updateProfile, { city: 'Oslo' }, me().id);
    await usersApi.updateProfile({ city: 'Alta' });
    await replayer().run();
    const [second] = await userEntries(me().id);
    expect(second).toMatchObject({ state: 'conflict' });
    await discardEntry(second!.seq!);
    await pullProfile(me().id);
    expect((await db.profiles.get(me().id))?.city).toBe('Alta');
    expect((await serverUser(me().id)).city).toBe('Alta');
  });

  it('holds server state back from an entity with queued writes, then reconciles after the drain', async () => {
    await pullProfile(me().id);
    watch.state.failNetwork = true;
    await queueWrite(updateProfile, { address: 'Karl Johans gate 1' }, me().id);
    const r = replayer();
    await r.run();
    r.stop();
    watch.state.failNetwork = false;
    // Meanwhile the server's copy changed elsewhere; a pull must not overwrite the pending edit.
    await w.t.deps.db.update(usersTable).set({ lastName: 'Changed elsewhere' }).where(eq(usersTable.id, me().id));
    await pullProfile(me().id);
    expect(await db.profiles.get(me().id)).toMatchObject({ address: 'Karl Johans gate 1' });
    expect((await db.profiles.get(me().id))?.lastName).not.toBe('Changed elsewhere');

    // The stale base version makes this a conflict unless the replay rebases; the server changed
    // without a version bump here, so it goes through, and the drain's pull brings the rest.
    await replayer().run();
    expect(await userEntries(me().id)).toEqual([]);
    expect(await db.profiles.get(me().id)).toMatchObject({ address: 'Karl Johans gate 1', lastName: 'Changed elsewhere' });
  });

  it('two edits queued offline on one version both arrive: the second is rebased on the first one\'s answer', async () => {
    await pullProfile(me().id);
    await queueWrite(updateProfile, { city: 'Bodø' }, me().id);
    await queueWrite(updateProfile, { zipCode: '8006' }, me().id);
    await replayer().run();
    expect(await userEntries(me().id)).toEqual([]);
    expect(await serverUser(me().id)).toMatchObject({ city: 'Bodø', zipCode: '8006' });
  });

  it('two tabs never send at the same time, and each entry goes once', async () => {
    for (const id of w.listings) await queueWrite(addFavorite, { listingId: id }, me().id);
    const tabA = replayer(undefined, 'tab-a');
    const tabB = replayer(undefined, 'tab-b');
    await Promise.all([tabA.run(), tabB.run(), tabA.run(), tabB.run()]);
    expect(watch.state.maxInFlight).toBe(1);
    expect(watch.state.writes).toBe(w.listings.length);
    expect(await serverFavorites(me().id)).toEqual([...w.listings].sort());
  });

  it("never sends one user's entries under another: they wait for their user", async () => {
    const [a, b] = w.listings;
    await queueWrite(addFavorite, { listingId: a! }, me().id);
    w.signIn(1);
    const other = w.users[1]!;
    await replayer(() => other.id).run();
    expect(watch.state.writes).toBe(0);
    expect(await serverFavorites(other.id)).toEqual([]);
    await queueWrite(addFavorite, { listingId: b! }, other.id);
    await replayer(() => other.id).run();
    expect(await serverFavorites(other.id)).toEqual([b]);
    expect((await userEntries(me().id))).toHaveLength(1);

    w.signIn(0);
    await replayer().run();
    expect(await serverFavorites(me().id)).toEqual([a]);
    expect(await userEntries(me().id)).toEqual([]);
  });
});
