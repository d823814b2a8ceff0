import { useEffect, useRef, useState } from 'react';
import { recordListingEvent } from '../../api/statistics';
import { pullListing } from '../../sync/pull';
import type { PullState } from './useCompanyPull';
import { useOnReconnect } from '../../ui/useConnection';

/**
 * Pulls the full listing into Dexie on mount (and on Try again); the screen reads Dexie. A 404
 * gives 'notFound' (the pull also removes the stored copy), any other failure 'failed'.
 */
export function useListingPull(id: string) {
  const [state, setState] = useState<{ id: string; attempt: number; value: PullState }>({ id, attempt: 0, value: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    pullListing(id).then(
      (row) => live && setState({ id, attempt, value: row ? 'done' : 'notFound' }),
      () => live && setState({ id, attempt, value: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);
  const pull: PullState = state.id === id && state.attempt === attempt ? state.value : 'loading';
  // A pull that failed (offline, server down) goes again once the connection is back.
  useOnReconnect(() => setAttempt((n) => n + 1), pull === 'failed');
  return { pull, retry: () => setAttempt((n) => n + 1) };
}

/** Records 'view' once per mounted listing: StrictMode's second effect run keeps the ref and is skipped. */
export function useViewEvent(id: string) {
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (recorded.current === id) return;
    recorded.current = id;
    void recordListingEvent(id, 'view');
  }, [id]);
}
