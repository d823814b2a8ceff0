import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDatabase, type StoredListing } from '../../../src/db/database';
import { cardRow } from '../../../src/db/listings';
import { card } from '../sync/fixtures';

/**
 * The pattern for a schema change: a new `this.version(n + 1).stores({...changed tables only})`
 * with an `.upgrade()` that rewrites existing rows. Old versions stay declared so Dexie can
 * upgrade any installed database step by step.
 */
type ListingV2 = StoredListing & { nameLower: string };

class AppDatabaseV2 extends AppDatabase {
  constructor(name: string) {
    super(name);
    this.version(2)
      .stores({ listings: 'id, categoryId, companyId, fetchedAt, subCategoryId, nameLower' })
      .upgrade((tx) =>
        tx.table<ListingV2, string>('listings').toCollection().modify((row) => {
          row.nameLower = row.name.toLowerCase();
        }),
      );
  }
}

const NAME = 'eventmarket-migration-test';
afterEach(() => Dexie.delete(NAME));

describe('schema versions', () => {
  it('opens version 1 with every table', async () => {
    const v1 = new AppDatabase(NAME);
    await v1.open();
    expect(v1.verno).toBe(1);
    expect(v1.tables.map((t) => t.name).sort()).toEqual([
      'categories', 'categoryServices', 'companies', 'favorites', 'files', 'listings', 'meta', 'outbox',
      'regions', 'searchCategoryResults', 'searchPages', 'subCategories', 'subCategoryServices',
    ]);
    v1.close();
  });

  it('upgrades a version 1 database with data to version 2, keeping and transforming the rows', async () => {
    const v1 = new AppDatabase(NAME);
    await v1.listings.bulkPut([cardRow(card('a', { name: 'Bryllup', subCategoryId: 's1' }), 1), cardRow(card('b', { name: 'Foto' }), 1)]);
    await v1.favorites.put({ userId: 'u1', listingId: 'a', position: 0 });
    await v1.meta.put({ key: 'k', value: 'kept' });
    v1.close();

    const v2 = new AppDatabaseV2(NAME);
    await v2.open();
    expect(v2.verno).toBe(2);
    const listings = v2.listings as unknown as Dexie.Table<ListingV2, string>;
    expect((await listings.get('a'))?.nameLower).toBe('bryllup');
    expect((await listings.where('subCategoryId').equals('s1').primaryKeys())).toEqual(['a']);
    expect((await listings.where('nameLower').equals('foto').first())?.id).toBe('b');
    expect(await v2.favorites.count()).toBe(1);
    expect((await v2.meta.get('k'))?.value).toBe('kept');
    v2.close();
  });
});
