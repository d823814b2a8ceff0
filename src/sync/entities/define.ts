import type { Table } from 'dexie';
import { db, type PerUserTableName } from '../../db/database';

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
 * One action of an entity (add a favourite, edit the profile): how it changes Dexie at once, the
 * request it becomes, and how the server's answer is written back. Every step runs inside a Dexie
 * transaction over the entity's table and the outbox.
 */
export interface WriteSpec<P> {
  request(payload: P): WriteRequest;
  /** Applies the change locally, in the same transaction that appends the outbox entry. */
  apply(payload: P, userId: string): Promise<void>;
  /** Writes the server's answer over the local row (only when no later write of the entity is queued). */
  settle?(payload: P, userId: string, answer: WriteAnswer): Promise<void>;
  /**
   * The server refused the write (a 4xx other than a conflict): shows it on the local row (a chat
   * message marked failed). Runs in the transaction that marks the outbox entry failed.
   */
  fail?(payload: P, userId: string, message: string): Promise<void>;
  /** Tables besides the entity's own that apply/settle/fail touch (a message also bumps its chat). */
  alsoTables?(): Table[];
  /** The version the entity has locally now (sent as If-Match). Absent: the write is unconditional. */
  baseVersion?(payload: P, userId: string): Promise<number | null>;
  /** The entity's version on the server now (keep mine re-sends on it after a conflict). */
  serverVersion?(payload: P, userId: string): Promise<number | null>;
  /** What the change is about, named for the user (a listing's name), or null. */
  subject?(payload: P): Promise<string | null>;
}

/** Declares one write action with its payload type: `add: write<{ listingId: string }>({...})`. */
export const write = <P>(spec: WriteSpec<P>): WriteSpec<P> => spec;

/** How a queued change is named to the user: a message key the app translates, and the entity's name. */
export interface WriteDescription<K extends string = string> {
  action: K;
  subject: string | null;
}

/**
 * One kind of queued write as the outbox and the replayer see it: an action of an entity, with
 * the entity's table, key and refresh filled in. Made by `defineEntity`, never by hand.
 */
export interface WriteKind<P, K extends string = string, N extends string = string> {
  /** `${prefix}.${action}`: stored in outbox entries, so a name never changes. */
  kind: K;
  /** The mirrored entity it changes: pulls hold back rows with queued writes. */
  entity: N;
  entityId(payload: P, userId: string): string;
  request(payload: P): WriteRequest;
  /** The Dexie tables apply/settle touch. */
  tables(): Table[];
  apply(payload: P, userId: string): Promise<void>;
  settle?(payload: P, userId: string, answer: WriteAnswer): Promise<void>;
  fail?(payload: P, userId: string, message: string): Promise<void>;
  baseVersion?(payload: P, userId: string): Promise<number | null>;
  serverVersion?(payload: P, userId: string): Promise<number | null>;
  /** Pulls the entity from the server over the local copy (after discard or take theirs). */
  refresh(payload: P, userId: string): Promise<void>;
  /** A short description of the change for the list of unsent changes. */
  describe(payload: P): Promise<WriteDescription<K>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a map of actions of any payload type
type AnyWrites = Record<string, WriteSpec<any>>;
type PayloadOf<S> = S extends WriteSpec<infer P> ? P : never;

/** Everything one mirrored per-user entity needs, in one place. */
export interface EntitySpec<N extends string, X extends string, W extends AnyWrites> {
  /** The entity's name in outbox entries (`entity`) and in sync-state hooks. Stored: never renamed. */
  name: N;
  /** The Dexie table holding its rows (per user; cleared on logout). */
  table: PerUserTableName;
  /** The outbox key (`entityId`) of the row a write changes. */
  key(payload: PayloadOf<W[keyof W]>, userId: string): string;
  /** The user's rows from the server, holding back rows with queued writes: start-up, focus, online. */
  pull(userId: string): Promise<unknown>;
  /** After the queue drained: pull and merge (server wins except over pending writes). Default: `pull`. */
  reconcile?(userId: string): Promise<unknown>;
  /** Removes the user's rows (logout); other users' rows stay. */
  clear(userId: string): Promise<void>;
  /** The first half of each write kind's name (`favorite` → `favorite.add`). Stored: never renamed. */
  actionPrefix: X;
  writes: W;
}

export type Entity<N extends string, X extends string, W extends AnyWrites> =
  Omit<EntitySpec<N, X, W>, 'writes' | 'reconcile'> & {
    reconcile(userId: string): Promise<unknown>;
    writes: { [A in keyof W & string]: WriteKind<PayloadOf<W[A]>, `${X}.${A}`, N> };
  };

/**
 * A mirrored per-user entity: its table, key, pull, reconcile, clearing on logout, and its write
 * actions, each made into a `WriteKind` named `${actionPrefix}.${action}`. List it in registry.ts:
 * start-up, reconcile, logout, the replayer and the unsent-changes list loop over the registry.
 */
export function defineEntity<const N extends string, const X extends string, const W extends AnyWrites>(
  spec: EntitySpec<N, X, W>,
): Entity<N, X, W> {
  const writes = Object.fromEntries(Object.entries(spec.writes).map(([action, w]) => {
    const kind = `${spec.actionPrefix}.${action}`;
    const made: WriteKind<unknown> = {
      kind,
      entity: spec.name,
      entityId: (payload, userId) => spec.key(payload as PayloadOf<W[keyof W]>, userId),
      request: (payload) => w.request(payload),
      tables: () => [db.table(spec.table), ...(w.alsoTables?.() ?? [])],
      apply: (payload, userId) => w.apply(payload, userId),
      ...(w.settle ? { settle: w.settle.bind(w) } : {}),
      ...(w.fail ? { fail: w.fail.bind(w) } : {}),
      ...(w.baseVersion ? { baseVersion: w.baseVersion.bind(w) } : {}),
      ...(w.serverVersion ? { serverVersion: w.serverVersion.bind(w) } : {}),
      refresh: async (_payload, userId) => {
        await entity.pull(userId);
      },
      describe: async (payload) => ({ action: kind, subject: w.subject ? await w.subject(payload) : null }),
    };
    return [action, made];
  }));
  const entity: Entity<N, X, W> = {
    ...spec,
    reconcile: (userId) => (spec.reconcile ? spec.reconcile(userId) : entity.pull(userId)),
    writes: writes as Entity<N, X, W>['writes'],
  };
  return entity;
}
