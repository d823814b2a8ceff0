import type { CategoryService, SubCategoryService } from '../../domain/taxonomy';
import { useStoredLayout } from '../../ui/useStoredLayout';

/**
 * The two kinds of services an Admin keeps (spec 3 §3): a category service hangs under a category,
 * a sub-category service under a sub-category. The admin pages, dialogs and writes are one
 * implementation parameterised by the kind.
 */
export type ServiceKind = 'category' | 'subCategory';

/** A service of either kind, its parent (category or sub-category) under one name. */
export interface AdminService {
  kind: ServiceKind;
  id: string;
  parentId: string;
  name: string;
  groupName: string;
  shortDescription: string;
  version: number;
}

export function adminServiceOf(row: CategoryService | SubCategoryService): AdminService {
  const common = { id: row.id, name: row.name, groupName: row.groupName, shortDescription: row.shortDescription, version: row.version };
  return 'categoryId' in row
    ? { kind: 'category', parentId: row.categoryId, ...common }
    : { kind: 'subCategory', parentId: row.subCategoryId, ...common };
}

export type ServicesLayout = 'grid' | 'list';
/** The views offered, the default (grid, spec 3 §2) first. */
export const SERVICES_LAYOUTS: readonly [ServicesLayout, ...ServicesLayout[]] = ['grid', 'list'];

/** localStorage keys of the two pages' layouts, kept per device. */
export const SERVICES_LAYOUT_KEY: Record<ServiceKind, string> = {
  category: 'adminCategoryServices.layout',
  subCategory: 'adminSubCategoryServices.layout',
};

export const useServicesLayout = (kind: ServiceKind) => useStoredLayout(SERVICES_LAYOUT_KEY[kind], SERVICES_LAYOUTS);
