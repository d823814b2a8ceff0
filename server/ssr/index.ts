import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { loggableError } from '../lib/error-log';
import { contentSecurityPolicy, START_SNAPSHOT_HASH } from '../lib/security-headers';
import { START_SNAPSHOT_SCRIPT } from '../../src/ui/start-snapshot-script';
import { LOCALE_COOKIE } from '../../src/app/i18n-locale';
import { cookieValue, FEED_SEED_COOKIE, SSR_DATA_ELEMENT_ID, THEME_COOKIE, type SsrData } from '../../src/domain/ssr';
import { pickLocale } from './locale';
import { EARLY_TAPS_HASH, EARLY_TAPS_SCRIPT } from './early-taps';
import { headTags, scriptJson } from './head';
import { matchPublicRoute, publicPages, type PublicRoute } from './pages';
import { settingsService } from '../modules/settings/service';
import type { Entry } from './entry';

/** Where `vite build --ssr` puts the server entry (package.json "build"), beside the client's dist/. */
export const SSR_ENTRY_FILE = 'entry-server.js';

/** The built server entry, or null when there is none (dev without a build, tests with a bare template). */
export async function loadServerEntry(ssrDir: string | null): Promise<Entry | null> {
  const file = ssrDir ? join(ssrDir, SSR_ENTRY_FILE) : null;
  if (!file || !existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Entry;
}

/** The template split where the page goes: dist/index.html keeps its hashed asset links. */
interface Template {
  /** From <!doctype> to the end of the template's own head tags (without its title and description). */
  head: string;
  /** From </head> to the opening tag of #root. */
  beforeRoot: string;
  /** After the opening tag of #root: its closing tag and the rest (without the data). */
  afterRoot: string;
}

const ROOT_OPEN = '<div id="root">';

function splitTemplate(html: string): Template | null {
  const headEnd = html.indexOf('</head>');
  const root = html.indexOf(`${ROOT_OPEN}</div>`);
  if (headEnd < 0 || root < 0) return null;
  // The template's own title and description are the app shell's; a rendered page brings its own.
  const head = html.slice(0, headEnd).replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, '');
  // The shell's start snapshot (src/ui/start-snapshot-script.ts) draws only an offline start, which
  // never reaches the server: a rendered page goes without it, and its CSP does not name it.
  const afterRoot = html.slice(root + ROOT_OPEN.length).replace(/\s*<script>([\s\S]*?)<\/script>/, (tag, body: string) => (body === START_SNAPSHOT_SCRIPT ? '' : tag));
  return { head, beforeRoot: html.slice(headEnd, root + ROOT_OPEN.length), afterRoot };
}

/** The encoding a rendered page is sent in: brotli, else gzip, else none. */
function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = (header ?? '').toLowerCase().split(',').map((part) => part.trim().split(';'));
  const allows = (name: string) => accepted.some(([coding, q]) => coding === name && !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''));
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/;

/**
 * The app's stylesheet put into the page as a <style> element, allowed by its hash in the page's
 * CSP (no 'unsafe-inline'): the first paint of a rendered page then waits for no other request.
 * It is small (≈ 10 KB compressed); the worker's shell keeps linking the file.
 */
function inlineStylesheet(template: Template, staticDir: string | null): { head: string; hash: string } | null {
  const link = STYLESHEET.exec(template.head);
  if (!link || !staticDir) return null;
  const file = join(staticDir, link[1]!);
  if (!existsSync(file)) return null;
  // A '</style' inside would end the element early: keep the link then.
  const css = readFileSync(file, 'utf8');
  if (/<\/style/i.test(css)) return null;
  const hash = `sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`;
  return { head: template.head.replace(link[0], () => `<style>${css}</style>`), hash };
}

/**
 * GET of the public pages (home, search, browse, a listing, a company overview) rendered on the
 * server with their data (docs/architecture.md, "Server rendering and hydration"). Without a built
 * server entry the routes are not added and the app shell answers them as before.
 */
