import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/http';
import { useOnReconnect } from './useConnection';

/**
 * Where a screen's pull stands. 'offline': the request could not reach the server (no network,
 * server down); 'error': the server answered with an error, or something else failed.
 */
export type PullStatus = 'loading' | 'done' | 'offline' | 'error';

export interface Pulled<T> {
  status: PullStatus;
  /** What the pull resolved to (status 'done'), e.g. the row it stored or null when there is none. */
  value: T | undefined;
  /** Why it failed ('offline' or 'error'). */
  error: unknown;
  /** Pulls again, showing 'loading' until it settles (a Try again button). */
  retry: () => void;
}

export interface PulledOptions {
  /**
   * When a failed pull runs again by itself once the connection is back: 'failed' (default) after
   * any failure, 'offline' only after the network failed, 'never'.
   */
  reconnect?: 'failed' | 'offline' | 'never';
  /**
   * While a pull started by a reconnect runs, keep showing the last outcome instead of 'loading'
   * (a note about stored data stays until the fresh answer is in).
   */
  quietReconnect?: boolean;
}

/**
 * The one "pull, then read live from Dexie" state machine. A screen pulls from the server into
 * Dexie (sync/pull) and renders what a db/hooks live query reads back; this hook runs the pull
 * for `key` (again when the key changes, on retry and on reconnect after a failure) and says
 * where it stands. A null key pulls nothing and stays 'loading' (nothing to ask for yet). Only
 * the current key's outcome counts: a late answer for an earlier key is ignored. The pull is given
 * `isCurrent`, false once this attempt no longer counts (the key changed, the screen was left): a
 * pull that waits before it sends (sync/pulls-later.ts) checks it and does not send.
 */
export function usePulled<T>(key: string | null, pull: (isCurrent: () => boolean) => Promise<T>, options: PulledOptions = {}): Pulled<T> {
  const { reconnect = 'failed', quietReconnect = false } = options;
  const [attempt, setAttempt] = useState({ n: 0, quiet: false });
  const [outcome, setOutcome] = useState<{ key: string; n: number; ok: boolean; value?: T; error?: unknown } | null>(null);
  const latestPull = useRef(pull);
  useEffect(() => {
    latestPull.current = pull;
  });

  useEffect(() => {
    if (key === null) return;
    let live = true;
    const n = attempt.n;
    latestPull.current(() => live).then(
      (value) => live && setOutcome({ key, n, ok: true, value }),
      (error: unknown) => live && setOutcome({ key, n, ok: false, error }),
    );
    return () => {
      live = false;
    };
  }, [key, attempt.n]);

  const shown = outcome !== null && key !== null && outcome.key === key && (outcome.n === attempt.n || attempt.quiet) ? outcome : null;
  const status: PullStatus = !shown ? 'loading' : shown.ok ? 'done'
    : shown.error instanceof ApiError && shown.error.isNetworkError ? 'offline' : 'error';
  const again = (quiet: boolean) => setAttempt((a) => ({ n: a.n + 1, quiet }));
  // A pull that failed (offline, server down) goes again once the connection is back.
  useOnReconnect(() => again(quietReconnect),
    reconnect === 'failed' ? status === 'offline' || status === 'error' : reconnect === 'offline' && status === 'offline');
  return { status, value: shown?.ok ? shown.value : undefined, error: shown?.ok ? undefined : shown?.error, retry: () => again(false) };
}
