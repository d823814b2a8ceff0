/**
 * The shared tables' writes of a pull, one per task. Their answers (taxonomy, regions, the file
 * manifest) arrive within milliseconds of each other, and written together they were one task of
 * 60–140 ms on a throttled phone CPU right after a first visit's view (bench/README.md, "Session
 * 10"), blocking a tap meanwhile. Each write here waits for the one before it and then yields to
 * the browser first, so input and painting run between them. The fetches still run in parallel.
 */

import { oneTaskEach } from '../api/next-task';

const writes = oneTaskEach();

/** Runs `write` after the writes queued before it have settled, in a task of its own. */
export function writeInTurn<T>(write: () => Promise<T>): Promise<T> {
  return writes(write);
}
