import { Trans } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { SnackbarHost } from '../ui/SnackbarHost';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Guard } from './guards';
import { AppRoutes } from './routes';
import { TopBar } from './TopBar';

/** The one shared layout: top bar, the routed screen, footer (hidden on the messages pages). */
export function App() {
  const [location] = useLocation();
  const showFooter = !/^\/messages(\/|$)/i.test(location);
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-fg" data-testid="app-root">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-accent focus:px-3 focus:py-2 focus:text-on-accent">
        <Trans>Skip to content</Trans>
      </a>
      <TopBar />
      <main id="main" className="flex-1" tabIndex={-1}>
        <ErrorBoundary resetKey={location}>
          <Guard>
            <AppRoutes />
          </Guard>
        </ErrorBoundary>
      </main>
      {showFooter && <Footer />}
      <SnackbarHost />
    </div>
  );
}
