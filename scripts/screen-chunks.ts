/**
 * Writes dist/.vite/screen-chunks.json: for each screen the server renders (server/ssr/pages.ts),
 * the chunk its module is in and every chunk that one imports, the entry's own left out.
 *
 * A rendered page names them in its head as `<link rel="modulepreload">` (server/ssr/index.ts):
 * the browser fetches them while it reads the HTML, beside the entry, instead of once the entry
 * has run; and Vite's preload helper, which the entry calls for the screen, finds the links there
 * and adds none (adding twenty of them was about a fifth of the entry's first task on a listing
 * page). The file is under `.vite/`, which the static files do not serve.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The module of each screen the server renders, by the route kind server/ssr/pages.ts names. */
export const RENDERED_SCREENS = {
  home: 'src/features/home/HomePage.tsx',
  search: 'src/features/search/SearchPage.tsx',
  browse: 'src/features/browse/BrowsePage.tsx',
  listing: 'src/features/listing/ListingPage.tsx',
  company: 'src/features/company-overview/CompanyOverviewPage.tsx',
} as const;

export type RenderedScreen = keyof typeof RENDERED_SCREENS;
export type ScreenChunks = Record<RenderedScreen, string[]>;

/** Where the file goes, relative to the build's outDir. */
export const SCREEN_CHUNKS_FILE = '.vite/screen-chunks.json';

interface ChunkInfo {
  fileName: string;
  imports: string[];
  moduleIds: string[];
  isEntry: boolean;
}

/** Each screen's chunk, then what it imports (depth first, each once), without the entries' chunks and theirs. */
export function screenChunkFiles(chunks: ChunkInfo[], root: string): ScreenChunks {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const owner = new Map<string, ChunkInfo>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) owner.set(id, chunk);
  const loaded = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) [chunk.fileName, ...chunk.imports].forEach((file) => loaded.add(file));
  const files = (screen: string): string[] => {
    const start = owner.get(resolve(root, screen));
    if (!start) throw new Error(`screen-chunks: ${screen} is in no chunk of the build`);
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || loaded.has(file)) return;
      seen.add(file);
      for (const next of byFile.get(file)?.imports ?? []) visit(next);
    };
    visit(start.fileName);
    return [...seen];
  };
  const out = {} as ScreenChunks;
  for (const [kind, screen] of Object.entries(RENDERED_SCREENS) as [RenderedScreen, string][]) out[kind] = files(screen);
  return out;
}

export function screenChunks(): Plugin {
  let root = process.cwd();
  return {
    name: 'screen-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const source = JSON.stringify(screenChunkFiles(chunks, root));
      this.emitFile({ type: 'asset', fileName: SCREEN_CHUNKS_FILE, source });
    },
  };
}
