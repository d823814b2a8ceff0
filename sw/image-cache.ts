/**
 * Images `GET /api/files/{id}?width=W`: cache-first under the file's SHA-256 from the file manifest,
 * bounded by entries and bytes (least recently used first). The app hands the manifest over after
 * each pull (message FILES_MANIFEST); without one the worker fetches it itself. A changed or removed
 * hash evicts that file's entries; an id the manifest does not list is answered 404, which the
 * Image component shows as its placeholder.
 */
import { backoffDelay } from '../src/domain/backoff';
import {
  allImageEntries, deleteImageEntries, getImageEntry, getKv, imageEntriesOf, putImageEntry, putKv, touchImageEntry,
} from './idb';
import {
  IMAGE_CACHE_LIMITS, fitsCache, imageCacheKey, manifestMap, parseImageUrl, pickFallback, selectEvictions, staleEntries,
  type ImageEntry, type ManifestEntry,
} from './lru';

declare const self: ServiceWorkerGlobalScope;

export const IMAGE_CACHE = 'eventmarket-images-v1';
const MANIFEST_KEY = 'files-manifest';
const MANIFEST_URL = '/api/files/manifest';
/** An id missing from the manifest refetches it at most this often (an upload may be that new). */
const MISSING_REFETCH_MS = 5_000;

interface StoredManifest {
  entries: ManifestEntry[];
  etag: string | null;
  at: number;
}

let manifest: Map<string, string> | null = null;
let loading: Promise<Map<string, string> | null> | null = null;
let fetching: Promise<Map<string, string> | null> | null = null;
let lastNetworkFetch = 0;
/** Failed manifest fetches in a row, and when the next may go: the app's backoff (1 s → 30 s). */
let manifestFailures = 0;
let nextManifestTry = 0;

/** Bookkeeping runs one step at a time, so a put and an eviction never interleave. */
let chain: Promise<unknown> = Promise.resolve();
function serial<T>(step: () => Promise<T>): Promise<T> {
  const next = chain.then(step, step);
  chain = next.catch(() => undefined);
  return next;
}

export { parseImageUrl };

