import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { LISTING_DESCRIPTION_MAX, savedVideoLinks, validateListing } from '../../../src/domain/listings';
import type { FieldError } from '../../../src/domain/validation';
import type { Db } from '../../db/client';
import { categories, categoryServices, counties, files, regions, subCategories, subCategoryServices } from '../../db/schema';
import { validationFailed } from '../../lib/errors';
import { sanitizeDescription } from './rich-text';
import type { ListingBody } from './schemas';

/** The columns a listing write stores, every reference checked. */
export interface ListingColumns {
  name: string;
  shortDescription: string;
  description: string;
  price: number | null;
  categoryId: string;
  subCategoryId: string;
  categoryServiceIds: string[];
  subCategoryServiceIds: string[];
  regionIds: string[];
  countyIds: string[];
  cardImageUri: string | null;
  bannerImageUri: string | null;
  galleryImageIds: string[];
  videoLinks: string[];
  status: number;
}

export const ListingInputMessages = {
  CompanyInvalid: 'companyId must be a valid id',
  CategoryNotFound: 'Category not found',
  SubCategoryNotFound: 'Subcategory not found',
  SubCategoryOutside: 'Subcategory does not belong to the category',
  CategoryServicesOutside: 'Category services must belong to the category',
  SubCategoryServicesOutside: 'Subcategory services must belong to the subcategory',
  LocationNotFound: 'Location not found',
  ImageNotFound: 'Image not found',
  DescriptionTooLong: `The description must be at most ${LISTING_DESCRIPTION_MAX} characters`,
} as const;

const isUuid = (v: string) => z.uuid().safeParse(v).success;
const unique = (ids: readonly string[]) => [...new Set(ids)];

/**
 * The form's own rules (validateListing: 'Name is required.' …) and the company id's shape: what
 * can be said without the database. Run before the ownership check, which needs a valid id.
 */
export function formErrors(body: ListingBody): FieldError[] {
  const errors = validateListing(body);
  const companyId = body.companyId.trim();
  if (companyId && !isUuid(companyId)) errors.push({ field: 'companyId', message: ListingInputMessages.CompanyInvalid });
  return errors;
}

/**
 * Checks every reference of a listing body against the database (category, its sub-category,
 * services of each, regions and counties, uploaded files), sanitizes the description and keeps
 * the valid video links. Throws one 400 with `earlier` (the form's errors) and these together.
 */
export async function resolveListingInput(db: Db, body: ListingBody, earlier: FieldError[]): Promise<ListingColumns> {
  const errors = [...earlier];
  const fail = (field: string, message: string) => errors.push({ field, message });
  const categoryId = body.categoryId.trim();
  const subCategoryId = body.subCategoryId.trim();

  let categoryOk = false;
  if (categoryId) {
    const [found] = isUuid(categoryId)
      ? await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1)
      : [];
    if (found) categoryOk = true;
    else fail('categoryId', ListingInputMessages.CategoryNotFound);
  }

  let subCategoryOk = false;
  if (subCategoryId) {
    const [found] = isUuid(subCategoryId)
      ? await db.select({ categoryId: subCategories.categoryId }).from(subCategories).where(eq(subCategories.id, subCategoryId)).limit(1)
      : [];
    if (!found) fail('subCategoryId', ListingInputMessages.SubCategoryNotFound);
    else if (categoryOk && found.categoryId !== categoryId) fail('subCategoryId', ListingInputMessages.SubCategoryOutside);
    else subCategoryOk = categoryOk;
  }

  const categoryServiceIds = unique(body.categoryServiceIds);
  if (categoryServiceIds.length > 0 && categoryOk) {
    const found = await db.select({ id: categoryServices.id }).from(categoryServices)
      .where(and(inArray(categoryServices.id, categoryServiceIds), eq(categoryServices.categoryId, categoryId)));
    if (found.length !== categoryServiceIds.length) fail('categoryServiceIds', ListingInputMessages.CategoryServicesOutside);
  }

  const subCategoryServiceIds = unique(body.subCategoryServiceIds);
  if (subCategoryServiceIds.length > 0 && subCategoryOk) {
    const found = await db.select({ id: subCategoryServices.id }).from(subCategoryServices)
      .where(and(inArray(subCategoryServices.id, subCategoryServiceIds), eq(subCategoryServices.subCategoryId, subCategoryId)));
    if (found.length !== subCategoryServiceIds.length) fail('subCategoryServiceIds', ListingInputMessages.SubCategoryServicesOutside);
  }

  // A location is a region (fylke, län) or a county (kommune); each kept in the order given.
  const locations = unique(body.locations);
  const regionIds = new Set<string>();
  const countyIds = new Set<string>();
  if (locations.length > 0) {
    // One after another: inside a transaction node-postgres deprecates overlapping queries.
    const foundRegions = await db.select({ id: regions.id }).from(regions).where(inArray(regions.id, locations));
    const foundCounties = await db.select({ id: counties.id }).from(counties).where(inArray(counties.id, locations));
    for (const r of foundRegions) regionIds.add(r.id);
    for (const c of foundCounties) countyIds.add(c.id);
    if (locations.some((id) => !regionIds.has(id) && !countyIds.has(id))) fail('locations', ListingInputMessages.LocationNotFound);
  }

  const galleryImageIds = unique(body.galleryImageIds);
  const imageIds = unique([body.cardImageUri, body.bannerImageUri, ...galleryImageIds].filter((id): id is string => id !== null));
  if (imageIds.length > 0) {
    const stored = new Set((await db.select({ id: files.id }).from(files).where(inArray(files.id, imageIds))).map((f) => f.id));
    if (body.cardImageUri && !stored.has(body.cardImageUri)) fail('cardImageUri', ListingInputMessages.ImageNotFound);
    if (body.bannerImageUri && !stored.has(body.bannerImageUri)) fail('bannerImageUri', ListingInputMessages.ImageNotFound);
    if (galleryImageIds.some((id) => !stored.has(id))) fail('galleryImageIds', ListingInputMessages.ImageNotFound);
  }

  const description = sanitizeDescription(body.description);
  if (description.length > LISTING_DESCRIPTION_MAX) fail('description', ListingInputMessages.DescriptionTooLong);

  if (errors.length > 0) throw validationFailed(errors);
  return {
    name: body.name.trim(),
    shortDescription: body.shortDescription.trim(),
    description,
    price: body.price,
    categoryId,
    subCategoryId,
    categoryServiceIds,
    subCategoryServiceIds,
    regionIds: locations.filter((id) => regionIds.has(id)),
    countyIds: locations.filter((id) => countyIds.has(id)),
    cardImageUri: body.cardImageUri,
    bannerImageUri: body.bannerImageUri,
    galleryImageIds,
    videoLinks: savedVideoLinks(body.videoLinks),
    status: body.status,
  };
}
