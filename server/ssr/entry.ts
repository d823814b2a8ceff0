import type { I18n } from '@lingui/core';
import type { PipeableStream } from 'react-dom/server';
import type { PageMeta, PageMetaInput } from '../../src/app/page-meta';
import type { SsrData } from '../../src/domain/ssr';

/**
 * What the built server entry (src/entry-server.tsx, bundled by Vite into dist-server/) offers
 * the server. Declared here because the server's TypeScript project has no DOM and no JSX: it
 * types the import instead of compiling the app.
 */
export interface Entry {
  i18nFor(locale: SsrData['locale']): I18n;
  pageMeta(i18n: I18n, input: PageMetaInput): PageMeta;
  renderApp(
    request: { path: string; search: string; data: SsrData },
    callbacks: { onAllReady(stream: PipeableStream): void; onShellError(error: unknown): void; onError(error: unknown): void },
  ): Promise<void>;
}
