import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Category, CategoryService, SubCategory, SubCategoryService } from '../../../src/domain/taxonomy';
import type { Db } from '../../db/client';
import { categories, categoryServices, listings, subCategories, subCategoryServices } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { requireAdmin } from '../../lib/auth';
import { bumpCatalogue } from '../listings/search-cache';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { parse, uuidParam } from '../../lib/validate';
import {
  byName, checkImage, duplicateId, expectedVersion, textOrEmpty, textOrKeep, updateMissed,
} from './common';
import {
  categoryBody, categoryIdQuery, categoryServiceBody, subCategoryBody, subCategoryIdQuery, subCategoryServiceBody,
} from './schemas';

type CategoryRow = typeof categories.$inferSelect;
type SubCategoryRow = typeof subCategories.$inferSelect;
type CategoryServiceRow = typeof categoryServices.$inferSelect;
type SubCategoryServiceRow = typeof subCategoryServices.$inferSelect;

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

async function assertCategory(db: Db, id: string) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) throw validationFailed([{ field: 'categoryId', message: 'The category does not exist' }]);
}

async function assertSubCategory(db: Db, id: string) {
  const [row] = await db.select({ id: subCategories.id }).from(subCategories).where(eq(subCategories.id, id)).limit(1);
  if (!row) throw validationFailed([{ field: 'subCategoryId', message: 'The sub-category does not exist' }]);
}

/**
 * Admin-managed service taxonomy (spec 3 §3, §7): reads are public, writes need the Admin role.
 * Category and sub-category writes bump the catalogue generation: category names, images and
 * order appear in search answers, and deleting a sub-category clears listings' subCategoryId.
 */
