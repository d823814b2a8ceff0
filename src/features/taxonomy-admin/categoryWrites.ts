import { taxonomyApi } from '../../api/taxonomy';
import { db } from '../../db/database';
import type { Category } from '../../domain/taxonomy';
import { categoryInputOf, type CategoryFormValues } from './categoryForm';
import { refreshTaxonomy } from './taxonomyWrites';

/** Creates (no `existing`) or updates a category; resolves with the server's answer once Dexie has it. */
export async function saveCategory(existing: Category | null, values: CategoryFormValues): Promise<Category> {
  const body = categoryInputOf(values);
  const saved = existing
    ? await taxonomyApi.updateCategory(existing.id, body, existing.version)
    : await taxonomyApi.createCategory(body);
  await refreshTaxonomy(async () => {
    const stored = await db.categories.get(saved.id);
    await db.categories.put({ ...saved, position: stored?.position ?? (await db.categories.count()) });
  });
  return saved;
}

/**
 * Deletes a category (the server removes its sub-categories and services with it). Resolves once the
 * server has; `stored` settles when Dexie has too (it never rejects), so a page can leave first.
 */
export async function deleteCategory(category: Category): Promise<{ stored: Promise<void> }> {
  await taxonomyApi.deleteCategory(category.id);
  const stored = refreshTaxonomy(async () => {
    await db.subCategories.where('categoryId').equals(category.id).delete();
    await db.categories.delete(category.id);
  });
  return { stored };
}
