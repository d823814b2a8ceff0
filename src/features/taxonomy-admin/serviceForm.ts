import type { CategoryServiceInput, SubCategoryServiceInput } from '../../api/taxonomy-services';
import {
  TAXONOMY_GROUP_NAME_MAX, TAXONOMY_NAME_MAX, TAXONOMY_SHORT_DESCRIPTION_MAX, TaxonomyMessages,
} from '../../domain/taxonomy';
import type { AdminService, ServiceKind } from './serviceKind';

export interface ServiceFormValues {
  /** The category (or sub-category) chosen; '' until one is. */
  parentId: string;
  name: string;
  groupName: string;
  shortDescription: string;
}

export type ServiceField = keyof ServiceFormValues;
export const SERVICE_FIELDS: readonly ServiceField[] = ['parentId', 'name', 'groupName', 'shortDescription'];

export const emptyServiceForm = (parentId = ''): ServiceFormValues => ({ parentId, name: '', groupName: '', shortDescription: '' });

export const serviceFormOf = (service: AdminService): ServiceFormValues => ({
  parentId: service.parentId, name: service.name, groupName: service.groupName, shortDescription: service.shortDescription,
});

/**
 * The English rule message a field breaks (translated by the screen), or null (spec 3 §5): the
 * parent first, then a name of at most 100; group name and short description are optional, only
 * their lengths are checked (the server's limits, src/domain/taxonomy.ts).
 */
export function serviceFieldError(kind: ServiceKind, values: ServiceFormValues, field: ServiceField): string | null {
  const value = values[field].trim();
  switch (field) {
    case 'parentId':
      if (value) return null;
      return kind === 'category' ? TaxonomyMessages.SelectCategoryFirst : TaxonomyMessages.SelectSubCategoryFirst;
    case 'name':
      if (!value) return TaxonomyMessages.NameRequired;
      return value.length > TAXONOMY_NAME_MAX ? TaxonomyMessages.NameTooLong : null;
    case 'groupName':
      return value.length > TAXONOMY_GROUP_NAME_MAX ? TaxonomyMessages.GroupNameTooLong : null;
    case 'shortDescription':
      return value.length > TAXONOMY_SHORT_DESCRIPTION_MAX ? TaxonomyMessages.ShortDescriptionTooLong : null;
  }
}

export const canSaveService = (kind: ServiceKind, values: ServiceFormValues) =>
  SERVICE_FIELDS.every((field) => serviceFieldError(kind, values, field) === null);

const trimmed = (values: ServiceFormValues) => ({
  name: values.name.trim(), groupName: values.groupName.trim(), shortDescription: values.shortDescription.trim(),
});

/** The body of POST / PUT /categoryService: the parent and the trimmed texts ('' clears an optional one). */
export const categoryServiceInputOf = (values: ServiceFormValues): CategoryServiceInput => ({
  categoryId: values.parentId, ...trimmed(values),
});

/** The body of POST / PUT /subCategoryService. */
export const subCategoryServiceInputOf = (values: ServiceFormValues): SubCategoryServiceInput => ({
  subCategoryId: values.parentId, ...trimmed(values),
});
