import { useSnapshot } from 'valtio';
import { useFavoriteIds } from '../db/hooks';
import { session } from '../state/session';

/** The signed-in user's favourite listing ids (empty when anonymous), live from Dexie. One read for a whole grid. */
export function useMyFavoriteIds(): ReadonlySet<string> {
  const { user } = useSnapshot(session);
  return useFavoriteIds(user?.id) ?? EMPTY;
}

const EMPTY: ReadonlySet<string> = new Set();
