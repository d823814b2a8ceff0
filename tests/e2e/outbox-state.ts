import type { Page } from 'playwright-core';

/**
 * What a tab knows about its write queue, for a failure message: `navigator.onLine`, the Web Locks
 * it holds or waits for, and each outbox entry (state, attempts, last error). Read with the raw
 * IndexedDB API, so it works whatever the app's modules are doing.
 */
export async function describeOutbox(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const locks = await navigator.locks?.query().catch(() => null);
    const entries = await new Promise<unknown[]>((resolve) => {
      const open = indexedDB.open('eventmarket');
      open.onerror = () => resolve([`open failed: ${String(open.error)}`]);
      open.onsuccess = () => {
        const database = open.result;
        try {
          const all = database.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            resolve((all.result as { kind: string; state: string; attempts: number; lastError?: string }[])
              .map(({ kind, state, attempts, lastError }) => ({ kind, state, attempts, lastError })));
            database.close();
          };
          all.onerror = () => resolve([`read failed: ${String(all.error)}`]);
        } catch (error) {
          resolve([`no outbox: ${String(error)}`]);
        }
      };
    });
    return JSON.stringify({
      url: location.pathname,
      onLine: navigator.onLine,
      held: locks?.held?.map((l) => l.name),
      pending: locks?.pending?.map((l) => l.name),
      entries,
    });
  }).catch((error: unknown) => `(could not read the tab: ${String(error)})`);
}

/** Runs a wait; if it fails, its error says what each tab's queue looked like at that moment. */
export async function explainingQueue<T>(pages: Page[], wait: () => Promise<T>): Promise<T> {
  try {
    return await wait();
  } catch (error) {
    const states = await Promise.all(pages.map(describeOutbox));
    if (error instanceof Error) error.message += `\nqueue per tab:\n${states.join('\n')}`;
    throw error;
  }
}
