import type { PGlite } from '@electric-sql/pglite';
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

/** A page of cards as its statement's one row gives them: how many, and their JSON joined by commas. */
export interface CardRun {
  count: number;
  /** The cards' JSON texts joined by commas, as UTF-8; null for no card. */
  json: Buffer | null;
}

/**
 * Runs a statement whose one row is a count (int4) and a text (a search page:
 * server/modules/listings/search-sql.ts, pageRow). On PostgreSQL the text's bytes are the wire's,
 * never decoded into a string, for answers passed on as they are.
 */
export type RawCards = (statement: Statement) => Promise<CardRun>;

const NO_CARDS: CardRun = { count: 0, json: null };

/** The raw runners of a PGlite instance. */
export function pgliteRaw(client: PGlite): { rawQuery: RawQuery; rawCards: RawCards } {
  // PGlite's query() takes no statement name: a parameterized query, parsed and planned each time.
  const rawQuery: RawQuery = async <Row>(s: Statement) => (await client.query<Row>(s.text, s.values)).rows;
  const rawCards: RawCards = async (s) => {
    const [row] = (await client.query<unknown[]>(s.text, s.values, { rowMode: 'array' })).rows;
    if (!row) return NO_CARDS;
    const [count, json] = row;
    return { count: Number(count), json: typeof json === 'string' ? Buffer.from(json) : null };
  };
  return { rawQuery, rawCards };
}

/** A search page's runner on each kind of connection: a protocol client's (server/db/card-pipeline.ts). */
export interface CardRunners {
  plain: RawCards;
  generic: RawCards;
}

/**
 * The raw runners over postgres.js clients, which pipeline: several statements queued on one
 * connection go out in one write and come back in one read (node-postgres sends the next only
 * after the last one's answer). `generic` runs the statements marked genericPlan; if its
 * connections are refused for their plan_cache_mode parameter (a pooler such as PgBouncer knows
 * only a few startup parameters), those statements run on `plain` from then on, with a warning.
 * `cards`, when given, runs the search pages on connections of its own, under the same rule.
 */
export function postgresRaw(plain: Sql, generic: Sql, cards: CardRunners | null = null): { rawQuery: RawQuery; rawCards: RawCards } {
  let genericRefused = false;
  async function run<C, T>(s: Statement, clients: { plain: C; generic: C }, answer: (client: C) => Promise<T>): Promise<T> {
    if (!s.genericPlan || s.name === null || genericRefused) return answer(clients.plain);
    try {
      return await answer(clients.generic);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!message.includes('plan_cache_mode')) throw error;
      if (!genericRefused) console.warn(`PostgreSQL refused generic plans on a search connection: ${message}`);
      genericRefused = true;
      return answer(clients.plain);
    }
  }
  const sql = { plain, generic };
  // The values are the statement's own (strings, numbers, arrays), which postgres.js serializes;
  // its ParameterOrJSON type knows nothing of them.
  const send = (client: Sql, s: Statement) => client.unsafe(s.text, s.values as never[], { prepare: s.name !== null });
  const rawQuery: RawQuery = async <Row>(s: Statement) => [...await run(s, sql, (client) => send(client, s))] as Row[];
  const sqlCards: RawCards = async (s) => {
    // raw(): each row as its columns' wire bytes (Buffer), undecoded; the count is its text's digits.
    const [row] = await run(s, sql, (client) => send(client, s).raw()) as unknown as (Buffer | null)[][];
    const [count, json] = row ?? [];
    if (!count) return NO_CARDS;
    return { count: Number(count.toString('latin1')), json: json ?? null };
  };
  const rawCards: RawCards = cards ? (s) => run(s, cards, (runner) => runner(s)) : sqlCards;
  return { rawQuery, rawCards };
}
