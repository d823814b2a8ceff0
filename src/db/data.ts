/**
 * The local mirror as one lazily loaded module (src/db/live.ts loads it): Dexie, the tables and the
 * queries the live hooks read. Nothing the first view of a server-rendered page needs imports it
 * statically; its writes (sync/pull, sync/outbox) are imported dynamically once this has loaded.
 */
export { liveQuery } from 'dexie';
export { db } from './database';
export * from './queries';