/** The manifest in memory, else from IndexedDB (null if the worker has never had one). */
async function currentManifest(): Promise<Map<string, string> | null> {
  if (manifest) return manifest;
  loading ??= getKv<StoredManifest>(MANIFEST_KEY)
    .then((stored) => {
      if (stored && !manifest) manifest = manifestMap(stored.entries);
      return manifest;
    })
    .catch(() => manifest)
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Stores a manifest and evicts the entries it makes stale. */
export function setManifest(entries: readonly ManifestEntry[], etag: string | null = null): Promise<void> {
  const next = manifestMap(entries);
  manifest = next;
  return serial(async () => {
    await putKv(MANIFEST_KEY, { entries: [...entries], etag, at: Date.now() } satisfies StoredManifest);
    await evict(staleEntries(await allImageEntries(), next));
  });
}

/**
 * Fetches the manifest (with the stored ETag); null when offline or the server fails. Without a
 * manifest every image asks for one: offline, or after a failure until the backoff has passed, the
 * worker does not fetch at all (each failed fetch would be one more error, per image).
 */
function fetchManifest(): Promise<Map<string, string> | null> {
  if (self.navigator.onLine === false || Date.now() < nextManifestTry) return Promise.resolve(manifest);
  fetching ??= (async () => {
    lastNetworkFetch = Date.now();
    const failed = () => {
      nextManifestTry = Date.now() + backoffDelay(manifestFailures);
      manifestFailures += 1;
    };
    try {
      const stored = await getKv<StoredManifest>(MANIFEST_KEY).catch(() => undefined);
      const headers: HeadersInit = stored?.etag ? { 'if-none-match': stored.etag } : {};
      const res = await fetch(MANIFEST_URL, { headers, cache: 'no-store' });
      if (res.status === 304 && stored) {
        manifestFailures = 0;
        manifest ??= manifestMap(stored.entries);
        return manifest;
      }
      if (!res.ok) {
        if (res.status >= 500) failed();
        return manifest;
      }
      manifestFailures = 0;
      const entries = (await res.json()) as ManifestEntry[];
      await setManifest(entries, res.headers.get('etag'));
      return manifest;
    } catch {
      failed();
      return manifest;
    } finally {
      fetching = null;
    }
  })();
  return fetching;
}

async function evict(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const cache = await caches.open(IMAGE_CACHE);
  await Promise.all(keys.map((key) => cache.delete(key)));
  await deleteImageEntries(keys);
}

async function store(key: string, response: Response, fileId: string, hash: string, width: number): Promise<void> {
  const body = await response.blob();
  if (!fitsCache(body.size, IMAGE_CACHE_LIMITS)) return;
  const headers = new Headers(response.headers);
  headers.set('content-length', String(body.size));
  const copy = new Response(body, { status: 200, statusText: response.statusText, headers });
  await serial(async () => {
    // The hash may have changed while the image downloaded: do not store it under a stale one.
    if (manifest && manifest.get(fileId) !== hash) return;
    const cache = await caches.open(IMAGE_CACHE);
    await cache.put(key, copy);
    await putImageEntry({ key, fileId, hash, width, bytes: body.size, lastUsed: Date.now() });
    await evict(selectEvictions(await allImageEntries(), IMAGE_CACHE_LIMITS));
  });
}

function notListed(): Response {
  return new Response(JSON.stringify({ message: 'File not found' }), {
    status: 404,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

/** Offline: another cached width of the same file and hash. */
async function fallback(fileId: string, hash: string | undefined, width: number): Promise<Response | undefined> {
  const candidates = (await imageEntriesOf(fileId).catch(() => [] as ImageEntry[])).filter((e) => !hash || e.hash === hash);
  const cache = await caches.open(IMAGE_CACHE);
  let rest = candidates;
  while (rest.length) {
    const pick = pickFallback(rest, width);
    if (!pick) break;
    const hit = await cache.match(pick.key);
    if (hit) return hit;
    rest = rest.filter((e) => e !== pick);
  }
  return undefined;
}

/** Straight to the network, nothing stored (no hash to key it by); offline, `offline()` answers if it can. */
async function passThrough(request: Request, offline: () => Promise<Response | undefined>): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const stand = await offline();
    if (stand) return stand;
    throw error;
  }
}

/** The fetch handler for `GET /api/files/{id}?width=W`. */
export async function handleImage(request: Request, event: ExtendableEvent): Promise<Response> {
  const parsed = parseImageUrl(new URL(request.url));
  if (!parsed) return fetch(request);
  const { fileId, width } = parsed;

  let map = (await currentManifest()) ?? (await fetchManifest());
  let hash = map?.get(fileId);
  if (map && !hash) {
    // Not listed: perhaps newer than this manifest (an upload). Ask again, at most every few seconds.
    if (fetching) map = await fetching;
    else if (Date.now() - lastNetworkFetch > MISSING_REFETCH_MS) map = await fetchManifest();
    hash = map?.get(fileId);
    // Still not listed: gone, or newer than any manifest seen. The server decides (its 404 for a
    // gone file); offline the worker answers 404 itself. Either way the Image shows its placeholder.
    if (!hash) return passThrough(request, async () => notListed());
  }

  // No manifest at all (first visit while offline, or the server failing): pass through.
  if (!hash) return passThrough(request, () => fallback(fileId, undefined, width));

  const key = imageCacheKey(self.location.origin, fileId, hash, width);
  const cache = await caches.open(IMAGE_CACHE);
  const hit = await cache.match(key);
  if (hit) {
    event.waitUntil(serial(async () => {
      if (await getImageEntry(key)) await touchImageEntry(key, Date.now());
      else {
        // Metadata lost (e.g. IndexedDB cleared): record it again, so the bounds count it.
        const bytes = (await hit.clone().blob()).size;
        await putImageEntry({ key, fileId, hash, width, bytes, lastUsed: Date.now() });
      }
    }).catch(() => undefined));
    return hit;
  }

  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const stand = await fallback(fileId, hash, width);
    if (stand) return stand;
    throw error;
  }
  if (response.status === 200 && (response.type === 'basic' || response.type === 'default')) {
    event.waitUntil(store(key, response.clone(), fileId, hash, width).catch(() => undefined));
  }
  return response;
}

/**
 * Brings the cache and its index back in line (run on activate): cache entries without metadata
 * and metadata without a cached response are dropped, then the bounds are applied.
 */
export function reconcileImageCache(): Promise<void> {
  return serial(async () => {
    const cache = await caches.open(IMAGE_CACHE);
    const [requests, entries] = await Promise.all([cache.keys(), allImageEntries()]);
    const cachedKeys = new Set(requests.map((r) => r.url));
    const known = new Set(entries.map((e) => e.key));
    await Promise.all(requests.filter((r) => !known.has(r.url)).map((r) => cache.delete(r)));
    await deleteImageEntries(entries.filter((e) => !cachedKeys.has(e.key)).map((e) => e.key));
    const kept = entries.filter((e) => cachedKeys.has(e.key));
    const map = await currentManifest();
    await evict([...new Set([...(map ? staleEntries(kept, map) : []), ...selectEvictions(kept, IMAGE_CACHE_LIMITS)])]);
  });
}
