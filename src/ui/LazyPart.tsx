import { Component, createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * React.lazy remembers a failed load for good. This one can start over: `reset()` (called by the
 * owner once the failure has been handled) makes the next mount fetch again, so a dialog that
 * could not be fetched offline opens once the connection is back. Not reset at once on failure:
 * React retries a suspended render, which would retry the load in a loop while offline.
 */
export function lazyRetrying<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> & { reset(): void } {
  let current = lazy(load);
  function LazyRetrying(props: P) {
    return createElement(current, props);
  }
  return Object.assign(LazyRetrying, { reset: () => { current = lazy(load); } });
}

interface Props {
  children: ReactNode;
  /** Its chunk could not be fetched (offline before the worker cached it): close it, tell the user. */
  onFailed: () => void;
}

/**
 * A lazily loaded part of the shell (a dialog) inside its own Suspense and error boundary: a chunk
 * that cannot be fetched calls onFailed and renders nothing, instead of taking the whole app down.
 */
export class LazyPart extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (!isChunkLoadError(error)) return;
    console.error(error);
    this.props.onFailed();
  }

  override render() {
    const { error } = this.state;
    // Any other error is a bug, not the connection: it goes on to the boundary above.
    if (error && !isChunkLoadError(error)) throw error;
    return error ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

/** A dynamic import that could not be fetched, in Chromium, Firefox and Safari's wording. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof TypeError
    && /dynamically imported module|module script failed|Failed to fetch/i.test(error.message);
}
