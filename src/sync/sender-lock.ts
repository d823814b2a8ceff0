import { db } from '../db/database';

/** Runs `fn` while holding the one cross-tab sender lock; waits for it when another tab holds it. */
export type SenderLock = <T>(fn: () => Promise<T>) => Promise<T>;

const LOCK_NAME = 'eventmarket-outbox-sender';

/** The Web Locks API: the browser releases the lock when the holding tab closes or crashes. */
export function webLock(): SenderLock | null {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return null;
  return (fn) => locks.request(LOCK_NAME, () => fn());
}

export interface LeaseOptions {
  /** This tab's id. */
  owner: string;
  /** A lease not renewed for this long is free again (its tab died). */
  leaseMs?: number;
  /** How often a waiting tab looks again when no release message arrives. */
  pollMs?: number;
}

/**
 * Fallback without Web Locks: a lease row in Dexie, taken and renewed in IndexedDB transactions
 * (which the browser serialises across tabs), and a BroadcastChannel that wakes waiting tabs when
 * it is released.
 */
export function leaseLock({ owner, leaseMs = 10_000, pollMs = 250 }: LeaseOptions): SenderLock {
  const key = `lock.${LOCK_NAME}`;
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(LOCK_NAME) : null;

  const tryTake = () => db.transaction('rw', db.meta, async () => {
    const lease = (await db.meta.get(key))?.value as { owner: string; until: number } | undefined;
    if (lease && lease.owner !== owner && lease.until > Date.now()) return false;
    await db.meta.put({ key, value: { owner, until: Date.now() + leaseMs } });
    return true;
  });

  const waitForRelease = () => new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      channel?.removeEventListener('message', done);
      resolve();
    };
    const timer = setTimeout(done, pollMs);
    channel?.addEventListener('message', done);
  });

  return async (fn) => {
    while (!(await tryTake())) await waitForRelease();
    const renew = setInterval(() => {
      void db.meta.put({ key, value: { owner, until: Date.now() + leaseMs } });
    }, leaseMs / 2);
    try {
      return await fn();
    } finally {
      clearInterval(renew);
      await db.transaction('rw', db.meta, async () => {
        const lease = (await db.meta.get(key))?.value as { owner: string } | undefined;
        if (lease?.owner === owner) await db.meta.delete(key);
      });
      channel?.postMessage('released');
    }
  };
}

/** Web Locks where the browser has them, else the lease. */
export const senderLock = (owner: string): SenderLock => webLock() ?? leaseLock({ owner });
