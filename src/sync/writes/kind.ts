import type { Table } from 'dexie';

/** The HTTP request one queued write becomes. */
export interface WriteRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** What a settle step gets from a 2xx answer. */
export interface WriteAnswer {
  body: unknown;
  /** The entity's version from the answer's ETag, when it sent one. */
  version: number | null;
}

/**
 * One kind of queued write (favourite add, profile edit, …). Adding a kind is: describe its
 * request, how it changes Dexie at once, and how the server's answer is written back; then add
 * it to `writes/index.ts`. Every step runs inside a Dexie transaction over `tables` (and the outbox).
 */
export interface WriteKind<P> {
  kind: string;
  /** The mirrored entity it changes ('favorites', 'profile'): pulls hold back rows with queued writes. */
  entity: string;
  entityId(payload: P, userId: string): string;
  request(payload: P): WriteRequest;
  /** The Dexie tables apply/settle/revert touch. */
  tables(): Table[];
  /** Applies the change locally, in the same transaction that appends the outbox entry. */
  apply(payload: P, userId: string): Promise<void>;
  /** Writes the server's answer over the local row (only when no later write of the entity is queued). */
  settle?(payload: P, userId: string, answer: WriteAnswer): Promise<void>;
  /** The version the entity has locally now (sent as If-Match). Null: the write is unconditional. */
  baseVersion?(payload: P, userId: string): Promise<number | null>;
  /** The entity's version on the server now (keep mine re-sends on it after a conflict). */
  serverVersion?(payload: P, userId: string): Promise<number | null>;
  /** Pulls the entity from the server over the local copy (after discard or take theirs). */
  refresh(payload: P, userId: string): Promise<void>;
  /** A short description of the change for the list of unsent changes. */
  describe(payload: P): Promise<WriteDescription>;
}

/** How a queued change is named to the user: a message key the app translates, and the entity's name. */
export interface WriteDescription {
  action: 'favorite.add' | 'favorite.remove' | 'profile.update' | 'profile.preferences';
  subject: string | null;
}

// Kinds are registered by writes/index.ts; the replayer looks them up by name from the stored entry.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds kinds of every payload type
const registry = new Map<string, WriteKind<any>>();

export function defineWrite<P>(kind: WriteKind<P>): WriteKind<P> {
  registry.set(kind.kind, kind);
  return kind;
}

export function writeKind(name: string): WriteKind<unknown> | undefined {
  return registry.get(name);
}
