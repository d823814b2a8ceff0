import { createBackoff, onReconnect } from './connection';

/**
 * Imports a chunk that work deferred past the first view needs (the sync engine, the device's
 * mirror), and keeps trying until it arrives: on a first visit no worker holds the chunks yet, and
 * a page that went offline before they arrived would otherwise never start that work. It tries
 * again each time the connection comes back and, if that try fails too (the `online` event can come
 * before the network carries requests: a phone's Wi-Fi associated but not yet routed, or a
 * browser's emulation switched in two steps), after the shared backoff, 1 s doubling to 30 s.
 * Chromium (150) keeps a module's failed fetch for the page's life: there every retry fails at once
 * without a request, so what must not be lost (a signed-in user's sync engine, src/main.tsx) is
 * not left to a retry. A browser that fetches the module again is helped by it.
 */
export function importWhenPossible<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve) => {
    let done = false;
    let off: (() => void) | null = null;
    const attempt = () => {
      load().then((module) => {
        if (done) return;
        done = true;
        off?.();
        backoff.cancel();
        resolve(module);
      }, () => {
        if (done) return;
        // Heard from now on: a reconnect tries at once instead of waiting out the backoff.
        off ??= onReconnect(() => {
          backoff.cancel();
          attempt();
        });
        // Offline, no timer runs: the reconnect above tries.
        backoff.failed();
      });
    };
    const backoff = createBackoff(attempt);
    attempt();
  });
}
