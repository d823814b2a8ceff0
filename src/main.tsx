import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n, initI18n } from './app/i18n';
import { App } from './app/App';
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

// The home screen is most first visits: fetch its chunk (and Dexie with it) while the catalog
// loads, instead of after the first render asks for it. The route table gets the same module.
if (window.location.pathname === '/') void import('./features/home/HomePage');

void initI18n().then(() => {
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
