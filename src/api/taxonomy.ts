import type { Category, CategoryService, SubCategory, SubCategoryService } from '../domain/taxonomy';
import { api } from './http';

/** What an Admin sends to create or change a category (docs/api.md "Taxonomy"). */
export interface CategoryInput {
  name: string;
  shortDescription: string;
  description: string;
  /** A file id from POST /files; null: no image. */
  imageUri: string | null;
}

/** What an Admin sends to create or change a sub-category: a category's fields and its parent. */
export interface SubCategoryInput extends CategoryInput {
  categoryId: string;
}

const categoryPath = (id: string) => `/category/${encodeURIComponent(id)}`;
const subCategoryPath = (id: string) => `/subcategory/${encodeURIComponent(id)}`;
// One key per Admin action: a write whose answer was lost and is sent again is answered, not done twice.
const once = () => ({ 'Idempotency-Key': crypto.randomUUID() });

/** Public taxonomy reads (docs/api.md "Taxonomy") and the Admin's category and sub-category writes. */
export const taxonomyApi = {
  categories: () => api.get<Category[]>('/category'),
  category: (id: string) => api.get<Category>(categoryPath(id)),
  subCategories: (categoryId?: string) => api.get<SubCategory[]>('/subcategory', { query: { categoryId } }),
  subCategory: (id: string) => api.get<SubCategory>(subCategoryPath(id)),
  categoryServices: (categoryId?: string) => api.get<CategoryService[]>('/categoryService', { query: { categoryId } }),
  subCategoryServices: (subCategoryId?: string) =>
    api.get<SubCategoryService[]>('/subCategoryService', { query: { subCategoryId } }),
  createCategory: (body: CategoryInput) => api.post<Category>('/category', body, { headers: once() }),
  /** `version` is the one the Admin edited: a category changed meanwhile is a 412. */
  updateCategory: (id: string, body: CategoryInput, version: number) =>
    api.put<Category>(categoryPath(id), body, { headers: { ...once(), 'If-Match': `"${version}"` } }),
  deleteCategory: (id: string) => api.delete<void>(categoryPath(id), { headers: once() }),
  createSubCategory: (body: SubCategoryInput) => api.post<SubCategory>('/subcategory', body, { headers: once() }),
  /** As updateCategory: a sub-category changed since `version` is a 412. */
  updateSubCategory: (id: string, body: SubCategoryInput, version: number) =>
    api.put<SubCategory>(subCategoryPath(id), body, { headers: { ...once(), 'If-Match': `"${version}"` } }),
  deleteSubCategory: (id: string) => api.delete<void>(subCategoryPath(id), { headers: once() }),
};
