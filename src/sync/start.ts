import { createBackoff, isOffline, onReconnect } from '../api/connection';
import { ApiError } from '../api/http';
import { MANIFEST_POLL_MS } from '../domain/constants';
import { onWriteQueued } from './outbox';
import { pullUserEntities, reconcileUserEntities } from './entities/registry';
import { pullManifest, pullRegions, pullTaxonomy } from './pull';
import { createReplayer, type Replayer } from './replay';
import { senderLock, type SenderLock } from './sender-lock';
import { onWorkerReplayRequest, requestBackgroundReplay, sendManifestToWorker } from './worker-bridge';

/** A window focus pulls again at most this often. */
export const FOCUS_PULL_THROTTLE_MS = 30_000;

export interface SyncOptions {
  /** The signed-in user's id, read at each pull (their entities are pulled too); sync/ never imports state/. */
  getUserId?: () => string | null;
  /** Where `online` and `focus` are heard (tests pass their own EventTarget). */
  target?: EventTarget;
  /** Called with each pull's failure (offline is normal; the stored data stays). */
  onError?: (error: unknown) => void;
  /** The cross-tab sender lock of the write queue (tests pass their own). */
  lock?: SenderLock;
}

/**
 * Pulls the shared data (taxonomy, regions, file manifest, and the user's entities of the registry) now, on
 * `online`, when the server answers again after being unreachable, and on focus (throttled), and
 * polls the manifest every MANIFEST_POLL_MS. A pull that could not reach the server is tried again
 * with the shared backoff (1 s → 30 s, jittered), never while the browser is offline, and the
 * manifest poll pauses meanwhile. Returns stop (with `settled()`).
 */
export interface SyncHandle {
  (): void;
  /** Resolves when no pull is running (tests, and callers that want fresh data before going on). */
  settled(): Promise<void>;
  /** The write queue's sender: `replayer.run()` sends what is queued now. */
  replayer: Replayer;
}

/** After the queue drains: the user's entities are pulled and merged (reconcile). */
const reconcile = (userId: string) => reconcileUserEntities(userId).then(() => undefined);

/** Worth trying again later: no answer, a server error, a timeout or throttling (not a 4xx such as a logged-out 401). */
const transient = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429);

/** The file manifest, handed to the service worker after each successful pull (its image cache keys). */
const pullManifestToWorker = () => pullManifest().then(({ entries, changed }) => sendManifestToWorker(entries, changed));

export function startSync({
  getUserId = () => null, target = window, onError = () => {}, lock = senderLock(crypto.randomUUID()),
}: SyncOptions = {}): SyncHandle {
  const replayer = createReplayer({ getUserId, lock, onDrained: reconcile });
  const replay = () => void replayer.run();
  let lastPull = 0;
  let running: Promise<void> | null = null;
  let again = false;
  // A retry first probes with one request (the manifest, with its ETag: usually a 304), so a server
  // that is down costs one failed request per try, not one per pulled table; if it answers, the
  // full pull follows.
  const pullBackoff = createBackoff(() => {
    if (running) return;
    pullManifestToWorker().then(() => {
      // The answer may have set off the reconnect pull already.
      if (!running) void pullAll();
    }, (error: unknown) => {
      if (transient(error)) pullBackoff.failed();
      else void pullAll();
    });
  });

  const pullOnce = async (): Promise<void> => {
    lastPull = Date.now();
    pullBackoff.cancel();
    const userId = getUserId();
    const results = await Promise.allSettled([
      pullTaxonomy(),
      pullRegions(),
      pullManifestToWorker(),
      ...(userId ? pullUserEntities(userId) : []),
    ]);
    let retry = false;
    for (const r of results) {
      if (r.status !== 'rejected') continue;
      onError(r.reason);
      retry ||= transient(r.reason);
    }
    if (retry) pullBackoff.failed();
    else pullBackoff.succeeded();
  };

  /** One pull at a time; a trigger during a pull (e.g. `online` while an offline pull fails) runs one more after it. */
  const pullAll = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pullOnce();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  // Replay first: pulls hold back entities with queued writes, and the drain reconciles them.
  const onOnline = () => {
    replay();
    void pullAll();
  };
  const onFocus = () => {
    replay();
    if (Date.now() - lastPull >= FOCUS_PULL_THROTTLE_MS) void pullAll();
  };
  const offQueued = onWriteQueued(() => {
    replay();
    void requestBackgroundReplay();
  });
  const offWorker = onWorkerReplayRequest(replay);
  // The server answers again after requests could not reach it (the browser's `online` is heard
  // on `target` above): send what waits, and pull again if the last pull failed.
  const offReconnect = onReconnect((reason) => {
    if (reason !== 'server') return;
    replay();
    // A pull running now is what heard the server: it needs no second one.
    if (pullBackoff.failures > 0 && !running) void pullAll();
  });
  const poll = setInterval(() => {
    // Offline or backing off after a failed pull: the retry or the reconnect pulls the manifest too.
    if (isOffline() || pullBackoff.failures > 0) return;
    pullManifestToWorker().catch(onError);
  }, MANIFEST_POLL_MS);

  target.addEventListener('online', onOnline);
  target.addEventListener('focus', onFocus);
  replay();
  void pullAll();

  const stop = () => {
    clearInterval(poll);
    target.removeEventListener('online', onOnline);
    target.removeEventListener('focus', onFocus);
    offQueued();
    offWorker();
    offReconnect();
    pullBackoff.cancel();
    replayer.stop();
  };
  return Object.assign(stop, { settled: () => running ?? Promise.resolve(), replayer });
}
