import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** SQL text with $n placeholders and their values; `name` makes it a prepared statement on PostgreSQL. */
export interface Statement {
  /**
   * Unique per text: node-postgres prepares a named statement once per pooled connection and then
   * only binds and executes it (no parse, and the planner's cached plan once it proves as good).
   */
  name: string | null;
  text: string;
  values: unknown[];
  /**
   * A named statement whose best plan does not depend on its values (a search page without a
   * filter, of a category by date, or of words alone: server/modules/listings/search-sql.ts): on PostgreSQL it
   * runs with a generic plan from the first run (Database.rawQuery). Where a filter's own size
   * decides the best plan, leave it out.
   */
  genericPlan?: boolean;
}

/** Runs a statement and gives its rows: for hot paths whose SQL is fixed text, not built per call. */
export type RawQuery = <Row>(statement: Statement) => Promise<Row[]>;

/** The raw query runner of a PGlite instance or a node-postgres pool. */
export function rawQueryOf(client: PGlite | pg.Pool): RawQuery {
  if (client instanceof PGlite) {
    // PGlite's query() takes no statement name: a parameterized query, parsed and planned each time.
    return async <Row>(s: Statement) => (await client.query<Row>(s.text, s.values)).rows;
  }
  return async <Row>(s: Statement) => {
    const result = await client.query<Row & pg.QueryResultRow>(s.name === null ? { text: s.text, values: s.values } : { name: s.name, text: s.text, values: s.values });
    return result.rows;
  };
}
