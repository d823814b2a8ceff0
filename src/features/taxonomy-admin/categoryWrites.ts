import { filesApi } from '../../api/files';
import { taxonomyApi } from '../../api/taxonomy';
import { db } from '../../db/database';
import type { Category } from '../../domain/taxonomy';
import { pullTaxonomy } from '../../sync/pull';
import { categoryInputOf, type CategoryFormValues } from './categoryForm';

/**
 * Category writes go straight to the server (an Admin action, online only), then the shared
 * taxonomy in Dexie is pulled again: the browse filters, the planner and the listing editor read
 * it from there. Should that pull fail, the answer is applied locally so no screen shows the old
 * category; the next pull puts it in the server's order.
 */
export async function refreshTaxonomy(applyLocally: () => Promise<unknown>): Promise<void> {
  try {
    await pullTaxonomy();
  } catch {
    await applyLocally().catch(() => undefined);
  }
}

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

/** Deletes a category; the server removes its sub-categories and services with it. */
export async function deleteCategory(category: Category): Promise<void> {
  await taxonomyApi.deleteCategory(category.id);
  await refreshTaxonomy(async () => {
    await db.subCategories.where('categoryId').equals(category.id).delete();
    await db.categories.delete(category.id);
  });
}

/** The cropped WebP goes to the files API at once: category writes are online only. */
export async function uploadCategoryImage(blob: Blob, name: string): Promise<string> {
  return (await filesApi.upload(blob, name)).id;
}

/** After a failed write the stored taxonomy may be stale (412, 404): pull it again. Best effort. */
export function refreshAfterFailure(): void {
  pullTaxonomy().catch(() => undefined);
}
