import { useEffect, useRef, useState } from 'react';
import { importWhenPossible } from '../api/import-when-possible';
import { oneTaskEach } from '../api/next-task';

/** The local mirror's module (Dexie, tables, queries, the writes of the first view's screens). */
export type Data = typeof import('./data');

/**
 * Whether Dexie may load yet. Open by default (a client render, the worker's shell, a signed-in
 * user, a return visit a worker controls, tests): hooks read at once. main.tsx defers it on a first
 * visit to a server-rendered page, whose first view shows the embedded data and needs no mirror;
 * it opens after that view (afterFirstView), on the first client navigation, or as soon as anything
 * needs the mirror now (a write: `loadData`).
 */
let allowOpen: (() => void) | null = null;
let allowed: Promise<void> = Promise.resolve();
let loading: Promise<Data> | null = null;
/** Whether live queries take turns to start (dataForLiveQuery): only those that waited out a deferred first view. */
let takeTurns = false;

/** Keeps Dexie out of the first view: live hooks and deferred pulls wait until `loadData` is called. */
export function deferData(): void {
  if (loading || allowOpen) return;
  takeTurns = true;
  allowed = new Promise((resolve) => {
    allowOpen = resolve;
  });
}

/** The mirror's module, loading it now if it is not loaded (writes, user actions, the end of the first view). */
export function loadData(): Promise<Data> {
  allowOpen?.();
  allowOpen = null;
  if (!loading) {
    loading = importWhenPossible(() => import('./data'));
    // Once the module is here, a live query asking later starts at once (dataForLiveQuery).
    void loading.then(() => { takeTurns = false; }, () => undefined);
  }
  return loading;
}

/** The mirror's module once it may load: at once, or after the first view of a server-rendered first visit. */
export function dataWhenAllowed(): Promise<Data> {
  return allowed.then(loadData);
}

const liveQueryStarts = oneTaskEach();

/**
 * The mirror's module for a live query about to start. The queries of a screen that waited for the
 * module (a server-rendered first visit's, until after its first view) would all start in the one
 * microtask run that follows its load: 17 ms on this machine, 68 ms at a phone's 4× slower CPU, the
 * largest task after the home page's first view (bench/README.md, "Session 14"). Those start one
 * per task, in the order they asked. Any other query starts at once: on a return visit the screen's
 * first read is on the way to its first card.
 */
function dataForLiveQuery(): Promise<Data> {
  const data = dataWhenAllowed();
  if (!takeTurns) return data;
  // After the database has opened: Dexie runs every query waiting for its open in one go.
  const opened = data.then(({ db }) => db.open()).catch(() => undefined);
  return liveQueryStarts(() => data, opened);
}

/**
 * useLiveQuery over the lazily loaded mirror: undefined until the module is loaded (and allowed to
 * be) and the first read answered, then the stored value, re-rendered whenever a write touches the
 * rows it read. Like dexie-react-hooks, a change of `deps` keeps the last value until the new read
 * answers, and a failed read is thrown during render (to the error boundary).
 */
export function useLive<T>(query: (data: Data) => Promise<T> | T, deps: readonly unknown[]): T | undefined {
  const [result, setResult] = useState<{ value: T } | { error: unknown } | undefined>(undefined);
  const latestQuery = useRef(query);
  useEffect(() => {
    latestQuery.current = query;
  });
  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    void dataForLiveQuery().then((data) => {
      if (!active) return;
      const read = latestQuery.current;
      // An async querier: Dexie then keeps the live query's zone across the query's own awaits
      // (its reads after the first await are observed too).
      const subscription = data.liveQuery(async () => read(data)).subscribe({
        next: (value) => active && setResult({ value }),
        error: (error: unknown) => active && setResult({ error }),
      });
      unsubscribe = () => subscription.unsubscribe();
    });
    return () => {
      active = false;
      unsubscribe();
    };
    // The caller's deps decide when the query runs again, as with useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  if (result && 'error' in result) throw result.error;
  return result?.value;
}
