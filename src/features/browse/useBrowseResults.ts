import { useEffect, useState } from 'react';
import { useSearchPage } from '../../db/hooks';
import type { StoredSearchPage } from '../../db/queries';
import { searchPageKey } from '../../db/search-key';
import type { SearchRequest } from '../../domain/listings';
import { pullSearchPage } from '../../sync/pull';
import { useOnReconnect } from '../../ui/useConnection';

export interface BrowseResults {
  /** The stored page for this request (from Dexie), or undefined when none is stored (yet). */
  page: StoredSearchPage | undefined;
  /** The pull for this request is still running. */
  loading: boolean;
  /** The pull for this request failed (offline, server error): what is shown comes from Dexie. */
  failed: boolean;
  retry: () => void;
}

const NO_REQUEST: SearchRequest = { pageNumber: 1 };

/**
 * One browse page: pulled from the server into Dexie, rendered from Dexie. While `request` is
 * undefined (not final yet) nothing is pulled and the screen shows it is loading.
 */
export function useBrowseResults(request: SearchRequest | undefined): BrowseResults {
  const key = request ? searchPageKey(request) : null;
  const [attempt, setAttempt] = useState(0);
  /** The outcome of the last finished pull, with the request key and attempt it was for. */
  const [outcome, setOutcome] = useState<{ key: string; attempt: number; failed: boolean } | null>(null);
  const stored = useSearchPage(request ?? NO_REQUEST);

  useEffect(() => {
    if (!request || !key) return;
    let live = true;
    pullSearchPage(request).then(
      () => live && setOutcome({ key, attempt, failed: false }),
      () => live && setOutcome({ key, attempt, failed: true }),
    );
    return () => {
      live = false;
    };
    // The request's content is its key: a new object with the same content does not pull again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const settled = outcome !== null && outcome.key === key && outcome.attempt === attempt;
  // A pull that failed (offline, server down) goes again once the connection is back.
  useOnReconnect(() => setAttempt((n) => n + 1), settled && outcome.failed);
  // useLiveQuery keeps the previous result until the new one is read: only a page of this key counts.
  const page = key && stored && stored.page.key === key ? stored : undefined;
  return {
    page,
    loading: !settled,
    failed: settled && outcome.failed,
    retry: () => setAttempt((n) => n + 1),
  };
}
