import type { Page } from 'playwright-core';

type Read = { kind: 'count' } | { kind: 'all' } | { kind: 'has'; key: string };
type Answer = { ok: true; value: unknown } | { ok: false; why: string };

/**
 * Reads one store of the app's IndexedDB from inside the page with the raw API, whatever the
 * app's modules are doing. The connection is closed as soon as the read is done and the probe
 * never creates the database: an open connection, or an empty database of version 1 created
 * before the app's first open, blocks the app's own open (its upgrade waits for every other
 * connection to close; a relaunch test once waited 57 s on that).
 */
function readStore(page: Page, table: string, read: Read): Promise<Answer> {
  return page.evaluate(([name, what]) => new Promise<Answer>((resolve) => {
    const open = indexedDB.open('eventmarket');
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve({ ok: false, why: `no database (${String(open.error)})` });
    open.onsuccess = () => {
      const db = open.result;
      const done = (answer: Answer) => {
        db.close();
        resolve(answer);
      };
      if (!db.objectStoreNames.contains(name)) return done({ ok: false, why: `no store ${name}` });
      try {
        const store = db.transaction(name).objectStore(name);
        const request: IDBRequest = what.kind === 'count' ? store.count() : what.kind === 'all' ? store.getAll() : store.getKey(what.key);
        request.onsuccess = () => done({ ok: true, value: what.kind === 'has' ? request.result !== undefined : request.result });
        request.onerror = () => done({ ok: false, why: `read failed (${String(request.error)})` });
      } catch (error) {
        // The app closing or upgrading its database in this moment: an answer, not a hung evaluate.
        done({ ok: false, why: `read failed (${String(error)})` });
      }
    };
  }), [table, read] as const);
}

/** Rows in `table`; 0 while the app has not created the database or the store. */
export async function storedCount(page: Page, table: string): Promise<number> {
  const answer = await readStore(page, table, { kind: 'count' });
  return answer.ok ? (answer.value as number) : 0;
}

/** Whether `table` holds the row `key`; false while the database or the store is not there. */
export async function storedHas(page: Page, table: string, key: string): Promise<boolean> {
  const answer = await readStore(page, table, { kind: 'has', key });
  return answer.ok && answer.value === true;
}

/** Every row of `table`, or why there are none to read (no database, no store, a failed read). */
export async function storedRows<T>(page: Page, table: string): Promise<{ rows: T[] } | { why: string }> {
  const answer = await readStore(page, table, { kind: 'all' });
  return answer.ok ? { rows: answer.value as T[] } : { why: answer.why };
}
