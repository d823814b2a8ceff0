/**
 * Pulls that callers asking while one runs share, one per key (`joined`). At start-up several
 * parts ask for the same data moments apart: the home page's categories and the sync engine's
 * start both pull the taxonomy (the same four requests and Dexie writes twice on a first visit,
 * bench/README.md "Session 26"); the listings and chats entities both need the user's companies.
 * `fresh` starts a pull regardless, for a caller that has just written to the server (a pull
 * already running may have been answered before that write), and is then the one later callers share.
 */
export function sharedPulls<K, T>(pull: (key: K) => Promise<T>): { joined: (key: K) => Promise<T>; fresh: (key: K) => Promise<T> } {
  const inFlight = new Map<K, Promise<T>>();
  const fresh = (key: K): Promise<T> => {
    const run: Promise<T> = pull(key).finally(() => {
      if (inFlight.get(key) === run) inFlight.delete(key);
    });
    inFlight.set(key, run);
    return run;
  };
  return { joined: (key) => inFlight.get(key) ?? fresh(key), fresh };
}
