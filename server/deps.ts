import type { Config } from './config';
import type { Db } from './db/client';
import type { RawCards, RawQuery } from './db/raw';
import type { ChatBus } from './platform/chat-bus';
import type { FileStore } from './platform/file-store';
import type { ProcessBus } from './platform/process-bus';
import type { Mailer } from './platform/mail';
import type { WhatsAppSender } from './platform/whatsapp';

/** Everything a route module needs from the outside world; tests build their own. */
export interface AppDeps {
  config: Config;
  db: Db;
  /** Which database `db` is: the demo-data reset runs on the embedded one only. */
  databaseKind: 'pglite' | 'postgres';
  /** Fixed-text statements over `db`: Database.rawQuery, which routes generic-plan statements to their own connections. */
  rawQuery: RawQuery;
  /** A search page's count and cards as UTF-8 bytes, on the same connections: Database.rawCards. */
  rawCards: RawCards;
  mailer: Mailer;
  whatsApp: WhatsAppSender;
  fileStore: FileStore;
  /**
   * What every server process must hear (chat messages, catalogue writes, ended sessions):
   * LISTEN/NOTIFY with DATABASE_URL; in-process when absent. Its maker closes it.
   */
  processBus?: ProcessBus;
  /** The chat fan-out; by default the process bus's chat channel (tests pass their own). */
  chatBus?: ChatBus;
  /** The current time; tests move it forward to cross waiting periods. */
  clock: () => Date;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}
