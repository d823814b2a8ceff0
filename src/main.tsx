import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n, initI18n } from './app/i18n';
import { afterFirstView, importWhenPossible } from './app/after-first-view';
import { App, preloadSyncStatus } from './app/App';
import { stopCapturingEarlyTaps } from './app/early-taps';
import { preloadScreen } from './app/routes';
import './state/theme';
import { onSessionCleared, session } from './state/session';
import { embeddedSsrData } from './ui/ssr-data';
import { dropStartSnapshot, keepStartSnapshotOnChanges } from './ui/start-snapshot';
import { deferData, loadData } from './db/live';
import { keepImagesUntilControlled } from './app/pwa/warm-images';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A first visit's page left before the service worker controls one keeps the images it showed for
// that worker, so they show offline too (src/app/pwa/warm-images.ts).
keepImagesUntilControlled();
// The start page's snapshot for the next offline start follows the theme, language and user (src/ui/start-snapshot.ts).
keepStartSnapshotOnChanges();
// A cleared session (logout, expiry) clears that user's mirrored tables, loaded on demand like
// Dexie, and forgets the start page as that user saw it.
onSessionCleared(async (userId) => {
  dropStartSnapshot();
  const { clearUserData } = await import('./sync/user-data');
  await clearUserData(userId);
});

// The language first (it decides which catalog the screen below brings with it), then the screen
// of the address the app opens at, loaded while the catalog is: the first render shows it at once
// instead of a spinner that React would keep for at least 300 ms (src/app/routes.tsx). The wait is
// bounded, so a slow first visit still paints the shell; a screen that fails renders lazily.
const languageReady = initI18n();
// A page a worker controls is a return visit: the device's mirror is on disk and Dexie is in the
// worker's cache, so the database opens while the first screen loads and renders, not when that
// screen first reads it (on a warm start offline that open is on the way to the first card).
const returnVisit = Boolean(navigator.serviceWorker?.controller);
if (returnVisit) void loadData().then(({ db }) => db.open()).catch(() => undefined);
// Without a server-rendered page to hydrate for an anonymous visitor (the worker's shell, a route
// not rendered on the server, a signed-in user) the first screen reads the mirror at once: it loads
// beside that screen, as it did when it was a static import.
else if (!embeddedSsrData || session.user) void loadData();
const FIRST_SCREEN_WAIT_MS = 500;
const firstScreen = Promise.race([
  Promise.all([
    preloadScreen(window.location.pathname, Boolean(session.user)),
    // Offline, the sync status line shows a notice: in the first render, not a moment after it.
    navigator.onLine === false ? preloadSyncStatus() : undefined,
  ]).catch(() => undefined),
  new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
]);

void Promise.all([languageReady, firstScreen]).then(([locale]) => {
  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App />
      </I18nProvider>
    </StrictMode>
  );
  // The server renders public pages for an anonymous visitor in one language (server/ssr): that
  // markup is hydrated when this visitor is one; otherwise (signed in, another language chosen on
  // this device, the worker's shell) the app renders afresh.
  const hydrate = Boolean(embeddedSsrData && embeddedSsrData.locale === locale && !session.user);
  // The first view of a server-rendered first visit shows the embedded data and needs no mirror:
  // Dexie (the data chunk) loads after it, and each screen mirrors what it showed then (src/db/live.ts).
  if (hydrate && !returnVisit) {
    deferData();
    afterFirstView(() => void loadData());
  }
  // Hydrated as a transition, React yields to the browser every few milliseconds instead of
  // hydrating the page in one long task: a tap during it is still replayed once its part is
  // hydrated, and the page is already painted (bench/README.md, "Hydration as a transition").
  stopCapturingEarlyTaps();
  if (hydrate) startTransition(() => { hydrateRoot(container, app); });
  else createRoot(container).render(app);
  // The sync engine, in its own chunk. An anonymous visitor's first view does not need it (each
  // screen pulls what it shows): it loads once that view is done. A signed-in user's queued writes
  // wait for it, so it loads at once: Chromium keeps a chunk's failed fetch for the page's life, and
  // a first view that went offline before the engine arrived could never start it again (a
  // favourite queued then stayed unsent until a reload; docs/architecture.md).
  const startSyncEngine = () => {
    void importWhenPossible(() => import('./sync/start')).then(({ startSync }) => startSync({ getUserId: () => session.user?.id ?? null }));
  };
  if (session.user) startSyncEngine();
  else afterFirstView(startSyncEngine);
});
