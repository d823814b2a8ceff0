import { dataWhenAllowed } from '../db/live';

/**
 * The pulls (sync/pull, in the data chunk with Dexie) once the mirror may load: a screen's pull on
 * mount goes through this, so on the first view of a server-rendered page, which shows the
 * embedded data, it runs (and stores what the page shows) after that view instead of during it.
 */
export const pullsWhenAllowed = () => dataWhenAllowed().then(() => import('./pull'));
