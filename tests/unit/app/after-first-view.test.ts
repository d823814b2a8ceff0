import { describe, expect, it, vi } from 'vitest';
import { importWhenPossible } from '../../../src/app/after-first-view';

describe('importWhenPossible', () => {
  it('tries a chunk that failed to load again when the connection comes back, and only then', async () => {
    const load = vi.fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('module');
    let result: string | undefined;
    void importWhenPossible(load).then((value) => {
      result = value;
    });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).toHaveBeenCalledTimes(1);
    expect(result).toBeUndefined();

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(result).toBe('module'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again after a pause when the try on reconnect fails too (online before the network carries requests)', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn<() => Promise<string>>()
        .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
        .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
        .mockResolvedValueOnce('module');
      let result: string | undefined;
      void importWhenPossible(load).then((value) => {
        result = value;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(load).toHaveBeenCalledTimes(1);
      // Back online, but the first request still fails: no second `online` will come.
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
      expect(load).toHaveBeenCalledTimes(2);
      expect(result).toBeUndefined();
      // The shared backoff: a second failure in a row pauses at most 2 s.
      await vi.advanceTimersByTimeAsync(2_000);
      expect(load).toHaveBeenCalledTimes(3);
      expect(result).toBe('module');
      // Loaded: nothing tries again, on a timer or on the next reconnect.
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(load).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('afterFirstView', () => {
  it('runs each task once the first view is done, one per task, in the order asked', async () => {
    const { afterFirstView } = await import('../../../src/app/after-first-view');
    const order: string[] = [];
    afterFirstView(() => {
      order.push('first');
      // A message sent by the first task is handled before the second task runs: it is a later task.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        order.push('a task between');
      };
      channel.port2.postMessage(null);
    });
    afterFirstView(() => order.push('second'));
    afterFirstView(() => {
      throw new Error('a failing task');
    });
    afterFirstView(() => order.push('after a failing one'));
    expect(order).toEqual([]);
    await vi.waitFor(() => expect(order).toEqual(['first', 'a task between', 'second', 'after a failing one']));
  });
});
