import { parseImageUrl } from '../../../sw/lru';

/**
 * Images a first visit showed before the service worker controlled the page went straight to the
 * network, so the worker's image cache does not have them and a visitor who goes offline would see
 * placeholders. Once the worker takes control, the page hands it the image addresses it already
 * loaded with Workbox's CACHE_URLS message: the worker's router sends each through the same image
 * route as a page fetch (sw/image-cache.ts), so it is stored under the same hash key and bounds.
 * The bytes usually come from the browser's HTTP cache (a 304 revalidation at most).
 */

/** More than a first visit shows (a feed of 27 cards, the category tiles); the cache holds 400. */
export const WARM_LIMIT = 120;

/** The same-origin image addresses (`/api/files/{id}?width=W`) among `urls`, once each, at most `limit`. */
export function shownImageUrls(urls: Iterable<string>, origin: string, limit = WARM_LIMIT): string[] {
  const found = new Set<string>();
  for (const raw of urls) {
    if (found.size >= limit) break;
    let url: URL;
    try {
      url = new URL(raw, origin);
    } catch {
      continue;
    }
    if (url.origin !== origin || !parseImageUrl(url)) continue;
    found.add(url.href);
  }
  return [...found];
}

/** What this page has loaded or is showing: resource timing entries and the images' chosen sources. */
function pageImageUrls(): string[] {
  const fetched = typeof performance !== 'undefined' ? performance.getEntriesByType('resource').map((e) => e.name) : [];
  const shown = Array.from(document.querySelectorAll('img'), (img) => img.currentSrc || img.src);
  return [...fetched, ...shown];
}

/** Asks `worker` to cache the images this page loaded before it was controlled. */
export function warmImageCache(worker: ServiceWorker | null | undefined): void {
  if (!worker) return;
  const urls = shownImageUrls(pageImageUrls(), window.location.origin);
  if (urls.length) worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
}
