import { backoffDelay, type BackoffOptions } from '../domain/backoff';

/**
 * The one place that knows whether the network is worth trying, shared by every retry loop (the
 * write queue, the sync pulls, the screens' pulls, images that failed):
 * - `isOffline()`: the browser says there is no network at all (navigator.onLine false is reliable;
 *   true only means "some network", so the server may still be unreachable).
 * - `onReconnect(fn)`: the connection is back, either the window's `online` event or the first
 *   answer from the server after requests could not reach it (the browser stayed "online" while
 *   the server or the Wi-Fi's uplink was down).
 * - `createBackoff(task)`: runs a task again after a failure, 1 s doubling to 30 s with jitter, and
 *   not at all while the browser is offline: its owner runs the task on reconnect instead.
 */

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Why the connection is back: the window's `online` event, or the server answered again. */
export type ReconnectReason = 'online' | 'server';
type Listener = (reason: ReconnectReason) => void;
const listeners = new Set<Listener>();
let unreachable = false;
let listeningToWindow = false;

function emit(reason: ReconnectReason): void {
  for (const fn of [...listeners]) fn(reason);
}

/** Called by the HTTP client: whether a request reached the server (any answer but 502–504) or not. */
export function noteServerReached(reached: boolean): void {
  if (!reached) {
    unreachable = true;
    return;
  }
  if (!unreachable) return;
  unreachable = false;
  emit('server');
}

/** Runs `fn` each time the connection comes back (see above). Returns the unsubscribe. */
export function onReconnect(fn: Listener): () => void {
  if (!listeningToWindow && typeof window !== 'undefined') {
    listeningToWindow = true;
    window.addEventListener('online', () => {
      unreachable = false;
      emit('online');
    });
  }
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

export interface Backoff {
  /** A try failed: the task runs again after the next delay (while offline it waits for its owner's reconnect). */
  failed(): void;
  /** A try went through: the next failure starts again at the shortest delay. */
  succeeded(): void;
  /** Drops a pending retry (the task runs now for another reason, or its owner stops). */
  cancel(): void;
  /** Failed tries in a row. */
  readonly failures: number;
}

export interface BackoffTimerOptions extends BackoffOptions {
  /** Injected in tests; the browser's offline state otherwise. */
  offline?: () => boolean;
}

/** A retry timer with exponential backoff for one task (see the module comment). */
export function createBackoff(task: () => void, { offline = isOffline, ...delays }: BackoffTimerOptions = {}): Backoff {
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    failed() {
      cancel();
      const delay = backoffDelay(failures, delays);
      failures += 1;
      // Offline, a timer would only fail again (and log an error each time): the `online` event resumes.
      if (offline()) return;
      timer = setTimeout(() => {
        timer = null;
        task();
      }, delay);
    },
    succeeded() {
      failures = 0;
      cancel();
    },
    cancel,
    get failures() {
      return failures;
    },
  };
}
