/**
 * The shared tables' writes of a pull, one per task. Their answers (taxonomy, regions, the file
 * manifest) arrive within milliseconds of each other, and written together they were one task of
 * 60–140 ms on a throttled phone CPU right after a first visit's view (bench/README.md, "Session
 * 10"), blocking a tap meanwhile. Each write here waits for the one before it and then yields to
 * the browser first, so input and painting run between them. The fetches still run in parallel.
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

let last: Promise<unknown> = Promise.resolve();

/** Runs `write` after the writes queued before it have settled, in a task of its own. */
export function writeInTurn<T>(write: () => Promise<T>): Promise<T> {
  const turn = last.then(nextTask).then(write);
  last = turn.catch(() => undefined);
  return turn;
}
