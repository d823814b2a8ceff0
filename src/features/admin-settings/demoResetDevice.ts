import { db, SHARED_TABLES, type SharedTableName } from '../../db/database';
import { MetaKeys } from '../../db/meta';
import { session } from '../../state/session';
import { clearUserData } from '../../sync/user-data';

/**
 * After a demo reset every row this device mirrors may name data the server no longer has (the
 * catalogue, regions, listings and companies, the search pages, the admin's favourites and
 * companies). Rather than pulling each piece again while screens hold the old ones in memory, the
 * copy is dropped and the page reloads: every screen then pulls what it shows, as on a first visit.
 * The outbox is kept (writes not yet sent; the server answers them), and so is the session.
 */

/** The mirrored public tables: everything shared but the outbox and the sync layer's own keys. */
const MIRRORED_TABLES = SHARED_TABLES.filter(
  (table): table is Exclude<SharedTableName, 'outbox' | 'meta'> => table !== 'outbox' && table !== 'meta',
);

/** Drops the device's copy of the server's data (the public tables and this user's mirrored rows). */
export async function forgetMirroredData(): Promise<void> {
  await db.transaction('rw', [...MIRRORED_TABLES.map((table) => db.table(table)), db.meta], async () => {
    await Promise.all(MIRRORED_TABLES.map((table) => db.table(table).clear()));
    // The manifest's ETag would answer 304 for the file list just cleared.
    await db.meta.delete(MetaKeys.manifestEtag);
  });
  await clearUserData(session.user?.id ?? null);
}

/** How long the result stays on screen before the reload. */
export const RELOAD_AFTER_RESET_MS = 3000;

/** The reload, in one place a test can watch (a real one would end the run). */
export const pageReload = {
  reload: (): void => window.location.reload(),
};
