import type { Db } from '../../db/client';
import { listingEvents } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { listingExists } from '../listings/service';
import type { RecordBody } from './schemas';

/** Interaction events for a listing's statistics; the dashboards read them later. */
export function statisticsService(db: Db, clock: () => Date) {
  return {
    /** Records one event; `userId` comes from the access token (null without a login), never from the body. */
    async record(body: RecordBody, userId: string | null): Promise<void> {
      if (!(await listingExists(db, body.listingId, false))) throw notFound('Listing not found');
      const meta = Object.fromEntries(Object.entries(body.metadata ?? {}).filter(([, v]) => v !== undefined && v !== null));
      await db.insert(listingEvents).values({
        listingId: body.listingId,
        eventType: body.eventType,
        userId,
        metadata: meta,
        createdAt: clock(),
      });
    },
  };
}
