import { useCategories } from '../../db/hooks';
import { useSsrData } from '../../ui/ssr-data';

/**
 * The categories (header, category filter): from Dexie, else the server-rendered page's until the
 * device has its own (on a first visit Dexie loads after the first view), so the server's markup
 * and the first client render agree.
 */
export function useBrowseCategories() {
  const stored = useCategories();
  const rendered = useSsrData()?.categories;
  return stored?.length ? stored : (rendered ?? stored);
}
