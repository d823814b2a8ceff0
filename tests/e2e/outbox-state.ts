import type { Page } from 'playwright-core';
import { storedRows } from './idb';

/**
 * What a tab knows about its write queue, for a failure message: `navigator.onLine`, the Web Locks
 * it holds or waits for, and each outbox entry (state, attempts, last error). Read with the raw
 * IndexedDB API, so it works whatever the app's modules are doing.
 */
export async function describeOutbox(page: Page): Promise<string> {
  const stored = await storedRows<{ kind: string; state: string; attempts: number; lastError?: string }>(page, 'outbox')
    .catch((error: unknown) => ({ why: `(could not read the tab: ${String(error)})` }));
  const entries = 'why' in stored ? [stored.why] : stored.rows.map(({ kind, state, attempts, lastError }) => ({ kind, state, attempts, lastError }));
  // Only what the page alone knows is read in it; the entries were read above and join here.
  const tab = await page.evaluate(async () => {
    const locks = await navigator.locks?.query().catch(() => null);
    return {
      url: location.pathname,
      onLine: navigator.onLine,
      held: locks?.held?.map((l) => l.name),
      pending: locks?.pending?.map((l) => l.name),
    };
  }).catch((error: unknown) => `(could not read the tab: ${String(error)})`);
  return typeof tab === 'string' ? tab : JSON.stringify({ ...tab, entries });
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
