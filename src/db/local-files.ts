import type { StoredLocalFile } from './database';
import { useLive } from './live';

/** An image kept on this device until uploaded (`localFiles`); null when there is none (or no id). */
export const useLocalFile = (id: string | null | undefined) =>
  useLive(async ({ db }): Promise<StoredLocalFile | null> => (id ? (await db.localFiles.get(id)) ?? null : null), [id]);
