/**
 * Splits each locale's message catalog in two, so the first load of the app carries only the
 * messages its first screen can show:
 *
 * - `virtual:catalog/{locale}/shell`: messages whose source file is reachable from the shell roots
 *   (src/main.tsx and the home screen) through static imports, and through dynamic imports made
 *   outside the route table (the user menu, the sync status line, the logout dialog...). Those
 *   load without waiting for anything else.
 * - `virtual:catalog/{locale}/rest`: every other message. The route table loads it together with
 *   any screen other than home (src/app/i18n.ts, `withCatalog`), so a screen never renders before
 *   its messages are in.
 *
 * A message used both in a shell file and elsewhere goes to the shell. The two halves together
 * are the whole catalog, compiled exactly as @lingui/vite-plugin compiles an imported .po file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:catalog/';
const RESOLVED = '\0catalog/';
export const SHELL_ROOTS = ['src/main.tsx', 'src/features/home/HomePage.tsx'];
/** Its dynamic imports are the screens: they load the rest of the catalog themselves. */
const ROUTE_TABLE = 'src/app/routes.tsx';

const IMPORT = /(?:^|[;\n])\s*(?:import|export)\s+(?!type\b)(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** A path relative to the project root, '/'-separated (as the catalog's origins are). */
const fromRoot = (root: string, file: string) => relative(root, file).split('\\').join('/');

function resolveSource(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (/\.tsx?$/.test(file) && existsSync(file)) return file;
  }
  return null;
}

/** Source files (relative to root, '/'-separated) the shell can render. */
export function shellFiles(root: string): Set<string> {
  const seen = new Set<string>();
  const stack = SHELL_ROOTS.map((f) => join(root, f));
  while (stack.length) {
    const file = stack.pop()!;
    const rel = fromRoot(root, file);
    if (seen.has(rel)) continue;
    seen.add(rel);
    const code = readFileSync(file, 'utf8');
    const specifiers = [...code.matchAll(IMPORT)].map((m) => m[1]!);
    if (rel !== ROUTE_TABLE) specifiers.push(...[...code.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!));
    for (const specifier of specifiers) {
      const next = resolveSource(file, specifier);
      if (next) stack.push(next);
    }
  }
  return seen;
}

export type CatalogPart = 'shell' | 'rest';

/**
 * The compiled messages of one half of one locale's catalog, as an ES module's source. `shell` is
 * the crawl's answer when the caller already has it (the plugin crawls once per build).
 */
export async function compileCatalogPart(
  root: string, locale: string, part: CatalogPart, shell: ReadonlySet<string> = shellFiles(root),
): Promise<{ code: string; files: string[] }> {
  const config = getConfig({ cwd: root });
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config has no catalog');
  const sourceLocale = config.sourceLocale ?? 'en';
  const source = await catalog.read(sourceLocale);
  if (!source) throw new Error(`No ${sourceLocale} catalog: run npm run i18n:extract`);
  const inShell = (id: string) => (source[id]?.origin ?? []).some(([file]) => shell.has(file));
  const { messages } = await catalog.getTranslations(locale, {
    fallbackLocales: config.fallbackLocales ?? {},
    sourceLocale,
  });
  const picked = Object.fromEntries(Object.entries(messages).filter(([id]) => inShell(id) === (part === 'shell')));
  const { source: code, errors } = createCompiledCatalog(locale, picked, { namespace: 'es', pseudoLocale: config.pseudoLocale });
  if (errors.length) throw new Error(`Catalog ${locale} does not compile: ${errors.map((e) => e.id).join(', ')}`);
  const poFiles = config.locales.map((l) => join(root, 'src/locales', l, 'messages.po'));
  return { code, files: [...poFiles, ...[...shell].map((f) => join(root, f))] };
}

/** `import { messages } from 'virtual:catalog/en/shell'` (or `/rest`). */
export function catalogSplit(): Plugin {
  let root = process.cwd();
  // The crawl, once per build: the four catalog halves and the check below all use it.
  let shell: Set<string> | null = null;
  const shellOnce = () => (shell ??= shellFiles(root));
  return {
    name: 'catalog-split',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      shell = null;
    },
    // In dev a changed source may change what the shell imports: crawl again on next use.
    watchChange() {
      shell = null;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    // The crawl reads import statements with regular expressions; the bundler knows better. Every
    // source file in the first load (the entry's and the home screen's static imports) must be
    // one the crawl found, or a shell message would be missing until a screen brings the rest.
    generateBundle(_options, bundle) {
      // The server's build (src/entry-server.tsx) has no first load: it imports both halves.
      if (this.environment.config.build.ssr) return;
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      const roots = [...chunks.values()].filter((c) => c.isEntry || SHELL_ROOTS.some((r) => c.facadeModuleId?.endsWith(r)));
      if (!roots.some((c) => SHELL_ROOTS.some((r) => c.facadeModuleId?.endsWith(r)))) return; // not the app's build
      const shell = shellOnce();
      const seen = new Set<string>();
      const stack = roots.map((c) => c.fileName);
      const missed: string[] = [];
      while (stack.length) {
        const chunk = chunks.get(stack.pop()!);
        if (!chunk || seen.has(chunk.fileName)) continue;
        seen.add(chunk.fileName);
        stack.push(...chunk.imports);
        for (const id of chunk.moduleIds) {
          const rel = fromRoot(root, id.split('?')[0]!);
          if (rel.startsWith('src/') && /\.tsx?$/.test(rel) && !shell.has(rel)) missed.push(rel);
        }
      }
      if (missed.length) this.error(`catalog-split: first-load files the import crawl missed: ${missed.join(', ')}`);
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [locale, part] = id.slice(RESOLVED.length).split('/');
      if (!locale || (part !== 'shell' && part !== 'rest')) throw new Error(`Unknown catalog ${id}`);
      const { code, files } = await compileCatalogPart(root, locale, part, shellOnce());
      for (const file of files) this.addWatchFile(file);
      return { code, moduleType: 'js' };
    },
  };
}
