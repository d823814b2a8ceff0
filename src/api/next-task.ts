/**
 * A yield to the browser between pieces of start-up work, so input and painting run between them
 * (src/sync/write-turns.ts for the first pull's writes, src/db/live.ts for a first visit's live
 * queries, src/app/after-first-view.ts).
 */

interface Scheduler {
  yield?: () => Promise<void>;
}

/** Resolves in a later task: scheduler.yield where the browser has it, else a message to self. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  // A message (not setTimeout): it is not clamped to 4 ms when nested, nor held by fake timers in tests.
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * A queue whose jobs run one per task, in the order queued: each once the job before it has
 * settled (a failed one does not stop the next) and `after` has, then after a yield (nextTask).
 */
export function oneTaskEach(): <T>(job: () => T | Promise<T>, after?: Promise<unknown>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (job, after) => {
    const turn = Promise.all([after, last]).then(nextTask).then(job);
    last = turn.catch(() => undefined);
    return turn;
  };
}
