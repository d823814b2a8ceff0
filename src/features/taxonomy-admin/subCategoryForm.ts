import type { SubCategoryInput } from '../../api/taxonomy';
import {
  TAXONOMY_DESCRIPTION_MAX, TAXONOMY_NAME_MAX, TAXONOMY_SHORT_DESCRIPTION_MAX, TaxonomyMessages, type SubCategory,
} from '../../domain/taxonomy';

export interface SubCategoryFormValues {
  /** '' until the parent is chosen. */
  categoryId: string;
  name: string;
  shortDescription: string;
  description: string;
  imageUri: string | null;
}

export type SubCategoryField = 'categoryId' | 'name' | 'shortDescription' | 'description';

/** A new sub-category starts under `categoryId` when the screen knows it (a category filter), else unparented. */
export const emptySubCategoryForm = (categoryId = ''): SubCategoryFormValues =>
  ({ categoryId, name: '', shortDescription: '', description: '', imageUri: null });

export const subCategoryFormOf = (subCategory: SubCategory): SubCategoryFormValues => ({
  categoryId: subCategory.categoryId,
  name: subCategory.name,
  shortDescription: subCategory.shortDescription,
  description: subCategory.description,
  imageUri: subCategory.imageUri,
});

/**
 * The English rule message a field breaks (translated by the screen), or null. Spec 3 §5: the
 * parent first, Name required and ≤ 100; the descriptions are optional, within the server's limits.
 */
export function subCategoryFieldError(values: SubCategoryFormValues, field: SubCategoryField): string | null {
  const value = values[field].trim();
  switch (field) {
    case 'categoryId':
      return value ? null : TaxonomyMessages.SelectCategoryFirst;
    case 'name':
      if (!value) return TaxonomyMessages.NameRequired;
      return value.length > TAXONOMY_NAME_MAX ? TaxonomyMessages.NameTooLong : null;
    case 'shortDescription':
      return value.length > TAXONOMY_SHORT_DESCRIPTION_MAX ? TaxonomyMessages.ShortDescriptionTooLong : null;
    case 'description':
      return value.length > TAXONOMY_DESCRIPTION_MAX ? TaxonomyMessages.DescriptionTooLong : null;
  }
}

export const SUB_CATEGORY_FIELDS: readonly SubCategoryField[] = ['categoryId', 'name', 'shortDescription', 'description'];

export const canSaveSubCategory = (values: SubCategoryFormValues) =>
  SUB_CATEGORY_FIELDS.every((field) => subCategoryFieldError(values, field) === null);

/** The body of POST / PUT /subcategory: trimmed texts. */
export const subCategoryInputOf = (values: SubCategoryFormValues): SubCategoryInput => ({
  categoryId: values.categoryId,
  name: values.name.trim(),
  shortDescription: values.shortDescription.trim(),
  description: values.description.trim(),
  imageUri: values.imageUri,
});
