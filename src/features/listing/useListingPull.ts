import { useEffect, useRef } from 'react';
import { recordListingView } from '../../api/statistics';
import { isUuid } from '../../domain/ids';
import { pullWhenAllowed } from '../../sync/pulls-later';
import { usePulled } from '../../ui/usePulled';
import { toPullState, type PullState } from './useCompanyPull';

/**
 * Pulls the full listing into Dexie on mount (and on Try again); the screen reads Dexie. A 404 or
 * 400 gives 'notFound' (the pull also removes the stored copy), as does an id that is not a UUID
 * (no request); any other failure 'failed'. `unlisted` is a listing the server answered only
 * because the user owns it or is an Admin (a draft, one awaiting approval): shown from memory,
 * never stored in the public cache.
 */
export function useListingPull(id: string) {
  // An id that is not a UUID cannot name a listing: not found, without a request.
  const valid = isUuid(id);
  const { status, value, retry } = usePulled(valid ? id : null, (isCurrent) => pullWhenAllowed(isCurrent, ({ pullListing }) => pullListing(id)));
  const pull: PullState = !valid ? 'notFound' : toPullState(status, value);
  return { pull, retry, unlisted: value };
}

/** Records 'view' once per mounted listing: StrictMode's second effect run keeps the ref and is skipped. */
export function useViewEvent(id: string) {
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    // Nothing to count for an address that names no listing (the server would refuse it).
    if (recorded.current === id || !isUuid(id)) return;
    recorded.current = id;
    recordListingView(id);
  }, [id]);
}
