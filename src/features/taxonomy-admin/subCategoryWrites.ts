import { taxonomyApi } from '../../api/taxonomy';
import { db } from '../../db/database';
import type { SubCategory } from '../../domain/taxonomy';
import { subCategoryInputOf, type SubCategoryFormValues } from './subCategoryForm';
import { refreshTaxonomy } from './taxonomyWrites';

/** Creates (no `existing`) or updates a sub-category; resolves with the server's answer once Dexie has it. */
export async function saveSubCategory(existing: SubCategory | null, values: SubCategoryFormValues): Promise<SubCategory> {
  const body = subCategoryInputOf(values);
  const saved = existing
    ? await taxonomyApi.updateSubCategory(existing.id, body, existing.version)
    : await taxonomyApi.createSubCategory(body);
  await refreshTaxonomy(async () => {
    const stored = await db.subCategories.get(saved.id);
    await db.subCategories.put({ ...saved, position: stored?.position ?? (await db.subCategories.count()) });
  });
  return saved;
}

/**
 * Deletes a sub-category (the server removes its services with it). Resolves once the
 * server has; `stored` settles when Dexie has too (it never rejects), so a page can leave first.
 */
export async function deleteSubCategory(subCategory: SubCategory): Promise<{ stored: Promise<void> }> {
  await taxonomyApi.deleteSubCategory(subCategory.id);
  const stored = refreshTaxonomy(async () => {
    await db.subCategoryServices.where('subCategoryId').equals(subCategory.id).delete();
    await db.subCategories.delete(subCategory.id);
  });
  return { stored };
}
