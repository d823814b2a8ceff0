import { Component, Suspense, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Its chunk could not be fetched (offline before the worker cached it): close it, tell the user. */
  onFailed: () => void;
}

/**
 * A lazily loaded part of the shell (a dialog, see lazyComponent) inside its own Suspense and error
 * boundary: a chunk that cannot be fetched calls onFailed and renders nothing, instead of taking
 * the whole app down. The next opening tries the chunk again (after LAZY_RETRY_AFTER_MS).
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
