import { useMemo } from 'react';
import { paths } from '../../config/paths';
import { useAllSubCategories, useCategories } from '../../db/hooks';
import type { ServiceKind } from './serviceKind';

/** A category or sub-category a service can hang under. */
export interface ServiceParent {
  id: string;
  name: string;
  /** Its admin page. */
  href: string;
  /** A sub-category's category, to tell apart two sub-categories of the same name. */
  categoryName?: string;
}

/** Parents shown together: a sub-category's are its category's sub-categories (label: the category). */
export interface ParentGroup {
  key: string;
  label: string | null;
  parents: ServiceParent[];
}

export interface ServiceParents {
  groups: ParentGroup[];
  byId: ReadonlyMap<string, ServiceParent>;
}

/**
 * The parents of `kind` from the stored taxonomy: the categories in their order, or the
 * sub-categories grouped under their category. Undefined while Dexie is read.
 */
export function useServiceParents(kind: ServiceKind): ServiceParents | undefined {
  const categories = useCategories();
  const subCategories = useAllSubCategories();
  return useMemo(() => {
    if (!categories || (kind === 'subCategory' && !subCategories)) return undefined;
    let groups: ParentGroup[];
    if (kind === 'category') {
      groups = [{ key: 'categories', label: null, parents: categories.map((c) => ({ id: c.id, name: c.name, href: paths.adminCategory.href(c.id) })) }];
    } else {
      groups = categories.map((category) => ({
        key: category.id,
        label: category.name,
        parents: (subCategories ?? []).filter((s) => s.categoryId === category.id)
          .map((s) => ({ id: s.id, name: s.name, href: paths.adminSubCategory.href(s.id), categoryName: category.name })),
      })).filter((group) => group.parents.length > 0);
    }
    const byId = new Map(groups.flatMap((group) => group.parents.map((parent) => [parent.id, parent] as const)));
    return { groups, byId };
  }, [kind, categories, subCategories]);
}

/** The options of a parent select: plain for categories, in an optgroup per category for sub-categories. */
export function ParentOptions({ groups }: { groups: readonly ParentGroup[] }) {
  return groups.map((group) => {
    const options = group.parents.map((parent) => <option key={parent.id} value={parent.id}>{parent.name}</option>);
    return group.label === null ? options : <optgroup key={group.key} label={group.label}>{options}</optgroup>;
  });
}
