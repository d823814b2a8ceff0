import { useEffect, useState } from 'react';
import { useSearchCategories } from '../../db/hooks';
import type { SearchCategoryRecord } from '../../db/database';
import { pullSearchCategories } from '../../sync/pull';
import { useOnReconnect } from '../../ui/useConnection';

export interface CategoryResults {
  /** The stored answer for this query (from Dexie), or undefined when none is stored (yet). */
  record: SearchCategoryRecord | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/** Category counts for a text search: pulled into Dexie, read from Dexie (so a query seen before works offline). */
export function useCategoryResults(q: string): CategoryResults {
  const query = q.trim();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ query: string; attempt: number; failed: boolean } | null>(null);
  const stored = useSearchCategories(query);

  useEffect(() => {
    let live = true;
    pullSearchCategories(query).then(
      () => live && setOutcome({ query, attempt, failed: false }),
      () => live && setOutcome({ query, attempt, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [query, attempt]);

  const settled = outcome !== null && outcome.query === query && outcome.attempt === attempt;
  // A pull that failed (offline, server down) goes again once the connection is back.
  useOnReconnect(() => setAttempt((n) => n + 1), settled && outcome.failed);
  return {
    // The live query keeps the previous answer until the new one is read: only this query's counts.
    record: stored && stored.query === query ? stored : undefined,
    loading: !settled,
    failed: settled && outcome.failed,
    retry: () => setAttempt((n) => n + 1),
  };
}
