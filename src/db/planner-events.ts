import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredPlannerEvent } from './database';

/**
 * Live reads of the planner: the user's events (filled by the plannerEvent entity's pulls and
 * writes), one of them, and the catalogue pieces the wizard's services step shows for a category.
 * Undefined while the first read runs.
 */

const lastUpdatedFirst = (a: StoredPlannerEvent, b: StoredPlannerEvent) =>
  b.lastUpdated.localeCompare(a.lastUpdated) || a.id.localeCompare(b.id);

/** The user's events, last updated first (the server's order; an event drafted offline sorts in at once). */
export async function plannerEventsQuery(userId: string): Promise<StoredPlannerEvent[]> {
  return (await db.plannerEvents.where('userId').equals(userId).toArray()).sort(lastUpdatedFirst);
}

/** One of the user's events; null when this device has none with that id. */
export async function plannerEventQuery(userId: string, id: string): Promise<StoredPlannerEvent | null> {
  const row = await db.plannerEvents.get(id);
  return row && row.userId === userId ? row : null;
}

export const usePlannerEvents = (userId: string | null | undefined) =>
  useLiveQuery(() => (userId ? plannerEventsQuery(userId) : []), [userId]);

/** Undefined while reading, null when not stored. */
export const usePlannerEvent = (userId: string | null | undefined, id: string | null | undefined) =>
  useLiveQuery(() => (userId && id ? plannerEventQuery(userId, id) : null), [userId, id]);

/** A category's sub-categories, its own services and its sub-categories' services, in catalogue order. */
export async function categoryCatalogueQuery(categoryId: string) {
  const [subCategories, categoryServices] = await Promise.all([
    db.subCategories.where('categoryId').equals(categoryId).sortBy('position'),
    db.categoryServices.where('categoryId').equals(categoryId).sortBy('position'),
  ]);
  const subCategoryServices = subCategories.length
    ? await db.subCategoryServices.where('subCategoryId').anyOf(subCategories.map((s) => s.id)).sortBy('position')
    : [];
  return { subCategories, categoryServices, subCategoryServices };
}

export const useCategoryCatalogue = (categoryId: string | null) =>
  useLiveQuery(() => (categoryId ? categoryCatalogueQuery(categoryId) : null), [categoryId]);
