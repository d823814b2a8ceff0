import type { Category, CategoryService, SubCategory, SubCategoryService } from '../domain/taxonomy';
import { api } from './http';

/** Public taxonomy reads (docs/api.md "Taxonomy"). Admin writes arrive with the Admin Center. */
export const taxonomyApi = {
  categories: () => api.get<Category[]>('/category'),
  category: (id: string) => api.get<Category>(`/category/${encodeURIComponent(id)}`),
  subCategories: (categoryId?: string) => api.get<SubCategory[]>('/subcategory', { query: { categoryId } }),
  subCategory: (id: string) => api.get<SubCategory>(`/subcategory/${encodeURIComponent(id)}`),
  categoryServices: (categoryId?: string) => api.get<CategoryService[]>('/categoryService', { query: { categoryId } }),
  subCategoryServices: (subCategoryId?: string) =>
    api.get<SubCategoryService[]>('/subCategoryService', { query: { subCategoryId } }),
};
