import { z } from 'zod';
import {
  TAXONOMY_DESCRIPTION_MAX, TAXONOMY_GROUP_NAME_MAX, TAXONOMY_NAME_MAX, TAXONOMY_SHORT_DESCRIPTION_MAX, TaxonomyMessages,
} from '../../../src/domain/taxonomy';

const BadId = 'Must be a valid id';

/** Required and trimmed; a missing name gets the same message as a blank one. */
const name = z.preprocess((v) => v ?? '', z.string('Name must be text').trim()
  .min(1, TaxonomyMessages.NameRequired).max(TAXONOMY_NAME_MAX, TaxonomyMessages.NameTooLong));
const text = (max: number, message: string) => z.string('Must be text').trim().max(max, message).nullish();
/** A parent id that must be chosen first (spec 3 §5). */
const parentId = (missing: string) => z.preprocess((v) => v ?? '', z.string(BadId).trim().min(1, missing).pipe(z.uuid(BadId)));
/** A file id; '' or null clears it. */
const imageUri = z.union([z.literal(''), z.uuid('imageUri must be a valid file id')], 'imageUri must be a valid file id').nullish();

const shortDescription = text(TAXONOMY_SHORT_DESCRIPTION_MAX, TaxonomyMessages.ShortDescriptionTooLong);
const description = text(TAXONOMY_DESCRIPTION_MAX, TaxonomyMessages.DescriptionTooLong);
const groupName = text(TAXONOMY_GROUP_NAME_MAX, TaxonomyMessages.GroupNameTooLong);
/** Offline creates send their own id; a server-made one otherwise. */
const clientId = z.uuid(BadId).optional();

export const categoryBody = z.object({
  id: clientId, name, shortDescription, description, imageUri,
  sortOrder: z.number('sortOrder must be a number').int('sortOrder must be a whole number').min(-1_000_000).max(1_000_000).optional(),
});
export const subCategoryBody = z.object({
  id: clientId, categoryId: parentId(TaxonomyMessages.SelectCategoryFirst), name, shortDescription, description, imageUri,
});
export const categoryServiceBody = z.object({
  id: clientId, categoryId: parentId(TaxonomyMessages.SelectCategoryFirst), name, groupName, shortDescription,
});
export const subCategoryServiceBody = z.object({
  id: clientId, subCategoryId: parentId(TaxonomyMessages.SelectSubCategoryFirst), name, groupName, shortDescription,
});

export const categoryIdQuery = z.object({ categoryId: z.uuid(BadId).optional() });
export const subCategoryIdQuery = z.object({ subCategoryId: z.uuid(BadId).optional() });

export type CategoryBody = z.infer<typeof categoryBody>;
export type SubCategoryBody = z.infer<typeof subCategoryBody>;
export type CategoryServiceBody = z.infer<typeof categoryServiceBody>;
export type SubCategoryServiceBody = z.infer<typeof subCategoryServiceBody>;
