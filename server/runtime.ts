import { join } from 'node:path';
import type { Config } from './config';
import { openDatabase, pgliteDirFor, type Database } from './db/client';
import type { AppDeps } from './deps';
import { diskFileStore } from './platform/file-store';
import { postgresProcessBus } from './platform/process-bus';
import { outboxMailer, smtpMailer } from './platform/mail';
import { cloudApiWhatsApp, outboxWhatsApp } from './platform/whatsapp';

/**
 * Opens the database (running migrations) and picks each outside-world provider from the config.
 * With PostgreSQL the process bus (chat fan-out, catalogue bumps, ended sessions) goes through
 * LISTEN/NOTIFY, so every process hears every other; the caller closes `deps.processBus` after
 * the app (main.ts). With S3_URL uploaded files live in the bucket, which every process shares.
 */
export async function createRuntime(config: Config): Promise<{ deps: AppDeps; database: Database }> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolMax: config.databasePoolMax,
    pgliteDir: config.inMemoryDatabase ? null : pgliteDirFor(config.dataDir),
  });
  const { db } = database;
  const deps: AppDeps = {
    config,
    db,
    databaseKind: database.kind,
    rawQuery: database.rawQuery,
    rawCards: database.rawCards,
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(db),
    whatsApp: config.whatsAppApiUrl ? cloudApiWhatsApp(config.whatsAppApiUrl, config.whatsAppToken) : outboxWhatsApp(db),
    // The S3 client's modules load only with S3_URL set (3 MB of heap a process otherwise).
    fileStore: config.s3 ? (await import('./platform/s3-file-store')).s3FileStore(config.s3) : diskFileStore(join(config.dataDir, 'files')),
    clock: () => new Date(),
    ...(config.databaseUrl ? { processBus: await postgresProcessBus(config.databaseUrl) } : {}),
  };
  return { deps, database };
}
