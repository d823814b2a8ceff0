import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';
import { postgresProcessBus } from '../../../server/platform/process-bus';
import { outboxMessages } from '../../../server/db/schema';
import type { AppDeps } from '../../../server/deps';
import { diskFileStore, type FileStore } from '../../../server/platform/file-store';
import { outboxMailer } from '../../../server/platform/mail';
import { outboxWhatsApp } from '../../../server/platform/whatsapp';

/**
 * A fresh database for one test file: PGlite in memory, or (with TEST_DATABASE_URL) a new
 * database on that PostgreSQL server, dropped again on close.
 */
async function freshDatabase(): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return { database: await openDatabase({ databaseUrl: null, pgliteDir: null }), url: null, drop: async () => {} };
  }
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** The PostgreSQL database of this app (TEST_DATABASE_URL), null on PGlite. */
  databaseUrl: string | null;
  deps: AppDeps;
  config: Config;
  /** Every route the app added, as Fastify's onRoute hook saw it (full url, route-level hooks). */
  routes: readonly RouteOptions[];
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  /** Messages in the local outbox, newest first. */
  outbox(): Promise<(typeof outboxMessages.$inferSelect)[]>;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Another app on the same PostgreSQL database, as a second server process would be (only with
   * TEST_DATABASE_URL); the first app drops the database when it closes, so close this one first.
   */
  sameDatabaseAs?: TestApp;
  /** Instead of a disk store in the temporary DATA_DIR. */
  fileStore?: FileStore;
}

export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'em-server-test-'));
  const base = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent' });
  const config: Config = {
    ...base,
    inMemoryDatabase: true,
    publicUrl: 'http://app.test',
    staticDir: null,
    ssrDir: null,
    // Generous by default so ordinary tests never trip them; rate-limit tests pass their own.
    rateLimits: {
      login: { max: 1000, windowMs: 60_000 },
      register: { max: 1000, windowMs: 60_000 },
      forgotPassword: { max: 1000, windowMs: 60_000 },
      existsCheck: { max: 1000, windowMs: 60_000 },
      phoneCode: { max: 1000, windowMs: 60_000 },
      statistics: { max: 1000, windowMs: 60_000 },
      checkout: { max: 1000, windowMs: 60_000 },
    },
    ...overrides,
  };
  const shared = options.sameDatabaseAs?.databaseUrl;
  if (options.sameDatabaseAs && !shared) throw new Error('sameDatabaseAs needs TEST_DATABASE_URL: PGlite is one process\'s');
  const { database, url, drop } = shared
    ? { database: await openDatabase({ databaseUrl: shared, pgliteDir: null }), url: shared, drop: async () => {} }
    : await freshDatabase();
  // On PostgreSQL the process bus (chat, catalogue bumps, ended sessions) is LISTEN/NOTIFY, as in production.
  const processBus = url ? await postgresProcessBus(url) : undefined;
  let offset = 0;
  const deps: AppDeps = {
    config,
    db: database.db,
    databaseKind: database.kind,
    rawQuery: database.rawQuery,
    rawCards: database.rawCards,
    mailer: outboxMailer(database.db),
    whatsApp: outboxWhatsApp(database.db),
    fileStore: options.fileStore ?? diskFileStore(join(dataDir, 'files')),
    clock: () => new Date(Date.now() + offset),
    ...(processBus ? { processBus } : {}),
  };
  const routes: RouteOptions[] = [];
  const app = await buildApp(deps, { onRoute: (route) => { routes.push(route); } });
  await app.ready();
  return {
    app,
    databaseUrl: url,
    deps,
    config,
    routes,
    advance: (ms) => { offset += ms; },
    outbox: () => database.db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)),
    request: ({ token, ...options }) =>
      app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    close: async () => {
      await app.close();
      await processBus?.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Passed as the token for an anonymous call (undefined means the caller's default token). */
export const ANON = '';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A `call(method, url, payload?, token?, headers?)` under /api for a test file whose app and
 * default token are set in beforeAll (hence the getters).
 */
export function apiCaller(app: () => TestApp, defaultToken: () => string | undefined) {
  return (method: Method, url: string, payload?: unknown, token: string | undefined = defaultToken(), headers: Record<string, string> = {}) =>
    app().request({ method, url: `/api${url}`, token, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}
