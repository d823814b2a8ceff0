import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredLocalFile } from './database';

/** An image kept on this device until uploaded (`localFiles`); null when there is none (or no id). */
export const useLocalFile = (id: string | null | undefined) =>
  useLiveQuery(async (): Promise<StoredLocalFile | null> => (id ? (await db.localFiles.get(id)) ?? null : null), [id]);
