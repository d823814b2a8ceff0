import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCREEN_CHUNKS_FILE } from '../../scripts/screen-chunks';
import type { PublicRoute } from './pages';

/** A chunk's path as the build writes it: nothing else goes into the page. */
const CHUNK = /^assets\/[\w.-]+\.js$/;

/**
 * The `<link rel="modulepreload">` tags of the chunks each rendered screen loads (the build's
 * dist/.vite/screen-chunks.json, scripts/screen-chunks.ts): fetched while the HTML is read, and
 * found there by the preload helper the entry calls for the screen. No tags without that file
 * (a build from before it, tests with a bare template): the entry then asks for them as before.
 */
export function screenPreloads(staticDir: string | null): (kind: PublicRoute['kind']) => string {
  const file = staticDir ? join(staticDir, SCREEN_CHUNKS_FILE) : null;
  const lists = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const tags = new Map<string, string>();
  for (const [kind, files] of Object.entries(lists)) {
    if (!Array.isArray(files)) continue;
    const chunks = files.filter((chunk): chunk is string => typeof chunk === 'string' && CHUNK.test(chunk));
    // `crossorigin` as on the entry's own tags: a module is fetched in CORS mode, and a preload
    // made in another mode would not be used. Low priority: the first paint needs none of them
    // (the markup is there), so they come after the HTML, the entry and the page's largest image.
    tags.set(kind, chunks.map((chunk) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${chunk}">`).join('\n    '));
  }
  return (kind) => tags.get(kind) ?? '';
}