export async function registerServerRendering(app: FastifyInstance, deps: AppDeps, indexHtml: string, ssrDir: string | null): Promise<boolean> {
  const loaded = await loadServerEntry(ssrDir);
  const split = splitTemplate(indexHtml);
  if (!loaded || !split) return false;
  const entry: Entry = loaded;
  const template: Template = split;
  const pages = publicPages(deps);
  const settings = settingsService(deps);
  const inlined = inlineStylesheet(template, deps.config.staticDir);
  const csp = contentSecurityPolicy(deps.config.publicUrl, { powerBi: deps.config.powerBi !== null })
    .replace("style-src 'self'", `style-src 'self'${inlined ? ` '${inlined.hash}'` : ''}`)
    .replace(`script-src 'self' '${START_SNAPSHOT_HASH}'`, `script-src 'self' '${EARLY_TAPS_HASH}'`);
  const headOfPage = inlined ? inlined.head : template.head;
  const absolute = (path: string) => new URL(path, deps.config.publicUrl).href;

  async function render(request: FastifyRequest, reply: FastifyReply, route: PublicRoute) {
    const [path = '/', search = ''] = request.url.split(/\?(.*)/s);
    // NUL is refused by the API's input guard (400) but would reach the database from here: a
    // rendered page drops it (and the screen's own request then gets the API's answer).
    const query = new URLSearchParams(search.replace(/%00/gi, ''));
    const cookies = request.headers.cookie;
    const locale = pickLocale(cookies, request.headers['accept-language'], LOCALE_COOKIE);
    const theme = cookieValue(cookies, THEME_COOKIE) === 'light' ? 'light' : 'dark';
    const [page, siteSettings] = await Promise.all([
      pages.load(route, query, cookieValue(cookies, FEED_SEED_COOKIE)),
      // Without them the page still goes out: the app shows its kept (or shipped) values.
      settings.publicSettings().catch((error: unknown) => {
        request.log.warn({ error: loggableError(error) }, 'site settings left out of a server-rendered page');
        return undefined;
      }),
    ]);
    const data: SsrData = { ...page.data, locale, theme, siteSettings };
    const meta = entry.pageMeta(entry.i18nFor(locale), page.meta);
    const image = page.imageFileId ? absolute(`/api/files/${encodeURIComponent(page.imageFileId)}?width=1200`) : absolute('/icons/icon-512.png');
    const head = headTags({ meta, canonical: page.canonical ? absolute(page.canonical) : null, ogType: page.ogType, image, locale, jsonLd: page.jsonLd, preloadImage: page.preloadImage });
    const htmlOpen = headOfPage
      .replace(/<html[^>]*>/i, `<html lang="${locale}"${theme === 'light' ? ' class="light"' : ''}>`)
      .replace('<meta name="color-scheme" content="dark" />', `<meta name="color-scheme" content="${theme}" />`)
      .replace('<meta name="theme-color" content="#0f0f10" />', `<meta name="theme-color" content="${theme === 'light' ? '#fafaf9' : '#0f0f10'}" />`);
    const tail = `${template.afterRoot.replace('</body>', `<script type="application/json" id="${SSR_DATA_ELEMENT_ID}">${scriptJson(data)}</script>\n  </body>`)}`;

    const body = new PassThrough();
    body.write(`${htmlOpen}    <script>${EARLY_TAPS_SCRIPT}</script>\n    ${head}\n  ${template.beforeRoot}`);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        body.write(chunk);
        done();
      },
      final(done) {
        body.end(tail);
        done();
      },
    });
    void entry.renderApp({ path, search, data }, {
      onAllReady: (stream) => stream.pipe(sink),
      onShellError: (error) => {
        // The head is out already: an empty root, which the app renders in the browser.
        request.log.error({ error: loggableError(error) }, 'server rendering failed');
        body.end(template.afterRoot);
      },
      onError: (error) => request.log.warn({ error: loggableError(error) }, 'part of a server-rendered page left to the browser'),
    }).catch((error: unknown) => {
      request.log.error({ error: loggableError(error) }, 'server rendering failed');
      body.end(template.afterRoot);
    });
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', csp)
      .header('vary', 'cookie, accept-language, accept-encoding');
    if (!encoding) return reply.send(body);
    // Compressed as it streams (the page is ~100 KB with its stylesheet and data, ~20 KB compressed).
    const compress = encoding === 'br'
      ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : createGzip({ level: 6 });
    return reply.header('content-encoding', encoding).send(body.pipe(compress));
  }

  // The paths of src/config/paths.ts (the router matches them case-insensitively, as Fastify here does).
  app.get('/', (request, reply) => render(request, reply, { kind: 'home' }));
  app.get('/home', (request, reply) => render(request, reply, { kind: 'home' }));
  app.get('/search', (request, reply) => render(request, reply, { kind: 'search' }));
  app.get('/listings', (request, reply) => render(request, reply, { kind: 'browse' }));
  app.get('/company-overview', (request, reply) => render(request, reply, { kind: 'company' }));
  app.get('/listing/*', (request, reply) => {
    const route = matchPublicRoute(request.url.split('?')[0]!);
    return route ? render(request, reply, route) : reply.callNotFound();
  });
  return true;
}
