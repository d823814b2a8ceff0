import { dataWhenAllowed } from '../db/live';

/** The pulls module (sync/pull, in the data chunk with Dexie). */
export type Pulls = typeof import('./pull');

/**
 * The pulls (sync/pull, in the data chunk with Dexie) once the mirror may load: a screen's pull on
 * mount goes through this, so on the first view of a server-rendered page, which shows the
 * embedded data, it runs (and stores what the page shows) after that view instead of during it.
 */
export const pullsWhenAllowed = (): Promise<Pulls> => dataWhenAllowed().then(() => import('./pull'));

/** A pull not sent: the screen that asked for it had moved on by the time the mirror could load. */
export class PullNotNeeded extends Error {
  constructor() {
    super('The pull is no longer needed');
    this.name = 'PullNotNeeded';
  }
}

/**
 * One pull once the mirror may load (pullsWhenAllowed), for usePulled: `isCurrent` (usePulled's
 * second argument) says whether the screen still wants it then. A screen left, or a key changed,
 * during the first view of a server-rendered page does not send its pull (it rejects with
 * PullNotNeeded, which usePulled ignores as the outcome of a key no longer current).
 */
export function pullWhenAllowed<T>(isCurrent: () => boolean, pull: (pulls: Pulls) => Promise<T>): Promise<T> {
  return pullsWhenAllowed().then((pulls) => {
    if (!isCurrent()) throw new PullNotNeeded();
    return pull(pulls);
  });
}
