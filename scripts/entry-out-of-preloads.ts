/**
 * Takes the entry chunk, what it imports and its stylesheet out of every dynamic import's preload
 * list (Vite's `__vite__mapDeps([...])`).
 *
 * Vite lists every file the imported chunk needs, the entry's own among them. But the entry has
 * run before any other chunk can, and its stylesheet is in every page: linked by the shell,
 * inlined by a server-rendered page (server/ssr). Vite's preload helper looks for a <link> with
 * the stylesheet's address; on a rendered page it finds none and adds one, so the browser fetched
 * the stylesheet a second time and restyled the whole page while the first view was being used
 * (the first dynamic import of the data chunk, about a second into a visit). It also added a
 * `modulepreload` for the entry that was already running.
 *
 * Runs after Vite has written the lists (its generateBundle), so only the index lists of the calls
 * change; the file table at the top of each chunk is left as it is. (A build with `--sourcemap`
 * keeps the maps Vite made: on a line with a shortened call, the columns after it are off by the
 * characters taken out.)
 */
import type { Plugin } from 'vite';

/** Vite's file table: `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=[...])))=>i.map(i=>d[i]);`. */
const FILE_TABLE = /const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>/;
const CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/** The calls of one chunk's code with the files in `loaded` taken out of their lists. */
export function withoutLoadedDeps(code: string, loaded: ReadonlySet<string>): string {
  const table = FILE_TABLE.exec(code);
  if (!table) return code;
  const files = JSON.parse(table[1]!) as unknown[];
  const skip = new Set(files.flatMap((file, index) => (typeof file === 'string' && loaded.has(file) ? [index] : [])));
  if (skip.size === 0) return code;
  return code.replace(CALL, (_call, list: string) => {
    const kept = list.split(',').filter((index) => index !== '' && !skip.has(Number(index)));
    return `__vite__mapDeps([${kept.join(',')}])`;
  });
}

export function entryOutOfPreloads(): Plugin {
  return {
    name: 'entry-out-of-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const loaded = new Set<string>();
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.isEntry) continue;
          loaded.add(output.fileName);
          for (const file of output.imports) loaded.add(file);
          for (const css of output.viteMetadata?.importedCss ?? []) loaded.add(css);
        }
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk') output.code = withoutLoadedDeps(output.code, loaded);
        }
      },
    },
  };
}
