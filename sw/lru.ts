/**
 * Pure bookkeeping of the image cache (no Cache Storage, no IndexedDB): which request is an image,
 * its cache key, which entries a new manifest makes stale, and which entries the bounds evict.
 * Runs in the worker and in the unit tests.
 */

/** One cached image response, as recorded in the metadata index. */
export interface ImageEntry {
  /** The Cache Storage key (see imageCacheKey). */
  key: string;
  fileId: string;
  /** The file's SHA-256 from the manifest, base64url. */
  hash: string;
  /** The requested width (0 for none). */
  width: number;
  /** Body size in bytes. */
  bytes: number;
  /** Last time it was served or stored (ms since epoch). */
  lastUsed: number;
}

export interface CacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** About 400 card images (4:3 at 400 px, ~20–60 KB each) fit comfortably. */
export const IMAGE_CACHE_LIMITS: CacheLimits = { maxEntries: 400, maxBytes: 40 * 1024 * 1024 };

/** The manifest as sent by GET /api/files/manifest. */
export interface ManifestEntry {
  blobFileId: string;
  shA256Hash: string;
}

const IMAGE_PATH = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** `GET /api/files/{id}?width=W` → its id and width; anything else (the manifest, no width) → null. */
export function parseImageUrl(url: URL): { fileId: string; width: number } | null {
  const match = IMAGE_PATH.exec(url.pathname);
  if (!match) return null;
  const raw = url.searchParams.get('width');
  if (raw === null || !/^\d{1,4}$/.test(raw)) return null;
  const width = Number(raw);
  if (width < 1) return null;
  return { fileId: match[1]!.toLowerCase(), width };
}

/** Base64 (the manifest's encoding) to base64url, safe in a path. */
export function toBase64Url(b64: string): string {
  return b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cache key of one rendition: by file, content hash and width, under a path no route serves. */
export function imageCacheKey(origin: string, fileId: string, hash: string, width: number): string {
  return `${origin}/__image-cache/${fileId}/${hash}/w${width}`;
}

/** fileId → base64url hash. Ids are compared lower-case. */
export function manifestMap(entries: readonly ManifestEntry[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const e of entries) map.set(e.blobFileId.toLowerCase(), toBase64Url(e.shA256Hash));
  return map;
}

/** Entries whose file now has another hash, or is gone from the manifest. */
export function staleEntries(entries: readonly ImageEntry[], manifest: ReadonlyMap<string, string>): string[] {
  return entries.filter((e) => manifest.get(e.fileId) !== e.hash).map((e) => e.key);
}

/**
 * Least recently used first, until both bounds hold. Ties (same lastUsed) go by key, so the
 * choice is deterministic.
 */
export function selectEvictions(entries: readonly ImageEntry[], limits: CacheLimits): string[] {
  let count = entries.length;
  let bytes = entries.reduce((sum, e) => sum + e.bytes, 0);
  if (count <= limits.maxEntries && bytes <= limits.maxBytes) return [];
  const oldestFirst = [...entries].sort((a, b) => a.lastUsed - b.lastUsed || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const evict: string[] = [];
  for (const e of oldestFirst) {
    if (count <= limits.maxEntries && bytes <= limits.maxBytes) break;
    evict.push(e.key);
    count--;
    bytes -= e.bytes;
  }
  return evict;
}

/** Whether one response may be stored at all (a body over a quarter of the byte bound is not). */
export function fitsCache(bytes: number, limits: CacheLimits): boolean {
  return bytes > 0 && bytes <= limits.maxBytes / 4;
}

/**
 * Offline, another width of the same file and hash stands in: the smallest at least as wide as
 * asked, else the widest there is.
 */
export function pickFallback(candidates: readonly ImageEntry[], width: number): ImageEntry | undefined {
  let best: ImageEntry | undefined;
  for (const c of candidates) {
    if (!best) best = c;
    else if (c.width >= width && (best.width < width || c.width < best.width)) best = c;
    else if (best.width < width && c.width > best.width) best = c;
  }
  return best;
}
