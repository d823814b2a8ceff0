import { and, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { ListingStatus } from '../../../src/domain/listings';
import type { Category, CategoryService, SubCategory, SubCategoryService } from '../../../src/domain/taxonomy';
import type { Db } from '../../db/client';
import { categories, categoryServices, files, listings, subCategories, subCategoryServices } from '../../db/schema';
import { adminCrud } from '../../lib/admin-crud';
import { conflict, validationFailed } from '../../lib/errors';
import { byName } from '../../lib/sort';
import { isNotDeleted } from '../listings/queries';
import { bumpCatalogue } from '../listings/service';
import type { CategoryBody, CategoryServiceBody, SubCategoryBody, SubCategoryServiceBody } from './schemas';

type CategoryRow = typeof categories.$inferSelect;
type SubCategoryRow = typeof subCategories.$inferSelect;
type CategoryServiceRow = typeof categoryServices.$inferSelect;
type SubCategoryServiceRow = typeof subCategoryServices.$inferSelect;

/** Optional text: undefined keeps the stored value, null clears it. */
const textOrKeep = (v: string | null | undefined) => (v === undefined ? undefined : (v ?? ''));
const textOrEmpty = (v: string | null | undefined) => v ?? '';

export const presentCategory = (r: CategoryRow): Category => ({
  id: r.id, name: r.name, shortDescription: r.shortDescription, description: r.description, imageUri: r.imageUri, version: r.version,
});
export const presentSubCategory = (r: SubCategoryRow): SubCategory => ({
  id: r.id, categoryId: r.categoryId, name: r.name, shortDescription: r.shortDescription, description: r.description,
  imageUri: r.imageUri, version: r.version,
});
export const presentCategoryService = (r: CategoryServiceRow): CategoryService => ({
  id: r.id, categoryId: r.categoryId, name: r.name, groupName: r.groupName, shortDescription: r.shortDescription, version: r.version,
});
export const presentSubCategoryService = (r: SubCategoryServiceRow): SubCategoryService => ({
  id: r.id, subCategoryId: r.subCategoryId, name: r.name, groupName: r.groupName, shortDescription: r.shortDescription, version: r.version,
});

/**
 * The 409 for an item listings still use, on a delete or a parent change: one wording for both,
 * which the client translates (src/features/taxonomy-admin/messages.ts matches it).
 */
const inUseMessage = (item: 'category' | 'sub-category' | 'service', used: number) =>
  `This ${item} is used by ${used} ${used === 1 ? 'listing' : 'listings'}. Move or delete them first.`;

const offersCategoryService = (id: string) => sql`${id}::uuid = any(${listings.categoryServiceIds})`;
const offersSubCategoryService = (id: string) => sql`${id}::uuid = any(${listings.subCategoryServiceIds})`;

/**
 * Admin-managed service taxonomy (spec 3 §3, §7). Category and sub-category writes bump the
 * catalogue generation: category names, images and order appear in search answers, and deleting
 * a sub-category clears listings' subCategoryId.
 */
export function taxonomyService(db: Db, clock: () => Date) {
  async function assertCategory(id: string) {
    const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
    if (!row) throw validationFailed([{ field: 'categoryId', message: 'The category does not exist' }]);
  }

  async function assertSubCategory(id: string) {
    const [row] = await db.select({ id: subCategories.id }).from(subCategories).where(eq(subCategories.id, id)).limit(1);
    if (!row) throw validationFailed([{ field: 'subCategoryId', message: 'The sub-category does not exist' }]);
  }

  /** '' and null clear the image; anything else must be an uploaded file. */
  async function checkImage(imageUri: string | null | undefined): Promise<string | null | undefined> {
    if (imageUri === undefined) return undefined;
    if (!imageUri) return null;
    const [file] = await db.select({ id: files.id }).from(files).where(eq(files.id, imageUri)).limit(1);
    if (!file) throw validationFailed([{ field: 'imageUri', message: 'The image must be an uploaded file' }]);
    return imageUri;
  }

  /**
   * How many listings that are not Deleted offer a service (`offeredBy`): a service they offer is
   * not deleted (their id arrays have no foreign key, so the delete would leave ids that point
   * nowhere) nor moved to another parent (they would offer a service of another category).
   * Deleted listings do not count: no one sees them. A listing saved between this count and the
   * write keeps the stale id: nothing in the database catches it.
   */
  async function refuseServiceInUse(tx: Db, offeredBy: SQL) {
    const [{ used } = { used: 0 }] = await tx.select({ used: count() }).from(listings).where(and(offeredBy, isNotDeleted));
    if (used > 0) throw conflict(inUseMessage('service', used));
  }

  /** Listings that are not Deleted holding the sub-category or one of its services; each counted once. */
  async function subCategoryUse(tx: Db, id: string): Promise<number> {
    const itsServices = tx.select({ id: subCategoryServices.id }).from(subCategoryServices)
      .where(eq(subCategoryServices.subCategoryId, id));
    const [{ used } = { used: 0 }] = await tx.select({ used: count() }).from(listings).where(and(
      ne(listings.status, ListingStatus.Deleted),
      or(eq(listings.subCategoryId, id), sql`${listings.subCategoryServiceIds} && array(${itsServices})`),
    ));
    return used;
  }

  const categoryCrud = adminCrud<CategoryRow, CategoryBody, Category>(db, clock, {
    table: categories,
    label: 'Category',
    present: presentCategory,
    sort: (a, b) => a.sortOrder - b.sortOrder || byName(a, b),
    toInsert: async (body) => {
      const imageUri = await checkImage(body.imageUri);
      return {
        name: body.name, shortDescription: textOrEmpty(body.shortDescription), description: textOrEmpty(body.description),
        imageUri: imageUri ?? null, sortOrder: body.sortOrder ?? 0,
      };
    },
    toUpdate: async (body) => {
      const imageUri = await checkImage(body.imageUri);
      return {
        name: body.name, shortDescription: textOrKeep(body.shortDescription), description: textOrKeep(body.description),
        imageUri, sortOrder: body.sortOrder,
      };
    },
    // Listings keep their category (ON DELETE RESTRICT): say how many hold it on to. A listing added
    // after this count still fails the delete, and the generic foreign-key mapping answers 409 then.
    beforeDelete: async (tx, id) => {
      const [{ used } = { used: 0 }] = await tx.select({ used: count() }).from(listings).where(eq(listings.categoryId, id));
      if (used > 0) throw conflict(inUseMessage('category', used));
    },
    afterWrite: () => bumpCatalogue(),
  });

  const subCategoryCrud = adminCrud<SubCategoryRow, SubCategoryBody, SubCategory>(db, clock, {
    table: subCategories,
    label: 'Sub-category',
    present: presentSubCategory,
    sort: byName,
    toInsert: async (body) => {
      await assertCategory(body.categoryId);
      const imageUri = await checkImage(body.imageUri);
      return {
        categoryId: body.categoryId, name: body.name, shortDescription: textOrEmpty(body.shortDescription),
        description: textOrEmpty(body.description), imageUri: imageUri ?? null,
      };
    },
    toUpdate: async (body) => {
      await assertCategory(body.categoryId);
      const imageUri = await checkImage(body.imageUri);
      return {
        categoryId: body.categoryId, name: body.name, shortDescription: textOrKeep(body.shortDescription),
        description: textOrKeep(body.description), imageUri,
      };
    },
    // Moved to another category, the listings holding it would show a sub-category of another
    // category than their own: refused while any does (the same count as a delete).
    beforeUpdate: async (tx, current, body) => {
      if (current.categoryId === body.categoryId) return;
      const used = await subCategoryUse(tx, current.id);
      if (used > 0) throw conflict(inUseMessage('sub-category', used));
    },
    // The database would let it go (listings' subCategoryId is ON DELETE SET NULL, their service ids
    // are a plain array), silently emptying a company's listings: refuse while a listing that is not
    // Deleted holds the sub-category or one of its services, and say how many.
    beforeDelete: async (tx, id) => {
      const used = await subCategoryUse(tx, id);
      if (used > 0) throw conflict(inUseMessage('sub-category', used));
    },
    afterWrite: () => bumpCatalogue(),
  });

  const categoryServiceCrud = adminCrud<CategoryServiceRow, CategoryServiceBody, CategoryService>(db, clock, {
    table: categoryServices,
    label: 'Category service',
    present: presentCategoryService,
    sort: byName,
    toInsert: async (body) => {
      await assertCategory(body.categoryId);
      return {
        categoryId: body.categoryId, name: body.name, groupName: textOrEmpty(body.groupName),
        shortDescription: textOrEmpty(body.shortDescription),
      };
    },
    toUpdate: async (body) => {
      await assertCategory(body.categoryId);
      return {
        categoryId: body.categoryId, name: body.name, groupName: textOrKeep(body.groupName),
        shortDescription: textOrKeep(body.shortDescription),
      };
    },
    beforeUpdate: async (tx, current, body) => {
      if (current.categoryId !== body.categoryId) await refuseServiceInUse(tx, offersCategoryService(current.id));
    },
    beforeDelete: (tx, id) => refuseServiceInUse(tx, offersCategoryService(id)),
  });

  const subCategoryServiceCrud = adminCrud<SubCategoryServiceRow, SubCategoryServiceBody, SubCategoryService>(db, clock, {
    table: subCategoryServices,
    label: 'Sub-category service',
    present: presentSubCategoryService,
    sort: byName,
    toInsert: async (body) => {
      await assertSubCategory(body.subCategoryId);
      return {
        subCategoryId: body.subCategoryId, name: body.name, groupName: textOrEmpty(body.groupName),
        shortDescription: textOrEmpty(body.shortDescription),
      };
    },
    toUpdate: async (body) => {
      await assertSubCategory(body.subCategoryId);
      return {
        subCategoryId: body.subCategoryId, name: body.name, groupName: textOrKeep(body.groupName),
        shortDescription: textOrKeep(body.shortDescription),
      };
    },
    beforeUpdate: async (tx, current, body) => {
      if (current.subCategoryId !== body.subCategoryId) await refuseServiceInUse(tx, offersSubCategoryService(current.id));
    },
    beforeDelete: (tx, id) => refuseServiceInUse(tx, offersSubCategoryService(id)),
  });

  return {
    categories: categoryCrud,
    subCategories: subCategoryCrud,
    categoryServices: categoryServiceCrud,
    subCategoryServices: subCategoryServiceCrud,
    listCategories: () => categoryCrud.list(),
    listSubCategories: (categoryId?: string) =>
      subCategoryCrud.list(categoryId ? eq(subCategories.categoryId, categoryId) : undefined),
    listCategoryServices: (categoryId?: string) =>
      categoryServiceCrud.list(categoryId ? eq(categoryServices.categoryId, categoryId) : undefined),
    listSubCategoryServices: (subCategoryId?: string) =>
      subCategoryServiceCrud.list(subCategoryId ? eq(subCategoryServices.subCategoryId, subCategoryId) : undefined),
  };
}

export type TaxonomyService = ReturnType<typeof taxonomyService>;
