import { useMemo } from 'react';
import { cardRow, searchPageRow } from '../../db/card-row';
import { useSearchPage } from '../../db/hooks';
import type { StoredSearchPage } from '../../db/queries';
import { searchPageKey } from '../../db/search-key';
import type { SearchRequest } from '../../domain/listings';
import { pullWhenAllowed } from '../../sync/pulls-later';
import { useSsrData } from '../../ui/ssr-data';
import { usePulled } from '../../ui/usePulled';

export interface BrowseResults {
  /** The stored page for this request (from Dexie, else the server-rendered one), or undefined when there is none (yet). */
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
 * undefined (not final yet) nothing is pulled and the screen shows it is loading. A
 * server-rendered page's results (embedded by search-page key) show until Dexie has this page:
 * on a first visit the pull that mirrors them waits for the end of the first view
 * (sync/pulls-later.ts), so the page hydrates and shows its cards without Dexie.
 */
export function useBrowseResults(request: SearchRequest | undefined): BrowseResults {
  const key = request ? searchPageKey(request) : null;
  const stored = useSearchPage(request ?? NO_REQUEST);
  // The request's content is its key: a new object with the same content does not pull again.
  const { status, retry } = usePulled(key, (isCurrent) => pullWhenAllowed(isCurrent, ({ pullSearchPage }) => pullSearchPage(request ?? NO_REQUEST)));
  const rendered = useSsrData()?.searchPages?.[key ?? ''];
  const fromServer = useMemo(
    () => rendered && request && { page: searchPageRow(request, rendered, 0), listings: rendered.listings.map((card) => cardRow(card, 0)) },
    // The request's content is its key (the embedded answer is looked up by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rendered, key],
  );
  // The live query keeps the previous result until the new one is read: only a page of this key counts.
  const page = key && stored && stored.page.key === key ? stored : fromServer;
  return {
    page,
    loading: status === 'loading',
    failed: status === 'offline' || status === 'error',
    retry,
  };
}
