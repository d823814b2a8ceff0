/** Taxonomy wire types (spec 3 §3), shared by the app and the server. */

export const TAXONOMY_NAME_MAX = 100;
export const TAXONOMY_SHORT_DESCRIPTION_MAX = 200;
export const TAXONOMY_DESCRIPTION_MAX = 4000;
export const TAXONOMY_GROUP_NAME_MAX = 100;

export const TaxonomyMessages = {
  NameRequired: 'Name is required',
  NameTooLong: `Name cannot exceed ${TAXONOMY_NAME_MAX} characters`,
  ShortDescriptionTooLong: `Short description cannot exceed ${TAXONOMY_SHORT_DESCRIPTION_MAX} characters`,
  DescriptionTooLong: `Description cannot exceed ${TAXONOMY_DESCRIPTION_MAX} characters`,
  GroupNameTooLong: `Group name cannot exceed ${TAXONOMY_GROUP_NAME_MAX} characters`,
  SelectCategoryFirst: 'Please select a category first',
  SelectSubCategoryFirst: 'Please select a subCategory first',
} as const;

export interface Category {
  id: string;
  name: string;
  shortDescription: string;
  description: string;
  /** A file id (GET /files/{id}), or null. */
  imageUri: string | null;
  version: number;
}

export interface SubCategory {
  id: string;
  categoryId: string;
  name: string;
  shortDescription: string;
  description: string;
  imageUri: string | null;
  version: number;
}

export interface CategoryService {
  id: string;
  categoryId: string;
  name: string;
  groupName: string;
  shortDescription: string;
  version: number;
}

export interface SubCategoryService {
  id: string;
  subCategoryId: string;
  name: string;
  groupName: string;
  shortDescription: string;
  version: number;
}
