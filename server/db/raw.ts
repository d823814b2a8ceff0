import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from './client';

/** SQL text with $n placeholders and their values; `name` makes it a prepared statement on PostgreSQL. */
export interface Statement {
  /**
   * Unique per text: node-postgres prepares a named statement once per pooled connection and then
   * only binds and executes it (no parse, and the planner's cached plan once it proves as good).
   */
  name: string | null;
  text: string;
  values: unknown[];
}

/** Runs a statement and gives its rows: for hot paths whose SQL is fixed text, not built per call. */
export type RawQuery = <Row>(statement: Statement) => Promise<Row[]>;

/** The raw query runner under a drizzle database: the node-postgres pool or the PGlite instance it was built on. */
export function rawQueryOf(db: Db): RawQuery {
  // Both drizzle drivers keep the client they were made with; Db's type (shared by both) does not name it.
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (client instanceof PGlite) {
    // PGlite's query() takes no statement name: a parameterized query, parsed and planned each time.
    return async <Row>(s: Statement) => (await client.query<Row>(s.text, s.values)).rows;
  }
  return async <Row>(s: Statement) => {
    const result = await client.query<Row & pg.QueryResultRow>(s.name === null ? { text: s.text, values: s.values } : { name: s.name, text: s.text, values: s.values });
    return result.rows;
  };
}
