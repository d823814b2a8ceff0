import { randomUUID } from 'node:crypto';
import { categories, companies, counties, listings, regions, subCategories } from '../../../server/db/schema';
import { bumpCatalogue } from '../../../server/modules/listings/search-cache';
import type { TestApp } from './test-app';

type ListingInsert = typeof listings.$inferInsert;

/** A small world for listing tests: two categories, sub-categories, a region with counties, a company. */
export async function listingFixture(t: TestApp) {
  const db = t.deps.db;
  const tag = randomUUID().slice(0, 6);
  const [catA, catB] = await db.insert(categories).values([
    { name: `Photo ${tag}`, sortOrder: 1 }, { name: `Food ${tag}`, sortOrder: 2 },
  ]).returning();
  const [subA1, subA2, subB1] = await db.insert(subCategories).values([
    { categoryId: catA!.id, name: 'Weddings' }, { categoryId: catA!.id, name: 'Portraits' }, { categoryId: catB!.id, name: 'Buffet' },
  ]).returning();
  const [region, region2] = await db.insert(regions).values([
    { name: `Region ${tag}`, country: 'NO' }, { name: `Other ${tag}`, country: 'SE' },
  ]).returning();
  const [county1, county2] = await db.insert(counties).values([
    { regionId: region!.id, name: 'One' }, { regionId: region!.id, name: 'Two' },
  ]).returning();
  const [company] = await db.insert(companies).values({ name: `Firma ${tag} AS`, status: 100, email: 'a@b.no' }).returning();
  const [hidden] = await db.insert(companies).values({ name: `Pending ${tag} AS`, status: 200 }).returning();
  const base = new Date('2025-01-01T00:00:00Z').getTime();
  let n = 0;
  const add = async (values: Partial<ListingInsert> = {}) => {
    n += 1;
    const [row] = await db.insert(listings).values({
      companyId: company!.id, name: `Listing ${String(n).padStart(3, '0')}`, shortDescription: 'Short text', description: '<p>Nothing special</p>',
      categoryId: catA!.id, subCategoryId: subA1!.id, status: 200, isActive: true, price: n * 100,
      createdAt: new Date(base + n * 60_000), ...values,
    }).returning();
    // Writers bump the catalogue generation so cached search answers see the new row.
    bumpCatalogue();
    return row!;
  };
  return { catA: catA!, catB: catB!, subA1: subA1!, subA2: subA2!, subB1: subB1!, region: region!, region2: region2!, county1: county1!, county2: county2!, company: company!, hiddenCompany: hidden!, add };
}
