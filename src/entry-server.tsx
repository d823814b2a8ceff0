/**
 * The server's way into the app (built by `vite build --ssr` into dist/server, imported by
 * server/ssr): renders a public page with React's streaming renderer, in the visitor's language,
 * with the data the server fetched for it. Anonymous: the server never sees the browser's stored
 * session. Nothing here runs in the browser.
 */
import { StrictMode } from 'react';
import { renderToPipeableStream, type PipeableStream } from 'react-dom/server';
import { i18n as globalI18n, setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Router } from 'wouter';
import { messages as enShell } from 'virtual:catalog/en/shell';
import { messages as enRest } from 'virtual:catalog/en/rest';
import { messages as noShell } from 'virtual:catalog/no/shell';
import { messages as noRest } from 'virtual:catalog/no/rest';
import { messages as svShell } from 'virtual:catalog/sv/shell';
import { messages as svRest } from 'virtual:catalog/sv/rest';
import { App } from './app/App';
import type { AppLocale } from './app/i18n';
import { preloadScreen } from './app/routes';
import type { SsrData } from './domain/ssr';
import { SsrDataContext } from './ui/ssr-data';

export { pageMeta, type PageMeta, type PageMetaInput } from './app/page-meta';
export type { SsrData } from './domain/ssr';

const catalogs: Record<AppLocale, Messages> = {
  en: { ...enShell, ...enRest },
  no: { ...noShell, ...noRest },
  sv: { ...svShell, ...svRest },
};

/** One Lingui instance per language, whole catalogs, for the page's head (server/ssr). */
const instances = new Map<AppLocale, I18n>();
export function i18nFor(locale: AppLocale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
    instances.set(locale, instance);
  }
  return instance;
}

export interface RenderRequest {
  /** The path, as requested. */
  path: string;
  /** The query string without '?', or ''. */
  search: string;
  data: SsrData;
}

export interface RenderCallbacks {
  /** Everything is rendered (no Suspense boundary left pending): pipe the stream now. */
  onAllReady(stream: PipeableStream): void;
  /** The page could not be rendered at all. */
  onShellError(error: unknown): void;
  /** A part failed and is left for the browser to render (logged; the page still goes out). */
  onError(error: unknown): void;
}

/**
 * Renders one page at a time. Some messages are translated outside React's context, through
 * Lingui's one global instance (`plural` and `t` from @lingui/core/macro in the listing's gallery,
 * the browse header, the search cards): it is switched to the page's language for the page's
 * render, and the next render waits. A render is a few milliseconds of synchronous work (the data
 * is fetched before it), so the queue costs little.
 */
let renderQueue: Promise<void> = Promise.resolve();
const RENDER_TIMEOUT_MS = 5_000;

/**
 * Starts rendering. The screen's chunk is loaded first, so it renders in place rather than
 * behind a Suspense boundary; the stream is handed over when all is ready, so the page needs no
 * inline script (the Content-Security-Policy allows none) to put late boundaries in place.
 */
export function renderApp(request: RenderRequest, callbacks: RenderCallbacks): Promise<void> {
  const run = renderQueue.then(() => new Promise<void>((done) => {
    void renderNow(request, {
      onAllReady: (stream) => {
        callbacks.onAllReady(stream);
        // The whole page is rendered by now: piping it out needs no translations.
        done();
      },
      onShellError: (error) => {
        callbacks.onShellError(error);
        done();
      },
      onError: callbacks.onError,
    }).catch((error: unknown) => {
      callbacks.onShellError(error);
      done();
    });
  }));
  renderQueue = run;
  return run;
}

async function renderNow({ path, search, data }: RenderRequest, callbacks: RenderCallbacks): Promise<void> {
  await preloadScreen(path, false);
  globalI18n.load(data.locale, catalogs[data.locale]);
  globalI18n.activate(data.locale);
  const stream: PipeableStream = renderToPipeableStream(
    <StrictMode>
      <SsrDataContext.Provider value={data}>
        <I18nProvider i18n={globalI18n}>
          <Router ssrPath={path} ssrSearch={search}>
            <App />
          </Router>
        </I18nProvider>
      </SsrDataContext.Provider>
    </StrictMode>,
    {
      // React moves a large finished boundary out of the way to flush the shell sooner, and puts it
      // in place with an inline script: the CSP forbids those, and the page goes out whole anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => {
        clearTimeout(timeout);
        callbacks.onAllReady(stream);
      },
      onShellError: (error) => {
        clearTimeout(timeout);
        callbacks.onShellError(error);
      },
      onError: (error) => callbacks.onError(error),
    },
  );
  // A part that never settles must not hold the queue: what is left goes to the browser to render.
  const timeout = setTimeout(() => stream.abort(new Error('Server rendering timed out')), RENDER_TIMEOUT_MS);
}
