/**
 * Gzipped bytes of the built app (dist/): what the first load of `/` fetches (index.html's
 * scripts and styles with their static imports) and, per lazy route, what opening it adds on top.
 * Chunks are followed through their static `import … from "./x.js"` statements; dynamic
 * `import("./x.js")` starts another chunk group and is not counted.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
const ASSETS = join(DIST, 'assets');
const gz = (file: string) => gzipSync(readFileSync(join(ASSETS, file))).length;

/** Static imports of a chunk (file names inside assets/). */
function staticImports(file: string): string[] {
  const code = readFileSync(join(ASSETS, file), 'utf8');
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([\w.-]+\.js)["']/g)) found.add(m[1]!);
  return [...found];
}

function closure(entry: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
}

/** The route chunks: one per lazily imported screen (src/app/routes.tsx names them *Page). */
const ROUTE_CHUNK = /^([A-Z]\w*Page)-[\w-]+\.js$/;

export function bundleBench(): void {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.log('\nBundle sizes: no dist/ (run `npm run build` first).');
    return;
  }
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const entryJs = [...html.matchAll(/<script[^>]+src="\/assets\/([\w.-]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/assets\/([\w.-]+\.css)"/g)].map((m) => m[1]!);
  const first = closure(entryJs);
  const firstJs = [...first].reduce((sum, f) => sum + gz(f), 0);
  const firstCss = css.reduce((sum, f) => sum + gz(f), 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const rows: string[] = [];
  for (const file of readdirSync(ASSETS).sort()) {
    const name = ROUTE_CHUNK.exec(file)?.[1];
    if (!name) continue;
    const added = [...closure([file])].filter((f) => !first.has(f));
    const bytes = added.reduce((sum, f) => sum + gz(f), 0);
    rows.push(`| ${name} | ${kb(bytes)} | ${added.length} | ${bytes <= 150 * 1024 ? 'met' : 'not met'} |`);
  }
  console.log('\nBundle (gzip), from dist/:');
  console.log(`Entry of index.html with its static imports: JS ${kb(firstJs)} in ${first.size} files, CSS ${kb(firstCss)} (the whole first load of /, with the home route, Dexie and the catalog, is measured in Chromium by the browser bench).`);
  console.log('| lazy route | JS added on top of the first load | files | target ≤ 150 KB |');
  console.log('|---|---:|---:|---|');
  for (const row of rows) console.log(row);
}

if (import.meta.url === `file://${process.argv[1]}`) bundleBench();
