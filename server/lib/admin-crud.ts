import { and, eq, sql, type SQL } from 'drizzle-orm';
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
  /** Refuses a delete before it runs (e.g. rows that still hold on to this one). */
  beforeDelete?: (id: string) => Promise<void>;
  /** Called after every write, whether or not it changed a row (e.g. to empty the search caches). */
  afterWrite?: () => void;
}

export interface AdminCrud<Body, Out> {
  list(where?: SQL): Promise<Out[]>;
  get(id: string): Promise<Out>;
  /** `id` is the client's own (offline creates); a taken one is a 409. */
  create(body: Body & { id?: string }): Promise<Out>;
  /** `expected` is the If-Match version or null; a missing row is a 404, a stale version a 412. */
  update(id: string, expected: number | null, body: Body): Promise<Out>;
  remove(id: string): Promise<void>;
}

/** After a conditional update found no row: 404 if the id is unknown, else 412 (stale If-Match). */
export async function updateMissed(exists: boolean, label: string): Promise<never> {
  if (!exists) throw notFound(`${label} not found`);
  throw staleVersion(label.toLowerCase());
}

/**
 * List, read, create, update (versioned) and delete for one admin-managed table, without
 * Fastify: the routes parse input and call these (lib/admin-crud-routes.ts registers them).
 */
export function adminCrud<Row, Body, Out>(db: Db, clock: () => Date, spec: AdminCrudSpec<Row, Body, Out>): AdminCrud<Body, Out> {
  const { table, label } = spec;
  // Drizzle's builders cannot follow a table given as a type parameter; the spec's callbacks are typed per table.
  const t = table as PgTable & { id: PgColumn; version: PgColumn };
  const present = (row: unknown) => spec.present(row as Row);
  const notFoundError = () => notFound(`${label} not found`);
  const exists = async (id: string) =>
    (await db.select({ id: t.id }).from(t).where(eq(t.id, id)).limit(1)).length > 0;

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

    async create(body) {
      const values = await spec.toInsert(body);
      const [row] = await db.insert(t).values({ ...(body.id ? { id: body.id } : {}), ...values } as never)
        .onConflictDoNothing({ target: t.id }).returning();
      spec.afterWrite?.();
      if (!row) throw conflict(`A ${label.toLowerCase()} with this id already exists`);
      return present(row);
    },

    async update(id, expected, body) {
      const values = await spec.toUpdate(body);
      const [row] = await db.update(t).set({ ...values, version: sql`${t.version} + 1`, updatedAt: clock() } as never)
        .where(and(eq(t.id, id), expected === null ? undefined : eq(t.version, expected))).returning();
      spec.afterWrite?.();
      if (row) return present(row);
      return updateMissed(await exists(id), label);
    },

    async remove(id) {
      await spec.beforeDelete?.(id);
      const [row] = await db.delete(t).where(eq(t.id, id)).returning({ id: t.id });
      spec.afterWrite?.();
      if (!row) throw notFoundError();
    },
  };
}
