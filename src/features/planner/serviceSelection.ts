import type { EventCategory, EventService, SelectedServices } from '../../domain/events';
import type { CategoryService, SubCategory, SubCategoryService } from '../../domain/taxonomy';

/** What the catalogue holds for one category: its sub-categories and both kinds of services. */
export interface CategoryCatalogue {
  subCategories: readonly SubCategory[];
  categoryServices: readonly CategoryService[];
  subCategoryServices: readonly SubCategoryService[];
}

export type ServiceChoice = { kind: 'categoryService' | 'subCategory' | 'subCategoryService'; id: string; on: boolean };

/** Every id chosen under a category (category services, sub-categories, sub-category services). */
export function chosenIds(selected: SelectedServices, categoryId: string): Set<string> {
  const entry = selected[categoryId];
  const ids = new Set<string>();
  if (!entry) return ids;
  for (const s of entry.categoryServices) if (s.isSelected) ids.add(s.id);
  for (const sub of entry.subCategories) {
    if (sub.isSelected) ids.add(sub.id);
    for (const s of sub.services) if (s.isSelected) ids.add(s.id);
  }
  return ids;
}

const service = (s: CategoryService | SubCategoryService, chosen: ReadonlySet<string>): EventService => ({
  id: s.id, name: s.name, groupName: s.groupName || null, isSelected: chosen.has(s.id), description: s.shortDescription || null,
});

/**
 * One choice under a category: the category's entry is rebuilt from the catalogue with every
 * service and sub-category flagged, and dropped when nothing in it is chosen any more.
 */
export function toggleService(selected: SelectedServices, categoryId: string, catalogue: CategoryCatalogue, choice: ServiceChoice): SelectedServices {
  const chosen = chosenIds(selected, categoryId);
  if (choice.on) chosen.add(choice.id);
  else chosen.delete(choice.id);
  const { [categoryId]: _old, ...rest } = selected;
  if (chosen.size === 0) return rest;
  return {
    ...rest,
    [categoryId]: {
      categoryServices: catalogue.categoryServices.map((s) => service(s, chosen)),
      subCategories: catalogue.subCategories.map((sub) => ({
        id: sub.id,
        name: sub.name,
        isSelected: chosen.has(sub.id),
        services: catalogue.subCategoryServices.filter((s) => s.subCategoryId === sub.id).map((s) => service(s, chosen)),
      })),
    },
  };
}

/** The categories with something chosen, named from the catalogue (or as stored when it no longer has them). */
export function eventCategoriesOf(selected: SelectedServices, catalogue: readonly { id: string; name: string }[], stored: readonly EventCategory[]): EventCategory[] {
  return Object.keys(selected).filter((id) => chosenIds(selected, id).size > 0).map((id) => ({
    id, name: catalogue.find((c) => c.id === id)?.name ?? stored.find((c) => c.id === id)?.name ?? '',
  }));
}

/** The chosen names under a category, for the overview: sub-categories and services. */
export function chosenNames(selected: SelectedServices, categoryId: string): string[] {
  const entry = selected[categoryId];
  if (!entry) return [];
  return [
    ...entry.categoryServices.filter((s) => s.isSelected).map((s) => s.name),
    ...entry.subCategories.flatMap((sub) => [...(sub.isSelected ? [sub.name] : []), ...sub.services.filter((s) => s.isSelected).map((s) => s.name)]),
  ];
}
