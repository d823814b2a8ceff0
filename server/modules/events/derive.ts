import { inArray } from 'drizzle-orm';
import { basicsComplete, locationsComplete, servicesComplete } from '../../../src/domain/events';
import type { FieldError } from '../../../src/domain/validation';
import type { Db } from '../../db/client';
import { categories, categoryServices, counties, regions, subCategories, subCategoryServices } from '../../db/schema';
import type { EventBody } from './schemas';

export const EventInputMessages = {
  BasicsRequired: 'Name, attendees, start date and end date are required',
  LocationRequired: 'Choose at least one region or county',
  ServiceRequired: 'Choose at least one service',
  RegionNotFound: 'Region not found',
  CountyNotFound: 'County not found',
  CategoryNotFound: 'Category not found',
  SubCategoryNotFound: 'Subcategory not found',
  ServiceNotFound: 'Service not found',
} as const;

/** The id columns of planner_events, always computed here from the documents (never sent by a client). */
export interface DerivedIds {
  regionIds: string[];
  countyIds: string[];
  categoryIds: string[];
  subCategoryIds: string[];
  serviceIds: string[];
}

const unique = (ids: Iterable<string>) => [...new Set(ids)];

/** What the event selects: the regions and counties ticked, the categories chosen, the sub-categories and services ticked. */
export function deriveIds(body: EventBody): DerivedIds {
  const regionIds: string[] = [];
  const countyIds: string[] = [];
  for (const region of body.eventLocations) {
    if (region.isSelected) regionIds.push(region.id);
    for (const county of region.counties) if (county.isSelected) countyIds.push(county.id);
  }
  const categoryIds = body.eventCategories.map((c) => c.id);
  const subCategoryIds: string[] = [];
  const serviceIds: string[] = [];
  for (const [categoryId, entry] of Object.entries(body.selectedServices)) {
    let any = false;
    for (const service of entry.categoryServices) if (service.isSelected) { serviceIds.push(service.id); any = true; }
    for (const sub of entry.subCategories) {
      if (sub.isSelected) { subCategoryIds.push(sub.id); any = true; }
      for (const service of sub.services) if (service.isSelected) { serviceIds.push(service.id); any = true; }
    }
    if (any) categoryIds.push(categoryId);
  }
  return {
    regionIds: unique(regionIds), countyIds: unique(countyIds), categoryIds: unique(categoryIds),
    subCategoryIds: unique(subCategoryIds), serviceIds: unique(serviceIds),
  };
}

/** The wizard's step rules (spec 3 §5), required of an event that goes to the Admin (AwaitingApproval). */
export function approvalRequestErrors(body: EventBody): FieldError[] {
  const errors: FieldError[] = [];
  if (!basicsComplete(body.eventConfig)) errors.push({ field: 'eventConfig', message: EventInputMessages.BasicsRequired });
  if (!locationsComplete(body.eventLocations)) errors.push({ field: 'eventLocations', message: EventInputMessages.LocationRequired });
  if (!servicesComplete(body.selectedServices)) errors.push({ field: 'selectedServices', message: EventInputMessages.ServiceRequired });
  return errors;
}

/** Ids of `table` among `ids` that do not exist. */
async function missing(db: Db, table: typeof regions | typeof counties | typeof categories | typeof subCategories, ids: string[]) {
  if (ids.length === 0) return false;
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return found.length !== ids.length;
}

/**
 * The selected references must exist: what the match query reads. Entries that are listed but
 * not selected are the wizard's copy of the catalogue and may name things an Admin has removed
 * since; refusing those would make an offline draft unsavable (docs/decisions.md).
 */
export async function referenceErrors(db: Db, ids: DerivedIds): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  // One after another: this runs inside the write's transaction, whose single connection would
  // queue parallel queries anyway (and node-postgres deprecates overlapping them).
  const regionMissing = await missing(db, regions, ids.regionIds);
  const countyMissing = await missing(db, counties, ids.countyIds);
  const categoryMissing = await missing(db, categories, ids.categoryIds);
  const subMissing = await missing(db, subCategories, ids.subCategoryIds);
  let foundServices = 0;
  if (ids.serviceIds.length > 0) {
    const inCategories = await db.select({ id: categoryServices.id }).from(categoryServices).where(inArray(categoryServices.id, ids.serviceIds));
    const inSubCategories = await db.select({ id: subCategoryServices.id }).from(subCategoryServices).where(inArray(subCategoryServices.id, ids.serviceIds));
    foundServices = new Set([...inCategories, ...inSubCategories].map((r) => r.id)).size;
  }
  if (regionMissing) errors.push({ field: 'eventLocations', message: EventInputMessages.RegionNotFound });
  if (countyMissing) errors.push({ field: 'eventLocations', message: EventInputMessages.CountyNotFound });
  if (categoryMissing) errors.push({ field: 'eventCategories', message: EventInputMessages.CategoryNotFound });
  if (subMissing) errors.push({ field: 'selectedServices', message: EventInputMessages.SubCategoryNotFound });
  if (foundServices !== ids.serviceIds.length) errors.push({ field: 'selectedServices', message: EventInputMessages.ServiceNotFound });
  return errors;
}
