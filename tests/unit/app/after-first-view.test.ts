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
