import { getMeta, setMeta } from '../db/meta';

const ASKED = 'storage.persistAsked';

/**
 * Asks the browser once to keep this site's storage under pressure (ARCHITECTURE §4), when the
 * user first has something worth keeping offline (a favourite, a draft). Returns whether storage
 * is persistent.
 */
export async function askPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return false;
  if (await storage.persisted?.()) return true;
  if (await getMeta<boolean>(ASKED)) return false;
  await setMeta(ASKED, true);
  return storage.persist().catch(() => false);
}
