import { useEffect, useRef, useSyncExternalStore } from 'react';
import { onReconnect } from '../api/connection';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser has a network (navigator.onLine), live. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

/**
 * Runs `fn` when the connection comes back (the `online` event, or the server answering again
 * after it could not be reached), while `active`: a screen whose pull failed tries again then,
 * without a timer of its own and without a reload.
 */
export function useOnReconnect(fn: () => void, active = true): void {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => {
    if (!active) return;
    return onReconnect(() => latest.current());
  }, [active]);
}
