import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { bumpCatalogue } from '../../modules/listings/service';
import type { Db } from '../client';
import { categories, categoryServices, counties, regions, subCategories, subCategoryServices } from '../schema';
import { SEED_REGIONS } from './regions';
import { SEED_TAXONOMY } from './taxonomy';

/** Seeds the service taxonomy when there are no categories yet. One insert per table. */
export async function seedTaxonomy(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(categories);
  if ((row?.n ?? 0) > 0) return false;
  const categoryRows: (typeof categories.$inferInsert)[] = [];
  const categoryServiceRows: (typeof categoryServices.$inferInsert)[] = [];
  const subCategoryRows: (typeof subCategories.$inferInsert)[] = [];
  const subServiceRows: (typeof subCategoryServices.$inferInsert)[] = [];
  SEED_TAXONOMY.forEach((c, index) => {
    const categoryId = randomUUID();
    categoryRows.push({ id: categoryId, name: c.name, shortDescription: c.shortDescription, description: c.description, sortOrder: index + 1 });
    for (const [name, groupName, shortDescription] of c.services) categoryServiceRows.push({ categoryId, name, groupName, shortDescription });
    for (const s of c.subCategories) {
      const subCategoryId = randomUUID();
      subCategoryRows.push({ id: subCategoryId, categoryId, name: s.name, shortDescription: s.shortDescription, description: s.shortDescription });
      for (const [name, groupName, shortDescription] of s.services) subServiceRows.push({ subCategoryId, name, groupName, shortDescription });
    }
  });
  await db.transaction(async (tx) => {
    await tx.insert(categories).values(categoryRows);
    await tx.insert(categoryServices).values(categoryServiceRows);
    await tx.insert(subCategories).values(subCategoryRows);
    await tx.insert(subCategoryServices).values(subServiceRows);
  });
  // Categories appear in search answers (by category counts).
  bumpCatalogue();
  return true;
}

/** Seeds the Norwegian fylker and Swedish län with their kommuner when there are no regions yet. */
export async function seedRegions(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(regions);
  if ((row?.n ?? 0) > 0) return false;
  const regionRows = SEED_REGIONS.map((r) => ({ id: randomUUID(), name: r.name, country: r.country }));
  const countyRows = SEED_REGIONS.flatMap((r, i) => r.counties.map((name) => ({ regionId: regionRows[i]!.id, name })));
  await db.transaction(async (tx) => {
    await tx.insert(regions).values(regionRows);
    await tx.insert(counties).values(countyRows);
  });
  return true;
}
