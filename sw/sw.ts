/**
 * The service worker (ARCHITECTURE §4), built by vite-plugin-pwa (injectManifest).
 * - Precaches the shell and every route chunk; navigations get the shell (index.html) except
 *   /api, /chathub and /dev, so every route opens offline, also on a cold start.
 * - Images GET /api/files/{id}?width=W: cache-first by content hash, bounded LRU (image-cache.ts).
 *   Images the page loaded before this worker controlled it arrive as Workbox's CACHE_URLS message
 *   (src/app/pwa/warm-images.ts); the default router's cache listener (set up by registerRoute)
 *   sends each through the image route below, so they are stored under the same hash keys.
 * - Updates wait: the app shows "A new version is available" and sends SKIP_WAITING on Reload.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { handleImage, parseImageUrl, reconcileImageCache, setManifest } from './image-cache';
import type { ManifestEntry } from './lru';
import { NAVIGATION_DENYLIST } from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Messages from the app (src/app/pwa). */
export type WorkerMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'FILES_MANIFEST'; entries: ManifestEntry[] }
  /** Handled by workbox-routing's default router, not by the listener below. */
  | { type: 'CACHE_URLS'; payload: { urlsToCache: string[] } };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

interface StaticRoutes {
  addRoutes?(rules: { condition: { urlPattern: string; requestMethod: string }; source: 'cache' }[]): Promise<void>;
}

/**
 * The build's hashed files (/assets/*) straight from the precache by the browser itself, without
 * this worker's fetch handler: Chromium's static routing (InstallEvent.addRoutes, Chrome 123).
 * Otherwise each script and stylesheet of a start is one fetch event after another in this
 * worker's one thread (3-14 ms each on the bench machine, ten on the way to the home page's first
 * card), work that competes with the page for a phone's cores. Workbox keeps these files under
 * their plain address (their name holds their hash: no revision parameter), and a file the cache
 * does not hold goes to the network, as with Workbox's precache route; other browsers use that
 * route. Navigations stay with the fetch handler: routing the start page too was tried and not
 * kept (docs/decisions.md, "The worker's static routes for the start page").
 */
self.addEventListener('install', (event) => {
  const routes = event as ExtendableEvent & StaticRoutes;
  if (typeof routes.addRoutes !== 'function') return;
  event.waitUntil(routes.addRoutes([{ condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: 'cache' }]).catch(() => undefined));
});

/** The same tag as src/sync/worker-bridge.ts. */
const OUTBOX_SYNC_TAG = 'outbox-replay';

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

registerRoute(
  // Images, not navigations to an image address (those reach the server as they are).
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && request.mode !== 'navigate' && parseImageUrl(url) !== null,
  ({ request, event }) => handleImage(request, event),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as WorkerMessage | null;
  if (!data || typeof data !== 'object') return;
  if (data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  } else if (data.type === 'FILES_MANIFEST' && Array.isArray(data.entries)) {
    event.waitUntil(setManifest(data.entries).catch(() => undefined));
  }
});

/**
 * Background Sync (Chromium): the page registers the tag when it queues a write; when the
 * connection returns the browser wakes this worker, which asks the open pages to replay their
 * outbox. The outbox and the session's token live in the page, so the page does the sending.
 */
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
// 'sync' is not in TypeScript's worker event map: the generic (type, Event) overload.
self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(self.clients.matchAll({ type: 'window' }).then((pages) => {
    for (const page of pages) page.postMessage({ type: 'REPLAY_OUTBOX' });
  }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(reconcileImageCache().catch(() => undefined));
});

// The first worker takes the open pages at once; an update only activates on the user's Reload,
// after which the page reloads anyway.
clientsClaim();
