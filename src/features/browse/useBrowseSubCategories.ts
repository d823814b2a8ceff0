import { useSubCategories } from '../../db/hooks';
import { useSsrData } from '../../ui/ssr-data';

/**
 * The chosen category's sub-categories (the filter): from Dexie, else the server-rendered page's
 * until the device has its own, as useBrowseCategories does, so the filter is in the first view.
 */
export function useBrowseSubCategories(categoryId: string | null) {
  const stored = useSubCategories(categoryId);
  const embedded = useSsrData()?.subCategories;
  // Own keys only: an address's categoryId such as "constructor" must not find Object's.
  const rendered = categoryId && embedded && Object.hasOwn(embedded, categoryId) ? embedded[categoryId] : undefined;
  return stored?.length ? stored : (rendered ?? stored);
}
