import { parseImageUrl } from '../../../sw/lru';

/**
 * Images a first visit showed before the service worker controlled the page went straight to the
 * network, so the worker's image cache does not have them and a visitor who goes offline would see
 * placeholders. Once the worker takes control, the page hands it the image addresses it already
 * loaded with Workbox's CACHE_URLS message: the worker's router sends each through the same image
 * route as a page fetch (sw/image-cache.ts), so it is stored under the same hash key and bounds.
 * The bytes usually come from the browser's HTTP cache (a 304 revalidation at most).
 *
 * The first worker takes control seconds after the first page's load (it precaches every screen:
 * 3.5-4 s on the bench machine), and a visitor moves on meanwhile: a page left before that keeps
 * its image addresses in the tab's session storage, and the first page the worker controls (or
 * the page it takes) hands those over too. Otherwise the listing a visitor opened
 * first would show no picture offline.
 */

/** Session storage: image addresses of this tab's pages that were left before the worker controlled them. */
export const IMAGES_BEFORE_WORKER_KEY = 'images-before-worker';

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

/** The addresses kept by earlier pages of this tab (none when storage is blocked or the value is damaged). */
function keptImageUrls(): string[] {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(IMAGES_BEFORE_WORKER_KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((url): url is string => typeof url === 'string') : [];
  } catch {
    return [];
  }
}

/** This page's images, then those earlier pages of the tab kept: once each, newest first, at most the limit. */
function imagesForWorker(): string[] {
  return shownImageUrls([...pageImageUrls(), ...keptImageUrls()], window.location.origin);
}

/**
 * Keeps the images this page loaded for the first page the worker controls: called as an
 * uncontrolled page is left. The newest pages' images come first, so the limit drops the oldest.
 */
export function keepImagesForWorker(): void {
  const urls = imagesForWorker();
  try {
    if (urls.length) sessionStorage.setItem(IMAGES_BEFORE_WORKER_KEY, JSON.stringify(urls));
  } catch {
    // Storage full or blocked: these images are fetched again when next shown online.
  }
}

/**
 * Called by the entry (src/main.tsx) at once, not with the worker's registration (which waits for
 * the first view and the page's load): a visitor may leave the first page before either. A page no
 * worker controls keeps its images as it is left, unless a worker took it meanwhile (it then handed
 * them over at that moment, src/app/pwa/register.ts).
 */
export function keepImagesUntilControlled(): void {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
  window.addEventListener('pagehide', () => {
    if (!navigator.serviceWorker.controller) keepImagesForWorker();
  });
}

/** Whether earlier pages of this tab left images for the worker. */
export function hasKeptImages(): boolean {
  return keptImageUrls().length > 0;
}

/** Asks `worker` to cache the images this page and this tab's earlier pages loaded before it controlled them. */
export function warmImageCache(worker: ServiceWorker | null | undefined): void {
  if (!worker) return;
  const urls = imagesForWorker();
  try {
    sessionStorage.removeItem(IMAGES_BEFORE_WORKER_KEY);
  } catch {
    // Nothing was kept where storage is blocked.
  }
  if (urls.length) worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
}
