import { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';

/** SQL text with $n placeholders and their values; `name` makes it a prepared statement on PostgreSQL. */
export interface Statement {
  /**
   * Set for a text that never changes (one per text): on PostgreSQL it is prepared once per
   * connection and then only bound and executed (no parse, and the planner's cached plan once it
   * proves as good). null for a text built per call, parsed each time.
   */
  name: string | null;
  text: string;
  values: unknown[];
  /**
   * A named statement whose best plan does not depend on its values (a search page without a
   * filter, of a category by date, or of words alone: server/modules/listings/search-sql.ts): on PostgreSQL it
   * runs with a generic plan from the first run (server/db/client.ts). Where a filter's own size
   * decides the best plan, leave it out.
   */
  genericPlan?: boolean;
}

/** Runs a statement and gives its rows: for hot paths whose SQL is fixed text, not built per call. */
export type RawQuery = <Row>(statement: Statement) => Promise<Row[]>;

/**
 * Runs a statement of one text column and gives each row's text as UTF-8 bytes, in the rows' order
 * (SQL nulls left out). On PostgreSQL the bytes are the wire's, never decoded into a string, for
 * answers passed on as they are (a search page's cards).
 */
export type RawCells = (statement: Statement) => Promise<Buffer[]>;

/** The raw runners of a PGlite instance. */
export function pgliteRaw(client: PGlite): { rawQuery: RawQuery; rawCells: RawCells } {
  // PGlite's query() takes no statement name: a parameterized query, parsed and planned each time.
  const rawQuery: RawQuery = async <Row>(s: Statement) => (await client.query<Row>(s.text, s.values)).rows;
  const rawCells: RawCells = async (s) => (await client.query<unknown[]>(s.text, s.values, { rowMode: 'array' })).rows
    .flatMap(([cell]) => (typeof cell === 'string' ? [Buffer.from(cell)] : []));
  return { rawQuery, rawCells };
}

/**
 * The raw runners over postgres.js clients, which pipeline: several statements queued on one
 * connection go out in one write and come back in one read (node-postgres sends the next only
 * after the last one's answer). `generic` runs the statements marked genericPlan; if its
 * connections are refused for their plan_cache_mode parameter (a pooler such as PgBouncer knows
 * only a few startup parameters), those statements run on `plain` from then on, with a warning.
 */
export function postgresRaw(plain: Sql, generic: Sql): { rawQuery: RawQuery; rawCells: RawCells } {
  let genericRefused = false;
  async function run<T>(s: Statement, answer: (client: Sql) => Promise<T>): Promise<T> {
    if (!s.genericPlan || s.name === null || genericRefused) return answer(plain);
    try {
      return await answer(generic);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!message.includes('plan_cache_mode')) throw error;
      if (!genericRefused) console.warn(`PostgreSQL refused generic plans on a search connection: ${message}`);
      genericRefused = true;
      return answer(plain);
    }
  }
  // The values are the statement's own (strings, numbers, arrays), which postgres.js serializes;
  // its ParameterOrJSON type knows nothing of them.
  const send = (client: Sql, s: Statement) => client.unsafe(s.text, s.values as never[], { prepare: s.name !== null });
  const rawQuery: RawQuery = async <Row>(s: Statement) => [...await run(s, (client) => send(client, s))] as Row[];
  const rawCells: RawCells = async (s) => {
    // raw(): each row as its columns' wire bytes (Buffer), undecoded.
    const rows = await run(s, (client) => send(client, s).raw());
    const cells: Buffer[] = [];
    for (const [cell] of rows as unknown as unknown[][]) if (Buffer.isBuffer(cell)) cells.push(cell);
    return cells;
  };
  return { rawQuery, rawCells };
}
