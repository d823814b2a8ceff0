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
});
