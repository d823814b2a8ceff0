import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n, initI18n } from './app/i18n';
import { App } from './app/App';
import './state/theme';
import './state/session';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App />
      </I18nProvider>
    </StrictMode>,
  );
});
