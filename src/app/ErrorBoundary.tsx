import { Component, type ReactNode } from 'react';
import { ErrorPage } from '../features/errors/ErrorPage';

/** A screen that throws while rendering shows the 500 page instead of a blank app. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    // Navigating elsewhere clears the error.
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <ErrorPage code={500} /> : this.props.children;
  }
}
