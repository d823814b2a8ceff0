/**
 * Retry delays shared by every loop that tries the network again (the write queue, the sync pulls,
 * the service worker's manifest fetch): exponential from 1 s, capped at 30 s, with jitter so many
 * devices coming back at once do not all knock at the same instant. Pure: no timers, no DOM.
 */

export interface BackoffOptions {
  /** The first delay. */
  minMs?: number;
  /** No delay is longer. */
  maxMs?: number;
  /** The share of a delay taken off at random (0.25: between 75 % and 100 % of it). */
  jitter?: number;
  /** Injected in tests; Math.random otherwise. */
  random?: () => number;
}

export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
export const BACKOFF_JITTER = 0.25;

/**
 * The pause before the next try after `failures` failed tries in a row (0 for the first failure):
 * min·2^failures, capped at max, less up to `jitter` of it. Jitter only shortens, so the cap holds.
 */
export function backoffDelay(failures: number, {
  minMs = BACKOFF_MIN_MS, maxMs = BACKOFF_MAX_MS, jitter = BACKOFF_JITTER, random = Math.random,
}: BackoffOptions = {}): number {
  const steps = Math.max(0, Math.floor(failures));
  // 2^steps overflows to Infinity long after the cap: Math.min keeps it finite.
  const base = Math.min(maxMs, minMs * 2 ** Math.min(steps, 52));
  return Math.round(base * (1 - jitter * random()));
}
