import { describe, expect, it } from 'vitest';
import { nextTask } from '../../../src/api/next-task';
import { writeInTurn } from '../../../src/sync/write-turns';

/** Lets every queued microtask run, but no task. */
async function drainMicrotasks(rounds = 200): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}

describe('writeInTurn', () => {
  it('runs each write in a later task, never in the microtasks of the caller', async () => {
    let ran = false;
    const turn = writeInTurn(async () => {
      ran = true;
      return 7;
    });
    await drainMicrotasks();
    expect(ran).toBe(false);
    expect(await turn).toBe(7);
    expect(ran).toBe(true);
  });

  it('runs writes one at a time, in the order they were queued, past a failing one', async () => {
    const log: string[] = [];
    let release!: () => void;
    const first = writeInTurn(async () => {
      log.push('first:start');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      log.push('first:end');
    });
    const failing = writeInTurn(async () => {
      log.push('failing');
      throw new Error('quota');
    });
    const third = writeInTurn(async () => {
      log.push('third');
      return 'done';
    });
    await nextTask();
    await nextTask();
    expect(log).toEqual(['first:start']);
    release();
    await first;
    await expect(failing).rejects.toThrow('quota');
    expect(await third).toBe('done');
    expect(log).toEqual(['first:start', 'first:end', 'failing', 'third']);
  });
});
