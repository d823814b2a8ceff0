import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import type { SearchPipeline } from './search-pipeline';

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

/** A page of no cards. */
export const NO_CARDS: CardRun = { count: 0, json: null };

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

/**
 * Runs a statement marked genericPlan on the generic connections, any other on the plain ones. If
 * the generic connections are refused for their plan_cache_mode parameter (a pooler such as
 * PgBouncer knows only a few startup parameters), those statements run on the plain ones from
 * then on, with a warning.
 */
function genericOrPlain<C>(clients: { plain: C; generic: C }) {
  let genericRefused = false;
  return async function run<T>(s: Statement, answer: (client: C) => Promise<T>): Promise<T> {
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
  };
}

/**
 * The raw runners over the search's own protocol clients (server/db/search-pipeline.ts), which
 * pipeline: the statements of a turn go out in one write a connection and come back in one read
 * (node-postgres sends the next only after the last one's answer).
 */
export function pipelineRaw(plain: SearchPipeline, generic: SearchPipeline): { rawQuery: RawQuery; rawCards: RawCards } {
  const run = genericOrPlain({ plain, generic });
  return {
    rawQuery: <Row>(s: Statement) => run(s, (client) => client.rows<Row>(s)),
    rawCards: (s) => run(s, (client) => client.cards(s)),
  };
}

/** The same runners over postgres.js clients, for a DATABASE_URL the search's own client does not speak (TLS, a Unix socket). */
export function postgresRaw(plain: Sql, generic: Sql): { rawQuery: RawQuery; rawCards: RawCards } {
  const run = genericOrPlain({ plain, generic });
  // The values are the statement's own (strings, numbers, arrays), which postgres.js serializes;
  // its ParameterOrJSON type knows nothing of them.
  const send = (client: Sql, s: Statement) => client.unsafe(s.text, s.values as never[], { prepare: s.name !== null });
  const rawQuery: RawQuery = async <Row>(s: Statement) => [...await run(s, (client) => send(client, s))] as Row[];
  const rawCards: RawCards = async (s) => {
    // raw(): each row as its columns' wire bytes (Buffer), undecoded; the count is its text's digits.
    const [row] = await run(s, (client) => send(client, s).raw()) as unknown as (Buffer | null)[][];
    const [count, json] = row ?? [];
    if (!count) return NO_CARDS;
    return { count: Number(count.toString('latin1')), json: json ?? null };
  };
  return { rawQuery, rawCards };
}
