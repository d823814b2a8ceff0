import { createElement, lazy, useState, type ComponentType } from 'react';

/** A chunk that failed loads again when the component mounts at least this long after (never in a loop). */
export const LAZY_RETRY_AFTER_MS = 2_000;

export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Loads the chunk now; once loaded, the component renders at once, without suspending. */
  preload(): Promise<void>;
};

/**
 * A lazily loaded component, with two things React.lazy lacks:
 * - `preload()`: loaded ahead, it renders in its first commit. That matters because React keeps a
 *   Suspense fallback it has shown for at least 300 ms, so a render that suspends shows the
 *   content ~300 ms late even when the chunk comes from the worker's cache in a few ms.
 * - another try after a failed load (offline before the worker cached the chunk, a deploy that
 *   removed it): React.lazy remembers the failure for good; this one fetches again when it mounts
 *   LAZY_RETRY_AFTER_MS or more later. Not at once: React retries a failed render, which would
 *   loop while offline.
 */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  let failedAt = 0;
  const start = () => (pending ??= load().then(
    (module) => {
      loaded = module.default;
      return module;
    },
    (error: unknown) => {
      pending = null;
      failedAt = Date.now();
      throw error;
    },
  ));
  let Lazy = lazy(start);
  function LazyLoaded(props: P) {
    // Decided once per mount: switching from the lazy wrapper to the component would remount it.
    const [direct] = useState(() => loaded);
    const [component] = useState(() => {
      if (!direct && failedAt && Date.now() - failedAt >= LAZY_RETRY_AFTER_MS) {
        failedAt = 0;
        Lazy = lazy(start);
      }
      return Lazy;
    });
    return createElement(direct ?? component, props);
  }
  return Object.assign(LazyLoaded, { preload: () => start().then(() => undefined) });
}
