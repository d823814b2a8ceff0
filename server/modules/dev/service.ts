import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema';

export interface OutboxMessage { to: string; subject: string; text: string; createdAt: Date }

/** The local outbox: mail and WhatsApp messages kept in the database while no outside provider is set. */
export function outboxService(db: Db) {
  return {
    /** The newest 200, newest first. */
    latest: (): Promise<OutboxMessage[]> => db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(200),
  };
}
