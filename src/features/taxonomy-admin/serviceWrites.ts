import { taxonomyServicesApi } from '../../api/taxonomy-services';
import { db } from '../../db/database';
import { refreshTaxonomy } from './taxonomyWrites';
import { categoryServiceInputOf, subCategoryServiceInputOf, type ServiceFormValues } from './serviceForm';
import { adminServiceOf, type AdminService, type ServiceKind } from './serviceKind';

/**
 * Service writes go straight to the server (Admin, online only), then the stored taxonomy is
 * pulled again, as category writes do (categoryWrites.ts): the planner and the listing editor
 * read the services from Dexie.
 */

/** Creates (no `existing`) or updates a service of `kind`; resolves with the server's answer once Dexie has it. */
export async function saveService(kind: ServiceKind, existing: AdminService | null, values: ServiceFormValues): Promise<AdminService> {
  if (kind === 'category') {
    const body = categoryServiceInputOf(values);
    const saved = existing
      ? await taxonomyServicesApi.updateCategoryService(existing.id, body, existing.version)
      : await taxonomyServicesApi.createCategoryService(body);
    await refreshTaxonomy(async () => {
      const stored = await db.categoryServices.get(saved.id);
      await db.categoryServices.put({ ...saved, position: stored?.position ?? (await db.categoryServices.count()) });
    });
    return adminServiceOf(saved);
  }
  const body = subCategoryServiceInputOf(values);
  const saved = existing
    ? await taxonomyServicesApi.updateSubCategoryService(existing.id, body, existing.version)
    : await taxonomyServicesApi.createSubCategoryService(body);
  await refreshTaxonomy(async () => {
    const stored = await db.subCategoryServices.get(saved.id);
    await db.subCategoryServices.put({ ...saved, position: stored?.position ?? (await db.subCategoryServices.count()) });
  });
  return adminServiceOf(saved);
}

export async function deleteService(service: AdminService): Promise<void> {
  if (service.kind === 'category') {
    await taxonomyServicesApi.deleteCategoryService(service.id);
    await refreshTaxonomy(() => db.categoryServices.delete(service.id));
  } else {
    await taxonomyServicesApi.deleteSubCategoryService(service.id);
    await refreshTaxonomy(() => db.subCategoryServices.delete(service.id));
  }
}
