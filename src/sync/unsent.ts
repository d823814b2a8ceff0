import { db } from '../db/database';

/** How many of the user's changes are still in the outbox (waiting, failed or in conflict). */
export const unsentCount = (userId: string) => db.outbox.where('userId').equals(userId).count();
