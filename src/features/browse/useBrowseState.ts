import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paths } from '../../config/paths';
import { parseBrowseState, serializeBrowseState, type BrowseState } from './url-state';

/**
 * The browse state read from the URL, and `go` to change it: every change is a new history
 * entry (so Back returns to the previous filters), unless `replace` is asked for.
 */
export function useBrowseState(): [BrowseState, (next: BrowseState, options?: { replace?: boolean }) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const state = useMemo(() => parseBrowseState(search), [search]);
  const go = useCallback(
    (next: BrowseState, options: { replace?: boolean } = {}) => navigate(paths.listings.href(serializeBrowseState(next)), options),
    [navigate],
  );
  return [state, go];
}
