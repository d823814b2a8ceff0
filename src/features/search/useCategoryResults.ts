import { useMemo } from 'react';
import { useSearchCategories } from '../../db/hooks';
import type { SearchCategoryRecord } from '../../db/database';
import { pullWhenAllowed } from '../../sync/pulls-later';
import { useSsrData } from '../../ui/ssr-data';
import { usePulled } from '../../ui/usePulled';

export interface CategoryResults {
  /** The stored answer for this query (from Dexie), or undefined when none is stored (yet). */
  record: SearchCategoryRecord | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * Category counts for a text search: pulled into Dexie, read from Dexie (so a query seen before
 * works offline). On the first view of a server-rendered page the pull waits for the mirror
 * (sync/pulls-later.ts) and the embedded counts show meanwhile.
 */
export function useCategoryResults(q: string): CategoryResults {
  const query = q.trim();
  const stored = useSearchCategories(query);
  const { status, retry } = usePulled(query, (isCurrent) => pullWhenAllowed(isCurrent, ({ pullSearchCategories }) => pullSearchCategories(query)));
  // A server-rendered page's counts show until the device's own are read.
  const rendered = useSsrData()?.searchCategories?.[query];
  const fromServer = useMemo(() => rendered && { ...rendered, query, fetchedAt: 0 }, [rendered, query]);
  return {
    // The live query keeps the previous answer until the new one is read: only this query's counts.
    record: stored && stored.query === query ? stored : fromServer,
    loading: status === 'loading',
    failed: status === 'offline' || status === 'error',
    retry,
  };
}
