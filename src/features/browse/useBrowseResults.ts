import { useSearchPage } from '../../db/hooks';
import type { StoredSearchPage } from '../../db/queries';
import { searchPageKey } from '../../db/search-key';
import type { SearchRequest } from '../../domain/listings';
import { pullSearchPage } from '../../sync/pull';
import { usePulled } from '../../ui/usePulled';

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
  const stored = useSearchPage(request ?? NO_REQUEST);
  // The request's content is its key: a new object with the same content does not pull again.
  const { status, retry } = usePulled(key, () => pullSearchPage(request ?? NO_REQUEST));
  // useLiveQuery keeps the previous result until the new one is read: only a page of this key counts.
  const page = key && stored && stored.page.key === key ? stored : undefined;
  return {
    page,
    loading: status === 'loading',
    failed: status === 'offline' || status === 'error',
    retry,
  };
}
