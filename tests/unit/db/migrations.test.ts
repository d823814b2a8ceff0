import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDatabase, SCHEMA, SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5, SCHEMA_V6, type StoredListing } from '../../../src/db/database';
import { cardRow } from '../../../src/db/listings';
import { card } from '../sync/fixtures';

/**
 * The pattern for a schema change: a table added or an index changed is a new version number on
 * SCHEMA (`this.version(n + 1).stores(SCHEMA)`): Dexie compares it with the installed database's
 * own stores and adds what is missing, so versions without an upgrader need not stay declared
 * (Dexie 3+). Rows to rewrite need an `.upgrade()` on the version that changes them, as below;
 * that version then stays declared while an install older than it may exist.
 */
type ListingNext = StoredListing & { nameLower: string };

class AppDatabaseNext extends AppDatabase {
  constructor(name: string) {
    super(name);
    this.version(7)
      .stores({ listings: 'id, categoryId, companyId, fetchedAt, subCategoryId, nameLower' })
      .upgrade((tx) =>
        tx.table<ListingNext, string>('listings').toCollection().modify((row) => {
          row.nameLower = row.name.toLowerCase();
        }),
      );
  }
}

const NAME = 'eventmarket-migration-test';
afterEach(() => Dexie.delete(NAME));

/** The app's database as shipped before version 2 (only version 1 declared). */
class AppDatabaseV1 extends Dexie {
  constructor(name: string) {
    super(name);
    this.version(1).stores(SCHEMA_V1);
  }
}

/** As shipped before version 3. */
class AppDatabaseV2 extends Dexie {
  constructor(name: string) {
    super(name);
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2);
  }
}

/** The tables each shipped version added, in order. */
const SHIPPED = [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5, SCHEMA_V6];

/** The database as a device installed it with version `n` of the app: versions 1 to n declared one by one, as they shipped. */
class AppDatabaseAsShipped extends Dexie {
  constructor(name: string, n: number) {
    super(name);
    SHIPPED.slice(0, n).forEach((tables, i) => this.version(i + 1).stores(tables));
  }
}

describe('schema versions', () => {
  for (let installed = 1; installed <= SHIPPED.length; installed++) {
    it(`opens a database installed at version ${installed} as version 6, keeping its rows and adding every later table with its indexes`, async () => {
      const old = new AppDatabaseAsShipped(NAME, installed);
      await old.table('meta').put({ key: 'k', value: 'kept' });
      if (installed >= 3) await old.table('ownListings').put({ id: 'l1', userId: 'u1', companyId: 'c1' });
      old.close();

      const db = new AppDatabase(NAME);
      await db.open();
      expect(db.verno).toBe(6);
      expect(db.tables.map((t) => t.name).sort()).toEqual(Object.keys(SCHEMA).sort());
      expect((await db.meta.get('k'))?.value).toBe('kept');
      if (installed >= 3) expect(await db.ownListings.where('companyId').equals('c1').primaryKeys()).toEqual(['l1']);
      // Indexes of tables that version added after the installed one work at once.
      await db.chats.put({ id: 'ch', userId: 'u1', scope: 'user' } as never);
      expect(await db.chats.where('[userId+scope]').equals(['u1', 'user']).count()).toBe(1);
      await db.savedViews.put({ userId: 'u1', key: 'v', value: 1, savedAt: 1 });
      expect(await db.savedViews.where('userId').equals('u1').count()).toBe(1);
      db.close();
    });
  }

  it('opens the current version with every table', async () => {
    const db = new AppDatabase(NAME);
    await db.open();
    expect(db.verno).toBe(6);
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      'categories', 'categoryServices', 'chatMessages', 'chats', 'companies', 'favorites', 'files', 'formDrafts', 'listings', 'localFiles', 'meta', 'outbox',
      'ownCompanies', 'ownListings', 'plannerEvents', 'profiles', 'regions', 'savedViews', 'searchCategoryResults', 'searchPages', 'subCategories', 'subCategoryServices',
    ]);
    db.close();
  });

  it('upgrades an installed version 1 database to version 2 (profiles added), keeping every row', async () => {
    const v1 = new AppDatabaseV1(NAME);
    await v1.table('listings').put(cardRow(card('a'), 1));
    await v1.table('outbox').add({ id: 'op', userId: 'u1', state: 'pending', entity: 'favorites', entityId: 'a' });
    v1.close();
    const v2 = new AppDatabase(NAME);
    await v2.open();
    expect(v2.verno).toBe(6);
    expect(await v2.listings.count()).toBe(1);
    expect(await v2.outbox.where('state').equals('pending').count()).toBe(1);
    await v2.profiles.put({ id: 'u1' } as never);
    expect(await v2.profiles.count()).toBe(1);
    v2.close();
  });

  it('upgrades an installed version 2 database to version 3 (company-side tables added), keeping every row', async () => {
    const v2 = new AppDatabaseV2(NAME);
    await v2.table('profiles').put({ id: 'u1', firstName: 'Ulla' });
    await v2.table('outbox').add({ id: 'op', userId: 'u1', state: 'pending', entity: 'profile', entityId: 'u1' });
    v2.close();
    const v3 = new AppDatabase(NAME);
    await v3.open();
    expect(v3.verno).toBe(6);
    expect((await v3.profiles.get('u1'))?.firstName).toBe('Ulla');
    expect(await v3.outbox.count()).toBe(1);
    await v3.formDrafts.put({ userId: 'u1', key: 'company:new', value: { name: 'x' }, updatedAt: 1 });
    await v3.localFiles.put({ id: 'f', userId: 'u1', bytes: new ArrayBuffer(1), type: 'image/webp', name: 'a.webp', createdAt: 1 });
    expect(await v3.formDrafts.where('userId').equals('u1').count()).toBe(1);
    expect(await v3.localFiles.where('userId').equals('u1').count()).toBe(1);
    v3.close();
  });

  it('upgrades a database with data to a later version, keeping and transforming the rows', async () => {
    const v2 = new AppDatabase(NAME);
    await v2.listings.bulkPut([cardRow(card('a', { name: 'Bryllup', subCategoryId: 's1' }), 1), cardRow(card('b', { name: 'Foto' }), 1)]);
    await v2.favorites.put({ userId: 'u1', listingId: 'a', position: 0 });
    await v2.meta.put({ key: 'k', value: 'kept' });
    v2.close();

    const v3 = new AppDatabaseNext(NAME);
    await v3.open();
    expect(v3.verno).toBe(7);
    const listings = v3.listings as unknown as Dexie.Table<ListingNext, string>;
    expect((await listings.get('a'))?.nameLower).toBe('bryllup');
    expect((await listings.where('subCategoryId').equals('s1').primaryKeys())).toEqual(['a']);
    expect((await listings.where('nameLower').equals('foto').first())?.id).toBe('b');
    expect(await v3.favorites.count()).toBe(1);
    expect((await v3.meta.get('k'))?.value).toBe('kept');
    v3.close();
  });
});
