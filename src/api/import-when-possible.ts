import { onReconnect } from './connection';

/**
 * Imports a chunk that work deferred past the first view needs, trying again each time the
 * connection comes back: on a first visit no worker holds the chunks yet, and a page that went
 * offline before they arrived would otherwise never start that work (the browser fetches a module
 * that failed to load again on the next import).
 */
export function importWhenPossible<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(() => new Promise<T>((resolve) => {
    const off = onReconnect(() => {
      off();
      resolve(importWhenPossible(load));
    });
  }));
}
