import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackoff, noteServerReached, onReconnect, type ReconnectReason } from '../../../src/api/connection';
import { request } from '../../../src/api/http';
import { BACKOFF_MAX_MS, BACKOFF_MIN_MS, backoffDelay } from '../../../src/domain/backoff';
import { json, stubApi } from '../sync/fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('backoffDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    const none = { random: () => 0 };
    expect([0, 1, 2, 3, 4, 5, 6, 50, 5000].map((n) => backoffDelay(n, none))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('takes up to a quarter off at random, never going over the cap', () => {
    for (const failures of [0, 3, 10]) {
      const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** failures);
      expect(backoffDelay(failures, { random: () => 0.999999 })).toBe(Math.round(base * 0.75));
      for (let i = 0; i < 50; i++) {
        const d = backoffDelay(failures);
        expect(d).toBeGreaterThanOrEqual(base * 0.75);
        expect(d).toBeLessThanOrEqual(base);
      }
    }
  });

  it('takes other bounds', () => {
    expect(backoffDelay(3, { minMs: 100, maxMs: 500, random: () => 0 })).toBe(500);
    expect(backoffDelay(-1, { random: () => 0 })).toBe(BACKOFF_MIN_MS);
  });
});

describe('createBackoff', () => {
  it('runs the task after growing pauses and starts over after a success', async () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const backoff = createBackoff(task, { random: () => 0, offline: () => false });
    const pauses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const start = Date.now();
      backoff.failed();
      await vi.advanceTimersToNextTimerAsync();
      pauses.push(Date.now() - start);
    }
    expect(pauses).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(task).toHaveBeenCalledTimes(7);
    expect(backoff.failures).toBe(7);

    backoff.succeeded();
    expect(backoff.failures).toBe(0);
    backoff.failed();
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(7);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(8);
  });

  it('keeps one timer: a second failure replaces the pending retry, cancel drops it', async () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const backoff = createBackoff(task, { random: () => 0, offline: () => false });
    backoff.failed();
    backoff.failed();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(1);
    backoff.failed();
    backoff.cancel();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('sets no timer while the browser is offline (the online event resumes instead), but still counts', async () => {
    vi.useFakeTimers();
    const task = vi.fn();
    let offline = true;
    const backoff = createBackoff(task, { random: () => 0, offline: () => offline });
    for (let i = 0; i < 5; i++) backoff.failed();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(task).not.toHaveBeenCalled();
    expect(backoff.failures).toBe(5);
    offline = false;
    backoff.failed();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledOnce();
  });
});

describe('onReconnect', () => {
  it('fires on the window online event and when the server answers again after it could not be reached', async () => {
    const heard: ReconnectReason[] = [];
    const off = onReconnect((reason) => heard.push(reason));
    window.dispatchEvent(new Event('online'));
    expect(heard).toEqual(['online']);

    // Reached while reachable: nothing to tell.
    noteServerReached(true);
    expect(heard).toEqual(['online']);

    // The HTTP client reports a failed request, then an answer.
    let down = true;
    stubApi({ 'GET /ping': () => (down ? Promise.reject(new TypeError('Failed to fetch')) : json(200, {})) });
    await expect(request('GET', '/ping')).rejects.toMatchObject({ status: 0 });
    expect(heard).toEqual(['online']);
    down = false;
    await request('GET', '/ping');
    expect(heard).toEqual(['online', 'server']);
    await request('GET', '/ping');
    expect(heard).toEqual(['online', 'server']);

    off();
    window.dispatchEvent(new Event('online'));
    expect(heard).toHaveLength(2);
  });

  it('a request made while the browser is offline fails at once without fetching', async () => {
    const fetchMock = stubApi({ 'GET /ping': () => json(200, {}) });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(request('GET', '/ping')).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