export function taxonomyRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const admin = { preHandler: requireAdmin };
  const idOf = (params: unknown) => parse(uuidParam, params, 'params').id;

  // ---- Categories ----
  app.get('/category', async () => {
    const rows = await db.select().from(categories);
    return rows.sort((a, b) => a.sortOrder - b.sortOrder || byName(a, b)).map(presentCategory);
  });

  app.get('/category/:id', async (request) => {
    const [row] = await db.select().from(categories).where(eq(categories.id, idOf(request.params))).limit(1);
    if (!row) throw notFound('Category not found');
    return presentCategory(row);
  });

  app.post('/category', admin, async (request, reply) => {
    const body = parse(categoryBody, request.body);
    const imageUri = await checkImage(db, body.imageUri);
    const [row] = await db.insert(categories).values({
      ...(body.id ? { id: body.id } : {}),
      name: body.name,
      shortDescription: textOrEmpty(body.shortDescription),
      description: textOrEmpty(body.description),
      imageUri: imageUri ?? null,
      sortOrder: body.sortOrder ?? 0,
    }).onConflictDoNothing({ target: categories.id }).returning();
    bumpCatalogue();
    if (!row) throw duplicateId('Category');
    reply.code(201);
    return presentCategory(row);
  });

  app.put('/category/:id', admin, async (request) => {
    const id = idOf(request.params);
    const expected = expectedVersion(request);
    const body = parse(categoryBody, request.body);
    const imageUri = await checkImage(db, body.imageUri);
    const [row] = await db.update(categories).set({
      name: body.name,
      shortDescription: textOrKeep(body.shortDescription),
      description: textOrKeep(body.description),
      imageUri,
      sortOrder: body.sortOrder,
      version: sql`${categories.version} + 1`,
      updatedAt: deps.clock(),
    }).where(and(eq(categories.id, id), expected === null ? undefined : eq(categories.version, expected))).returning();
    bumpCatalogue();
    if (row) return presentCategory(row);
    const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
    return updateMissed(!!found, 'Category');
  });

  app.delete('/category/:id', admin, async (request, reply) => {
    const id = idOf(request.params);
    // Listings keep their category (ON DELETE RESTRICT): say how many hold it on to. A listing added
    // after this count still fails the delete, and the generic foreign-key mapping answers 409 then.
    const [{ used } = { used: 0 }] = await db.select({ used: count() }).from(listings).where(eq(listings.categoryId, id));
    if (used > 0) {
      throw conflict(`This category is used by ${used} ${used === 1 ? 'listing' : 'listings'}. Move or delete them first.`);
    }
    const [row] = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    bumpCatalogue();
    if (!row) throw notFound('Category not found');
    reply.code(204);
  });

  // ---- Sub-categories ----
  app.get('/subcategory', async (request) => {
    const { categoryId } = parse(categoryIdQuery, request.query, 'query');
    const rows = await db.select().from(subCategories).where(categoryId ? eq(subCategories.categoryId, categoryId) : undefined);
    return rows.sort(byName).map(presentSubCategory);
  });

  app.get('/subcategory/:id', async (request) => {
    const [row] = await db.select().from(subCategories).where(eq(subCategories.id, idOf(request.params))).limit(1);
    if (!row) throw notFound('Sub-category not found');
    return presentSubCategory(row);
  });

  app.post('/subcategory', admin, async (request, reply) => {
    const body = parse(subCategoryBody, request.body);
    await assertCategory(db, body.categoryId);
    const imageUri = await checkImage(db, body.imageUri);
    const [row] = await db.insert(subCategories).values({
      ...(body.id ? { id: body.id } : {}),
      categoryId: body.categoryId,
      name: body.name,
      shortDescription: textOrEmpty(body.shortDescription),
      description: textOrEmpty(body.description),
      imageUri: imageUri ?? null,
    }).onConflictDoNothing({ target: subCategories.id }).returning();
    bumpCatalogue();
    if (!row) throw duplicateId('Sub-category');
    reply.code(201);
    return presentSubCategory(row);
  });

  app.put('/subcategory/:id', admin, async (request) => {
    const id = idOf(request.params);
    const expected = expectedVersion(request);
    const body = parse(subCategoryBody, request.body);
    await assertCategory(db, body.categoryId);
    const imageUri = await checkImage(db, body.imageUri);
    const [row] = await db.update(subCategories).set({
      categoryId: body.categoryId,
      name: body.name,
      shortDescription: textOrKeep(body.shortDescription),
      description: textOrKeep(body.description),
      imageUri,
      version: sql`${subCategories.version} + 1`,
      updatedAt: deps.clock(),
    }).where(and(eq(subCategories.id, id), expected === null ? undefined : eq(subCategories.version, expected))).returning();
    bumpCatalogue();
    if (row) return presentSubCategory(row);
    const [found] = await db.select({ id: subCategories.id }).from(subCategories).where(eq(subCategories.id, id)).limit(1);
    return updateMissed(!!found, 'Sub-category');
  });

  app.delete('/subcategory/:id', admin, async (request, reply) => {
    const [row] = await db.delete(subCategories).where(eq(subCategories.id, idOf(request.params))).returning({ id: subCategories.id });
    bumpCatalogue();
    if (!row) throw notFound('Sub-category not found');
    reply.code(204);
  });

  // ---- Category services ----
  app.get('/categoryService', async (request) => {
    const { categoryId } = parse(categoryIdQuery, request.query, 'query');
    const rows = await db.select().from(categoryServices).where(categoryId ? eq(categoryServices.categoryId, categoryId) : undefined);
    return rows.sort(byName).map(presentCategoryService);
  });

  app.get('/categoryService/:id', async (request) => {
    const [row] = await db.select().from(categoryServices).where(eq(categoryServices.id, idOf(request.params))).limit(1);
    if (!row) throw notFound('Category service not found');
    return presentCategoryService(row);
  });

  app.post('/categoryService', admin, async (request, reply) => {
    const body = parse(categoryServiceBody, request.body);
    await assertCategory(db, body.categoryId);
    const [row] = await db.insert(categoryServices).values({
      ...(body.id ? { id: body.id } : {}),
      categoryId: body.categoryId,
      name: body.name,
      groupName: textOrEmpty(body.groupName),
      shortDescription: textOrEmpty(body.shortDescription),
    }).onConflictDoNothing({ target: categoryServices.id }).returning();
    if (!row) throw duplicateId('Category service');
    reply.code(201);
    return presentCategoryService(row);
  });

  app.put('/categoryService/:id', admin, async (request) => {
    const id = idOf(request.params);
    const expected = expectedVersion(request);
    const body = parse(categoryServiceBody, request.body);
    await assertCategory(db, body.categoryId);
    const [row] = await db.update(categoryServices).set({
      categoryId: body.categoryId,
      name: body.name,
      groupName: textOrKeep(body.groupName),
      shortDescription: textOrKeep(body.shortDescription),
      version: sql`${categoryServices.version} + 1`,
      updatedAt: deps.clock(),
    }).where(and(eq(categoryServices.id, id), expected === null ? undefined : eq(categoryServices.version, expected))).returning();
    if (row) return presentCategoryService(row);
    const [found] = await db.select({ id: categoryServices.id }).from(categoryServices).where(eq(categoryServices.id, id)).limit(1);
    return updateMissed(!!found, 'Category service');
  });

  app.delete('/categoryService/:id', admin, async (request, reply) => {
    const [row] = await db.delete(categoryServices).where(eq(categoryServices.id, idOf(request.params))).returning({ id: categoryServices.id });
    if (!row) throw notFound('Category service not found');
    reply.code(204);
  });

  // ---- Sub-category services ----
  app.get('/subCategoryService', async (request) => {
    const { subCategoryId } = parse(subCategoryIdQuery, request.query, 'query');
    const rows = await db.select().from(subCategoryServices)
      .where(subCategoryId ? eq(subCategoryServices.subCategoryId, subCategoryId) : undefined);
    return rows.sort(byName).map(presentSubCategoryService);
  });

  app.get('/subCategoryService/:id', async (request) => {
    const [row] = await db.select().from(subCategoryServices).where(eq(subCategoryServices.id, idOf(request.params))).limit(1);
    if (!row) throw notFound('Sub-category service not found');
    return presentSubCategoryService(row);
  });

  app.post('/subCategoryService', admin, async (request, reply) => {
    const body = parse(subCategoryServiceBody, request.body);
    await assertSubCategory(db, body.subCategoryId);
    const [row] = await db.insert(subCategoryServices).values({
      ...(body.id ? { id: body.id } : {}),
      subCategoryId: body.subCategoryId,
      name: body.name,
      groupName: textOrEmpty(body.groupName),
      shortDescription: textOrEmpty(body.shortDescription),
    }).onConflictDoNothing({ target: subCategoryServices.id }).returning();
    if (!row) throw duplicateId('Sub-category service');
    reply.code(201);
    return presentSubCategoryService(row);
  });

  app.put('/subCategoryService/:id', admin, async (request) => {
    const id = idOf(request.params);
    const expected = expectedVersion(request);
    const body = parse(subCategoryServiceBody, request.body);
    await assertSubCategory(db, body.subCategoryId);
    const [row] = await db.update(subCategoryServices).set({
      subCategoryId: body.subCategoryId,
      name: body.name,
      groupName: textOrKeep(body.groupName),
      shortDescription: textOrKeep(body.shortDescription),
      version: sql`${subCategoryServices.version} + 1`,
      updatedAt: deps.clock(),
    }).where(and(eq(subCategoryServices.id, id), expected === null ? undefined : eq(subCategoryServices.version, expected))).returning();
    if (row) return presentSubCategoryService(row);
    const [found] = await db.select({ id: subCategoryServices.id }).from(subCategoryServices).where(eq(subCategoryServices.id, id)).limit(1);
    return updateMissed(!!found, 'Sub-category service');
  });

  app.delete('/subCategoryService/:id', admin, async (request, reply) => {
    const [row] = await db.delete(subCategoryServices).where(eq(subCategoryServices.id, idOf(request.params)))
      .returning({ id: subCategoryServices.id });
    if (!row) throw notFound('Sub-category service not found');
    reply.code(204);
  });
}
