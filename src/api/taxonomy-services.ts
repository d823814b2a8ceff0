import type { CategoryService, SubCategoryService } from '../domain/taxonomy';
import { api } from './http';

/** What an Admin sends to create or change a category service (docs/api.md "Taxonomy"). */
export interface CategoryServiceInput {
  categoryId: string;
  name: string;
  groupName: string;
  shortDescription: string;
}

/** The same for a sub-category service. */
export interface SubCategoryServiceInput {
  subCategoryId: string;
  name: string;
  groupName: string;
  shortDescription: string;
}

// One key per Admin action: a write whose answer was lost and is sent again is answered, not done twice.
const once = () => ({ 'Idempotency-Key': crypto.randomUUID() });
/** `version` is the one the Admin edited: a service changed meanwhile is a 412. */
const ifMatch = (version: number) => ({ ...once(), 'If-Match': `"${version}"` });
const categoryServicePath = (id: string) => `/categoryService/${encodeURIComponent(id)}`;
const subCategoryServicePath = (id: string) => `/subCategoryService/${encodeURIComponent(id)}`;

/** The Admin's writes of both kinds of services (the reads are taxonomyApi's, pulled into Dexie). */
export const taxonomyServicesApi = {
  createCategoryService: (body: CategoryServiceInput) =>
    api.post<CategoryService>('/categoryService', body, { headers: once() }),
  updateCategoryService: (id: string, body: CategoryServiceInput, version: number) =>
    api.put<CategoryService>(categoryServicePath(id), body, { headers: ifMatch(version) }),
  deleteCategoryService: (id: string) => api.delete<void>(categoryServicePath(id), { headers: once() }),
  createSubCategoryService: (body: SubCategoryServiceInput) =>
    api.post<SubCategoryService>('/subCategoryService', body, { headers: once() }),
  updateSubCategoryService: (id: string, body: SubCategoryServiceInput, version: number) =>
    api.put<SubCategoryService>(subCategoryServicePath(id), body, { headers: ifMatch(version) }),
  deleteSubCategoryService: (id: string) => api.delete<void>(subCategoryServicePath(id), { headers: once() }),
};
