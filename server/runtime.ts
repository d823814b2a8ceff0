import { join } from 'node:path';
import type { Config } from './config';
import { openDatabase, pgliteDirFor, type Database } from './db/client';
import type { AppDeps } from './deps';
import { postgresChatBus } from './platform/chat-bus';
import { diskFileStore } from './platform/file-store';
import { outboxMailer, smtpMailer } from './platform/mail';
import { cloudApiWhatsApp, outboxWhatsApp } from './platform/whatsapp';

/**
 * Opens the database (running migrations) and picks each outside-world provider from the config.
 * With PostgreSQL the chat fan-out goes through LISTEN/NOTIFY, so every process's hub hears every
 * message; the caller closes `deps.chatBus` after the app (main.ts).
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
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(db),
    whatsApp: config.whatsAppApiUrl ? cloudApiWhatsApp(config.whatsAppApiUrl, config.whatsAppToken) : outboxWhatsApp(db),
    fileStore: diskFileStore(join(config.dataDir, 'files')),
    clock: () => new Date(),
    ...(config.databaseUrl ? { chatBus: await postgresChatBus(config.databaseUrl) } : {}),
  };
  return { deps, database };
}
