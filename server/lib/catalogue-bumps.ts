import { randomUUID } from 'node:crypto';
import { catalogueBumpedElsewhere, onCatalogueBump } from '../modules/listings/search-cache';
import type { ProcessBus } from '../platform/process-bus';

export interface CatalogueBumpSharing {
  /** Resolves once every bump announced so far has been sent (an answer waits for its write's). */
  flush(): Promise<void>;
  stop(): void;
}

/**
 * Tells the other server processes of every catalogue bump in this one, and empties this
 * process's search caches on theirs, over the process bus's `catalogue_bumped` channel. The
 * payload is this sharer's id, so a process does not empty its caches twice for its own bump. A
 * gap in the bus (lost LISTEN connection) empties the caches too: a bump may have been missed.
 */
export function shareCatalogueBumps(bus: ProcessBus, onError: (error: unknown) => void): CatalogueBumpSharing {
  const self = randomUUID();
  const sending = new Set<Promise<void>>();
  const removeHook = onCatalogueBump(() => {
    const sent = bus.publish('catalogue_bumped', self).catch(onError).finally(() => sending.delete(sent));
    sending.add(sent);
  });
  const unsubscribe = bus.subscribe('catalogue_bumped', (payload) => {
    if (payload !== self) catalogueBumpedElsewhere();
  });
  const removeGap = bus.onGap(catalogueBumpedElsewhere);
  return {
    async flush() {
      if (sending.size > 0) await Promise.all([...sending]);
    },
    stop() {
      removeHook();
      unsubscribe();
      removeGap();
    },
  };
}
