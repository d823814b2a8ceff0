import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n, initI18n } from './app/i18n';
import { App } from './app/App';
import { preloadScreen } from './app/routes';
import './state/theme';
import { onSessionCleared, session } from './state/session';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A cleared session (logout, expiry) clears that user's mirrored tables; loaded on demand, like Dexie.
onSessionCleared(async (userId) => {
  const { clearUserData } = await import('./sync/user-data');
  await clearUserData(userId);
});

// The screen of the address the app opens at loads while the catalog does, and the first render
// waits for both: it then shows the screen at once instead of a spinner that React would keep
// for at least 300 ms (src/app/routes.tsx). A screen that fails to load renders lazily as usual.
const firstScreen = preloadScreen(window.location.pathname).catch(() => undefined);

void Promise.all([initI18n(), firstScreen]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App />
      </I18nProvider>
    </StrictMode>,
  );
  // The sync layer (and Dexie with it) loads after the first render, in its own chunk.
  void import('./sync/start').then(({ startSync }) => startSync({ getUserId: () => session.user?.id ?? null }));
});
