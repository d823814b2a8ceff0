import { useSubCategories } from '../../db/hooks';
import { useSsrData } from '../../ui/ssr-data';

/**
 * The chosen category's sub-categories (the filter): from Dexie, else the server-rendered page's
 * until the device has its own, as useBrowseCategories does, so the filter is in the first view.
 */
export function useBrowseSubCategories(categoryId: string | null) {
  const stored = useSubCategories(categoryId);
  const rendered = useSsrData()?.subCategories?.[categoryId ?? ''];
  return stored?.length ? stored : (rendered ?? stored);
}
