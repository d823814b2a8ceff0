import type { FileManifestEntry } from '../domain/user';

/**
 * The page's side of the service worker conversation. Hands the file manifest to the service worker, which keys cached images by content hash and
 * answers 404 for ids it does not list. The sync layer calls this after each successful pull.
 */
let last: FileManifestEntry[] | null = null;
let sent = false;
let listening = false;

function post(entries: FileManifestEntry[]): void {
  const controller = navigator.serviceWorker?.controller;
  if (!controller) return;
  controller.postMessage({ type: 'FILES_MANIFEST', entries });
  sent = true;
}

/**
 * `changed` false (a 304) sends only if this page has not sent one yet. A new controller (first
 * install, an update) gets the last manifest again.
 */
export function sendManifestToWorker(entries: FileManifestEntry[], changed = true): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  last = entries;
  if (!listening) {
    listening = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (last) post(last);
    });
  }
  if (changed || !sent) post(entries);
}

/** Pulls the manifest now (after an upload or a removal) and hands it over; failures are ignored. */
export async function refreshManifestNow(): Promise<void> {
  try {
    const { pullManifest } = await import('./pull');
    const { entries } = await pullManifest();
    sendManifestToWorker(entries);
  } catch {
    // Offline or failing: the 30 s poll catches up.
  }
}

/** The Background Sync tag the worker answers by asking open pages to replay the outbox. */
export const OUTBOX_SYNC_TAG = 'outbox-replay';

/**
 * Asks the browser for a Background Sync (where it has one): when connectivity returns, the
 * worker wakes and tells open pages to replay, even if this one has no `online` event in time.
 */
export async function requestBackgroundReplay(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (Firefox, Safari) or no permission: online/focus/backoff triggers remain.
  }
}

/** Runs `fn` when the worker asks this page to replay (its Background Sync fired). */
export function onWorkerReplayRequest(fn: () => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  const listener = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'REPLAY_OUTBOX') fn();
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
