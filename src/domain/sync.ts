/** Write-queue wire constants shared by the app's outbox and the server (ARCHITECTURE §3). */

/** Sent with every queued write; the server answers a repeat with the first answer. Lowercase: Node's header names. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
/** How long the server keeps a key's first answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A key still 'in progress' after this long belongs to a request that died (a crash): it may be claimed again. */
export const IDEMPOTENCY_ABANDONED_MS = 60_000;
