import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Trans } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { loadData } from '../db/live';
import { lazyComponent } from '../ui/lazyComponent';
import { SnackbarHost } from '../ui/SnackbarHost';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Guard } from './guards';
import { LogoutConfirmation } from './logout';
import { PwaUi } from './pwa/PwaUi';
import { AppRoutes } from './routes';
import { TopBar } from './TopBar';

// Reads the outbox in Dexie: its own chunk, so Dexie stays off the first-load bundle.
const SyncStatus = lazyComponent(() => import('./sync/SyncStatus'));

/**
 * An offline start loads the sync status line with the first screen (src/main.tsx), so its
 * offline notice is in the first render instead of pushing the page down a moment later (and the
 * start snapshot, which shows that notice, is replaced without a shift).
 */
export const preloadSyncStatus = () => SyncStatus.preload();

/**
 * Marks <html data-app-ready> once the app is live (hydrated over a server-rendered page, or
 * rendered): until then a server-rendered page shows, and the taps made on it are kept (and
 * replayed once the screen is live, src/app/routes.tsx); tests wait for it. The window's title is
 * put back to the app's on every move to another path; a screen about one thing (a listing, a
 * company, a search) then sets its own (usePageTitle).
 */
function useAppReady(location: string) {
  const shown = useRef(location);
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  // Before the screens' own effects (layout effects run first), which set their page's title. Not
  // on the first path: a server-rendered page keeps the title it came with.
  useLayoutEffect(() => {
    if (location === shown.current) return;
    shown.current = location;
    document.title = 'EventMarket';
    // The next screen has no server-rendered data: the mirror it reads loads now, if it waited
    // for the end of the first view (src/db/live.ts).
    void loadData();
  }, [location]);
}

/** The one shared layout: top bar, the routed screen, footer (hidden on the messages pages). */
export function App() {
  const [location] = useLocation();
  useAppReady(location);
  const showFooter = !/^\/messages(\/|$)/i.test(location);
  return (
    // The messages screen is exactly the window's height (its panes scroll, not the page); the
    // others are at least that tall.
    <div className={`flex flex-col bg-bg text-fg ${showFooter ? 'min-h-dvh' : 'h-dvh'}`} data-testid="app-root">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-accent focus:px-3 focus:py-2 focus:text-on-accent">
        <Trans>Skip to content</Trans>
      </a>
      <TopBar />
      <Suspense fallback={null}><SyncStatus /></Suspense>
      {/* At least a screen tall: the footer starts below the fold, so content arriving later does not push it around (layout shift). */}
      <main id="main" className={showFooter ? 'min-h-dvh flex-1' : 'flex min-h-0 flex-1 flex-col'} tabIndex={-1}>
        <ErrorBoundary resetKey={location}>
          <Guard>
            <AppRoutes />
          </Guard>
        </ErrorBoundary>
      </main>
      <PwaUi />
      {showFooter && <Footer />}
      <LogoutConfirmation />
      <SnackbarHost />
    </div>
  );
}
