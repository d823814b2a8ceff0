/** Write-queue wire constants shared by the app's outbox and the server (ARCHITECTURE §3). */

/** Sent with every queued write; the server answers a repeat with the first answer. Lowercase: Node's header names. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
/** How long the server keeps a key's first answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A key still 'in progress' after this long belongs to a request that died (a crash): it may be claimed again. */
export const IDEMPOTENCY_ABANDONED_MS = 60_000;

/**
 * The push endpoint (POST /api/sync/push): an ordered list of queued writes applied in one
 * database transaction, each exactly once under its Idempotency-Key (docs/api.md "Sync push").
 */
export const PUSH_PATH = '/sync/push';
/** The most writes one push carries. */
export const PUSH_MAX_WRITES = 100;
/** The largest push body the client sends (the server's limit for any JSON body is 1 MiB). */
export const PUSH_MAX_BYTES = 512 * 1024;

/**
 * The single routes whose writes a push may carry, as `METHOD /path/:param`; paths match without
 * regard to case, as the routes do. Any other queued write (chat messages, uploads, listing,
 * company and profile writes) is sent on its own route.
 */
export const PUSH_ROUTES = [
  'POST /Favorites/:listingId',
  'DELETE /Favorites/:listingId',
  'POST /PlannerEvent',
  'PUT /PlannerEvent/:id',
  'DELETE /PlannerEvent/:id',
] as const;
export type PushRoute = (typeof PUSH_ROUTES)[number];
export type PushMethod = 'POST' | 'PUT' | 'DELETE';

/** One queued write in a push: what its single request would carry. */
export interface PushWrite {
  /** The write's Idempotency-Key. */
  key: string;
  method: PushMethod;
  /** The single route's path under /api, e.g. `/Favorites/<listing id>` (no query). */
  path: string;
  /** The single request's JSON body, if it has one. */
  body?: unknown;
  /** The version the write is based on (the single request's If-Match). */
  ifMatch?: number;
  /**
   * Which entity the write changes, opaque to the server (the outbox's `entity` and `entityId`).
   * After a write of an entity is refused, later writes of it in the same push are held back; a
   * later write based on the same version as an applied one is moved onto its new version.
   */
  entity?: string;
}

export interface PushRequest {
  writes: PushWrite[];
}

/** The answer the write's single request would have had (its status, its JSON body, its ETag version). */
export interface PushApplied {
  key: string;
  status: number;
  /** The answer's JSON body; `{message, errors?}` for a 4xx or 5xx, absent for a 204. */
  body?: unknown;
  /** The entity's version after the write (the single route's ETag). */
  version?: number;
  /** The key's stored answer: the write had been applied (or refused) before. */
  replayed?: true;
  /** Seconds to wait before sending it again (a 409 for a key still being processed). */
  retryAfter?: number;
}

/**
 * A write the server did not look at: `held` when an earlier write of the same entity in this push
 * was refused, `stopped` when an earlier write has to be sent again later (a 5xx, a key still being
 * processed), so nothing after it went ahead of it.
 */
export interface PushSkipped {
  key: string;
  status: null;
  skipped: 'held' | 'stopped';
}

export type PushResult = PushApplied | PushSkipped;

export interface PushResponse {
  /** One per write, in the order sent. */
  results: PushResult[];
}

const routePatterns = PUSH_ROUTES.map((route) => {
  const [method, pattern] = route.split(' ') as [PushMethod, string];
  return { route, method, segments: pattern.split('/').slice(1) };
});

/**
 * The push route a single request's method and path is, with its decoded path parameters; null
 * when a push does not carry it (another route, a query, a path that does not decode).
 */
export function matchPushRoute(method: string, path: string): { route: PushRoute; params: Record<string, string> } | null {
  if (!path.startsWith('/') || path.includes('?') || path.includes('#')) return null;
  const segments = path.replace(/\/+$/, '').split('/').slice(1);
  for (const candidate of routePatterns) {
    if (candidate.method !== method || candidate.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = candidate.segments.every((part, i) => {
      const actual = segments[i]!;
      if (part.startsWith(':')) {
        try {
          params[part.slice(1)] = decodeURIComponent(actual);
        } catch {
          return false;
        }
        return actual.length > 0;
      }
      return part.toLowerCase() === actual.toLowerCase();
    });
    if (matches) return { route: candidate.route, params };
  }
  return null;
}
