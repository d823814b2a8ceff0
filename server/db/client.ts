import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DEFAULT_POOL_MAX } from '../config';
import postgres from 'postgres';
import { pgliteRaw, pipelineRaw, postgresRaw, type RawQuery, type RawCards } from './raw';
import { pipelineTarget, SearchPipeline } from './search-pipeline';
import * as schema from './schema';

export type Schema = typeof schema;
/** The same query API over the embedded PGlite and a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Fixed-text statements (server/db/raw.ts), the search's. On PostgreSQL they run on a few
   * pipelining connections of their own (searchClients), and one marked genericPlan on connections
   * that use generic plans (docs/decisions.md, "Generic plans for search pages").
   */
  rawQuery: RawQuery;
  /** A search page's count and cards as UTF-8 bytes (server/db/raw.ts), on the same connections as rawQuery. */
  rawCards: RawCards;
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Most PostgreSQL connections this process opens (DATABASE_POOL_MAX); ignored for PGlite. */
  poolMax?: number;
  /** Directory of the embedded database; null keeps it in memory. */
  pgliteDir: string | null;
}

/** Opens the database and applies pending migrations before anything else uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const max = options.poolMax ?? DEFAULT_POOL_MAX;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max });
    // An idle pooled connection the server ends (a restart, a failover, pg_terminate_backend: 57P01)
    // emits 'error' on the pool; unheard, that would crash the process. The pool drops that client
    // and opens a new one for the next query, so a warning is all it takes.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    const search = searchClients(options.databaseUrl, Math.min(max, SEARCH_CONNECTIONS));
    const close = async () => {
      await Promise.all([pool.end(), search.close()]);
    };
    const db = drizzlePg(pool, { schema });
    try {
      await migrateExclusively(pool);
    } catch (error) {
      await close().catch(() => {});
      throw error;
    }
    return { db, kind: 'postgres', ...search.raw, close };
  }
  // The embedded database's modules load only when it is the one opened: on PostgreSQL they would
  // be 5 MB of every server process's heap, which each full collection marks.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator'),
  ]);
  const release = options.pgliteDir ? lockPgliteDir(options.pgliteDir) : () => {};
  try {
    const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return { db, kind: 'pglite', ...pgliteRaw(client), close: async () => { await client.close(); release(); } };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Connections of each search client at most (fewer when DATABASE_POOL_MAX is lower). They pipeline,
 * so a few carry 64 concurrent searches: each write to a connection wakes a PostgreSQL backend, and
 * on a small machine those wake-ups, not the queries, were what a search cost most (bench/README.md,
 * "Session 8").
 */
const SEARCH_CONNECTIONS = 4;

/**
 * Statements in flight on one search connection at most; the rest wait in one queue for the first
 * connection with room. A deeper pipeline adds no throughput, and a statement queued behind a slow
 * one (a text search reading many rows) waits for it: at 100 (postgres.js's default) text searches
 * had a p95 half again as long (bench/README.md, "Session 8").
 */
const SEARCH_PIPELINE = 4;

/**
 * The generic-plan client's connections and pipeline: its statements are pages of a bounded cost
 * (at most their offset plus one page of index entries and 24 stored cards, 0.03–0.07 ms of
 * PostgreSQL's CPU for a first page since migration 0019), so a deeper queue on fewer backends
 * costs them little waiting, and carries more statements per write and per wake-up: cold pages
 * 7,464 → 8,743 req/s for a word, 7,257 → 7,778 unfiltered, in an alternating A/B against 4 × 4
 * (bench/README.md, "Session 17"). The plain client keeps 4 × 4: counts of text searches and
 * filtered pages vary in cost, and one behind another would wait.
 */
const GENERIC_CONNECTIONS = 2;
const GENERIC_PIPELINE = 16;

/**
 * The search's clients: `plain`, and `generic` for the statements marked genericPlan. Those have
 * one best plan whatever their values, yet PostgreSQL's own choice plans them again on every
 * run: the generic plan's estimate for `limit $1 offset $2` looks far dearer than a custom one,
 * and planning then costs more than running (0.3 of 0.4 ms). Their connections use the generic
 * plan from the first run (`plan_cache_mode`, a startup parameter of its own, so a URL's
 * `options` or PGOPTIONS does not replace it). The search's own protocol clients
 * (server/db/search-pipeline.ts), or postgres.js's for a URL they do not speak (TLS, a Unix
 * socket). Connections open on demand and close after 10 s idle; one the server ends is opened
 * again by the next statement.
 */
function searchClients(url: string, max: number): { raw: { rawQuery: RawQuery; rawCards: RawCards }; close: () => Promise<void> } {
  const plainSize = { connections: max, pipeline: SEARCH_PIPELINE };
  const genericSize = { connections: Math.min(max, GENERIC_CONNECTIONS), pipeline: GENERIC_PIPELINE };
  const generic = { plan_cache_mode: 'force_generic_plan' };
  const target = pipelineTarget(url);
  if (target) {
    const idleMs = IDLE_SECONDS * 1000;
    const plain = new SearchPipeline({ target, ...plainSize, idleMs });
    const genericPipeline = new SearchPipeline({ target, ...genericSize, idleMs, parameters: generic });
    return {
      raw: pipelineRaw(plain, genericPipeline),
      close: async () => {
        await Promise.all([plain.close(), genericPipeline.close()]);
      },
    };
  }
  // max_pipeline is postgres.js's (connection.js), missing from its types: passed in a variable.
  const plainOptions = { idle_timeout: IDLE_SECONDS, onnotice: () => {}, max: plainSize.connections, max_pipeline: plainSize.pipeline };
  const genericOptions = { ...plainOptions, max: genericSize.connections, max_pipeline: genericSize.pipeline, connection: generic };
  const plain = postgres(url, plainOptions);
  const genericSql = postgres(url, genericOptions);
  return {
    raw: postgresRaw(plain, genericSql),
    close: async () => {
      await Promise.all([plain.end({ timeout: 5 }), genericSql.end({ timeout: 5 })]);
    },
  };
}

/** A search connection idle this long is closed. */
const IDLE_SECONDS = 10;

/** The advisory lock every server process takes to migrate ("em:migrate" as a number). */
const MIGRATION_LOCK = 0x656d_6d69;

/**
 * Several processes starting at once on one PostgreSQL would each apply the pending migrations
 * (drizzle's migrator takes no lock): they queue on a session-level advisory lock instead, and
 * each after the first finds nothing left to do.
 */
async function migrateExclusively(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      // On the connection that holds the lock: a second one from the pool would wait forever with
      // DATABASE_POOL_MAX=1.
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The embedded database is one process's alone: two PGlite instances on one directory corrupt
 * it. A pid file refuses a second opener while the first is alive (a stale one is taken over).
 */
function lockPgliteDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = join(dir, '..', 'db.lock');
  let holder = NaN;
  try {
    holder = Number(readFileSync(lockFile, 'utf8'));
  } catch {
    // no lock yet
  }
  if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
    throw new Error(`The embedded database in ${dir} is in use by process ${holder} (is the server running?). Stop it first.`);
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

export const pgliteDirFor = (dataDir: string) => join(dataDir, 'db');
