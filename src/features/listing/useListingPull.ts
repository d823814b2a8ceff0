import { useEffect, useRef, useState } from 'react';
import { recordListingEvent } from '../../api/statistics';
import { isUuid } from '../../domain/ids';
import { pullListing } from '../../sync/pull';
import type { PullState } from './useCompanyPull';
import { useOnReconnect } from '../../ui/useConnection';

/**
 * Pulls the full listing into Dexie on mount (and on Try again); the screen reads Dexie. A 404 or
 * 400 gives 'notFound' (the pull also removes the stored copy), as does an id that is not a UUID
 * (no request); any other failure 'failed'.
 */
export function useListingPull(id: string) {
  const [state, setState] = useState<{ id: string; attempt: number; value: PullState }>({ id, attempt: 0, value: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // An id that is not a UUID cannot name a listing: not found, without a request.
  const valid = isUuid(id);
  useEffect(() => {
    if (!valid) return;
    let live = true;
    pullListing(id).then(
      (row) => live && setState({ id, attempt, value: row ? 'done' : 'notFound' }),
      () => live && setState({ id, attempt, value: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt, valid]);
  const pull: PullState = !valid ? 'notFound' : state.id === id && state.attempt === attempt ? state.value : 'loading';
  // A pull that failed (offline, server down) goes again once the connection is back.
  useOnReconnect(() => setAttempt((n) => n + 1), pull === 'failed');
  return { pull, retry: () => setAttempt((n) => n + 1) };
}

/** Records 'view' once per mounted listing: StrictMode's second effect run keeps the ref and is skipped. */
export function useViewEvent(id: string) {
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    // Nothing to count for an address that names no listing (the server would refuse it).
    if (recorded.current === id || !isUuid(id)) return;
    recorded.current = id;
    void recordListingEvent(id, 'view');
  }, [id]);
}
