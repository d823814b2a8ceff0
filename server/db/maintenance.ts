import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * VACUUM ANALYZE of the whole database: fresh planner statistics, and the visibility map that
 * index-only scans need (listing_words' counts and word merges: docs/operations.md). PostgreSQL's
 * autovacuum does this by itself; the embedded PGlite has none, so after a bulk load it is run by
 * hand (`npm run db:vacuum`, server stopped) or by `npm run seed:bench`.
 */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.execute(sql`VACUUM ANALYZE`);
}
