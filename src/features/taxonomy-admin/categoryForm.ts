import type { CategoryInput } from '../../api/taxonomy';
import {
  TAXONOMY_DESCRIPTION_MAX, TAXONOMY_NAME_MAX, TAXONOMY_SHORT_DESCRIPTION_MAX, TaxonomyMessages, type Category,
} from '../../domain/taxonomy';

export interface CategoryFormValues {
  name: string;
  shortDescription: string;
  description: string;
  imageUri: string | null;
}

export type CategoryField = 'name' | 'shortDescription' | 'description';

/**
 * The category form's rules (spec 3 §5): the server checks the lengths only, the two "required"
 * texts for the descriptions are the form's own (the server keeps '' as a valid value).
 */
export const CategoryFormMessages = {
  ShortDescriptionRequired: 'Short description is required',
  DescriptionRequired: 'Description is required',
} as const;

export const emptyCategoryForm = (): CategoryFormValues => ({ name: '', shortDescription: '', description: '', imageUri: null });

export const categoryFormOf = (category: Category): CategoryFormValues => ({
  name: category.name,
  shortDescription: category.shortDescription,
  description: category.description,
  imageUri: category.imageUri,
});

/** The English rule message a field breaks (translated by the screen), or null. */
export function categoryFieldError(values: CategoryFormValues, field: CategoryField): string | null {
  const value = values[field].trim();
  switch (field) {
    case 'name':
      if (!value) return TaxonomyMessages.NameRequired;
      return value.length > TAXONOMY_NAME_MAX ? TaxonomyMessages.NameTooLong : null;
    case 'shortDescription':
      if (!value) return CategoryFormMessages.ShortDescriptionRequired;
      return value.length > TAXONOMY_SHORT_DESCRIPTION_MAX ? TaxonomyMessages.ShortDescriptionTooLong : null;
    case 'description':
      if (!value) return CategoryFormMessages.DescriptionRequired;
      return value.length > TAXONOMY_DESCRIPTION_MAX ? TaxonomyMessages.DescriptionTooLong : null;
  }
}

export const CATEGORY_FIELDS: readonly CategoryField[] = ['name', 'shortDescription', 'description'];

export const canSaveCategory = (values: CategoryFormValues) =>
  CATEGORY_FIELDS.every((field) => categoryFieldError(values, field) === null);

/** The body of POST / PUT /category: trimmed texts. */
export const categoryInputOf = (values: CategoryFormValues): CategoryInput => ({
  name: values.name.trim(),
  shortDescription: values.shortDescription.trim(),
  description: values.description.trim(),
  imageUri: values.imageUri,
});
