import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { conflict, notFound } from './errors';
import { staleVersion } from './versioning';

/** A table an Admin edits row by row: a uuid id, an optimistic-concurrency version and updatedAt. */
export type AdminTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

export interface AdminCrudSpec<Row, Body, Out> {
  table: AdminTable;
  /** Capitalised ('Category'): 'Category not found', 'A category with this id already exists', 412 'The category was…'. */
  label: string;
  present: (row: Row) => Out;
  /** Order of the list answer (sorted in the app's language, not by the database's collation). */
  sort: (a: Row, b: Row) => number;
  /** Runs the checks that need the database (parent exists, image uploaded), then gives the columns to insert. */
  toInsert: (body: Body) => Promise<Record<string, unknown>>;
  /** The same for an update; undefined values keep what is stored. */
  toUpdate: (body: Body) => Promise<Record<string, unknown>>;
  /**
   * Refuses an update before it runs, inside its transaction with the row locked (e.g. a parent
   * change while listings use the item). `tx` must be used for every query: on the embedded
   * database a query outside the open transaction waits for it.
   */
  beforeUpdate?: (tx: Db, current: Row, body: Body) => Promise<void>;
  /** Refuses a delete before it runs (e.g. rows that still hold on to this one), inside its transaction. */
  beforeDelete?: (tx: Db, id: string) => Promise<void>;
  /** Called after every write, whether or not it changed a row (e.g. to empty the search caches). */
  afterWrite?: () => void;
}

/**
 * Runs inside a write's transaction once the row changed, given the item as the answer shows it
 * (after a delete: as it was). For the audit entry: it is written with the change or not at all.
 */
export type InTransaction<Out> = (tx: Db, item: Out) => Promise<void>;

export interface AdminCrud<Body, Out> {
  list(where?: SQL): Promise<Out[]>;
  get(id: string): Promise<Out>;
  /** `id` is the client's own (offline creates); a taken one is a 409. */
  create(body: Body & { id?: string }, then?: InTransaction<Out>): Promise<Out>;
  /** `expected` is the If-Match version or null; a missing row is a 404, a stale version a 412. */
  update(id: string, expected: number | null, body: Body, then?: InTransaction<Out>): Promise<Out>;
  remove(id: string, then?: InTransaction<Out>): Promise<void>;
}

/** After a conditional update found no row: 404 if the id is unknown, else 412 (stale If-Match). */
export async function updateMissed(exists: boolean, label: string): Promise<never> {
  if (!exists) throw notFound(`${label} not found`);
  throw staleVersion(label.toLowerCase());
}

/**
 * List, read, create, update (versioned) and delete for one admin-managed table, without
 * Fastify: the routes parse input and call these (lib/admin-crud-routes.ts registers them).
 * Each write is one transaction with its checks against other rows and its `then`.
 */
export function adminCrud<Row, Body, Out>(db: Db, clock: () => Date, spec: AdminCrudSpec<Row, Body, Out>): AdminCrud<Body, Out> {
  const { table, label } = spec;
  // Drizzle's builders cannot follow a table given as a type parameter; the spec's callbacks are typed per table.
  const t = table as PgTable & { id: PgColumn; version: PgColumn };
  const present = (row: unknown) => spec.present(row as Row);
  const notFoundError = () => notFound(`${label} not found`);
  /** The row, locked until the transaction ends: a concurrent write of it waits. */
  const lockedRow = async (tx: Db, id: string) => {
    const [row] = await tx.select().from(t).where(eq(t.id, id)).limit(1).for('update');
    // Every admin table has the version column (AdminTable).
    return row as (Row & { version: number }) | undefined;
  };

  return {
    async list(where) {
      const rows = (await db.select().from(t).where(where)) as Row[];
      return rows.sort(spec.sort).map(spec.present);
    },

    async get(id) {
      const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
      if (!row) throw notFoundError();
      return present(row);
    },

    async create(body, then) {
      const values = await spec.toInsert(body);
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(t).values({ ...(body.id ? { id: body.id } : {}), ...values } as never)
            .onConflictDoNothing({ target: t.id }).returning();
          if (!row) throw conflict(`A ${label.toLowerCase()} with this id already exists`);
          const created = present(row);
          await then?.(tx, created);
          return created;
        });
      } finally {
        spec.afterWrite?.();
      }
    },

    async update(id, expected, body, then) {
      const values = await spec.toUpdate(body);
      try {
        return await db.transaction(async (tx) => {
          const current = await lockedRow(tx, id);
          if (!current) return updateMissed(false, label);
          if (expected !== null && current.version !== expected) return updateMissed(true, label);
          await spec.beforeUpdate?.(tx, current, body);
          const [row] = await tx.update(t).set({ ...values, version: sql`${t.version} + 1`, updatedAt: clock() } as never)
            .where(eq(t.id, id)).returning();
          if (!row) return updateMissed(false, label);
          const updated = present(row);
          await then?.(tx, updated);
          return updated;
        });
      } finally {
        spec.afterWrite?.();
      }
    },

    async remove(id, then) {
      try {
        await db.transaction(async (tx) => {
          const current = await lockedRow(tx, id);
          if (!current) throw notFoundError();
          await spec.beforeDelete?.(tx, id);
          await tx.delete(t).where(eq(t.id, id));
          await then?.(tx, spec.present(current));
        });
      } finally {
        spec.afterWrite?.();
      }
    },
  };
}
