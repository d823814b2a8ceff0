import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { CHANGE_LABELS } from '../../../src/app/sync/describeChange';
import { SHARED_TABLES, db } from '../../../src/db/database';
import { favorites } from '../../../src/sync/entities/favorites';
import { ENTITIES, writeKind, type EntityName, type WriteKindName } from '../../../src/sync/entities/registry';
import { useRowSyncState } from '../../../src/sync/hooks';
import { queueWrite } from '../../../src/sync/outbox';
import { startSync } from '../../../src/sync/start';
import { clearUserData } from '../../../src/sync/user-data';
import { category, eventually, json, stubApi } from './fixtures';

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const allKinds = () => ENTITIES.flatMap((entity) => Object.values(entity.writes).map((kind) => kind.kind));

/** Every entity's `step` replaced by a spy that resolves; returns the spies by entity name. */
function spyOnEach(step: 'pull' | 'reconcile' | 'clear') {
  return new Map(ENTITIES.map((entity) => [entity.name, vi.spyOn(entity, step).mockResolvedValue(undefined)] as const));
}

describe('the entity registry', () => {
  it('owns every per-user Dexie table: each table is shared or belongs to exactly one entity', () => {
    const owned = ENTITIES.map((entity) => entity.table);
    expect(new Set(owned).size).toBe(owned.length);
    for (const table of owned) expect(SHARED_TABLES).not.toContain(table);
    const tables = db.tables.map((table) => table.name).sort();
    expect(tables).toEqual([...SHARED_TABLES, ...owned].sort());
  });

  it('names entities and write kinds once each, and every kind is found by its stored name', () => {
    const names = ENTITIES.map((entity) => entity.name);
    expect(new Set(names).size).toBe(names.length);
    const kinds = allKinds();
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const entity of ENTITIES) {
      for (const kind of Object.values(entity.writes)) {
        expect(writeKind(kind.kind)).toBe(kind);
        expect(kind.entity).toBe(entity.name);
        expect(kind.kind.startsWith(`${entity.actionPrefix}.`)).toBe(true);
      }
    }
    expect(writeKind('favorite.unknown')).toBeUndefined();
  });

  it('describes every kind of change, with a label for each', async () => {
    expect(Object.keys(CHANGE_LABELS).sort()).toEqual(allKinds().sort());
    for (const entity of ENTITIES) {
      for (const kind of Object.values(entity.writes)) {
        expect((await kind.describe({ listingId: 'missing' } as never)).action).toBe(kind.kind);
      }
    }
  });

  it('start-up pulls every entity of the signed-in user', async () => {
    stubApi({
      'GET /category': () => json(200, [category(1)]),
      'GET /subcategory': () => json(200, []),
      'GET /categoryService': () => json(200, []),
      'GET /subCategoryService': () => json(200, []),
      'GET /locations': () => json(200, []),
      'GET /files/manifest': () => json(200, []),
    });
    const pulls = spyOnEach('pull');
    const stop = startSync({ target: new EventTarget(), getUserId: () => 'u1', lock: (fn) => fn() });
    try {
      await stop.settled();
      for (const [name, pull] of pulls) expect(pull, name).toHaveBeenCalledWith('u1');
    } finally {
      await stop.replayer.run();
      stop();
    }
  });

  it('a drained queue reconciles every entity', async () => {
    stubApi({
      'GET /files/manifest': () => json(200, []),
      'POST /Favorites/l1': () => json(200, { favoriteListings: ['l1'] }),
    });
    spyOnEach('pull');
    const reconciles = spyOnEach('reconcile');
    const stop = startSync({ target: new EventTarget(), getUserId: () => 'u1', lock: (fn) => fn() });
    try {
      await stop.settled();
      await queueWrite(favorites.writes.add, { listingId: 'l1' }, 'u1');
      await eventually(() => {
        for (const [name, reconcile] of reconciles) expect(reconcile, name).toHaveBeenCalledWith('u1');
      });
      expect(await db.outbox.count()).toBe(0);
    } finally {
      await stop.replayer.run();
      await stop.settled();
      stop();
    }
  });

  it('logout clears every entity of the user who left', async () => {
    const clears = spyOnEach('clear');
    await clearUserData('u1');
    for (const [name, clear] of clears) expect(clear, name).toHaveBeenCalledWith('u1');
  });

  it('a clear that fails does not stop the others, and is reported', async () => {
    const clears = spyOnEach('clear');
    clears.get(ENTITIES[0].name)!.mockRejectedValue(new Error('blocked'));
    await expect(clearUserData('u1')).rejects.toThrow('blocked');
    for (const [name, clear] of clears) expect(clear, name).toHaveBeenCalledWith('u1');
  });
});

describe('names derived from the registry', () => {
  it('are closed unions: a typo does not compile', () => {
    expectTypeOf<EntityName>().toEqualTypeOf<'favorites' | 'profile' | 'formDrafts' | 'company' | 'localFile' | 'listing' | 'plannerEvent'
      | 'chat' | 'chatMessage' | 'savedViews'>();
    expectTypeOf<WriteKindName>().toEqualTypeOf<'favorite.add' | 'favorite.remove' | 'profile.update' | 'profile.preferences'
      | 'company.create' | 'company.update' | 'company.remove' | 'company.restore'
      | 'localFile.upload' | 'listing.create' | 'listing.update' | 'listing.remove'
      | 'plannerEvent.create' | 'plannerEvent.update' | 'plannerEvent.cancel' | 'plannerEvent.remove'
      | 'chat.read' | 'chatMessage.send'>();
    // @ts-expect-error a misspelt write kind
    const kind: WriteKindName = 'favorite.ad';
    // @ts-expect-error a misspelt entity (British spelling)
    const entity: EntityName = 'favourites';
    // @ts-expect-error a misspelt action of an entity
    const action = favorites.writes.ad;
    // Sync-state hooks take an entity of the registry.
    expectTypeOf(useRowSyncState).parameter(0).toEqualTypeOf<EntityName>();
    expect([kind, entity, action]).toBeDefined();
  });
});
