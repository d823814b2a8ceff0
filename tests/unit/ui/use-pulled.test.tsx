import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/http';
import { usePulled } from '../../../src/ui/usePulled';

const offline = () => new ApiError(0, 'Network error');

describe('usePulled', () => {
  it('loads, then is done with the pulled value', async () => {
    const pull = vi.fn(async () => 'row');
    const { result } = renderHook(() => usePulled('a', pull));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect(result.current.value).toBe('row');
    expect(pull).toHaveBeenCalledTimes(1);
  });

  it('tells a network failure (offline) from an error, and retry shows loading again', async () => {
    let fail: unknown = offline();
    const { result } = renderHook(() => usePulled('a', () => Promise.reject(fail)));
    await waitFor(() => expect(result.current.status).toBe('offline'));
    fail = new ApiError(500, 'boom');
    act(() => result.current.retry());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe(fail);
  });

  it('pulls nothing for a null key and ignores an earlier key\'s late answer', async () => {
    const resolvers = new Map<string, (v: string) => void>();
    const pull = vi.fn((key: string) => new Promise<string>((resolve) => resolvers.set(key, resolve)));
    const { result, rerender } = renderHook(({ k }: { k: string | null }) => usePulled(k, () => pull(k as string)), { initialProps: { k: null as string | null } });
    expect(pull).not.toHaveBeenCalled();
    expect(result.current.status).toBe('loading');
    rerender({ k: 'a' });
    rerender({ k: 'b' });
    await act(async () => resolvers.get('a')?.('A'));
    expect(result.current.status).toBe('loading');
    await act(async () => resolvers.get('b')?.('B'));
    expect(result.current).toMatchObject({ status: 'done', value: 'B' });
  });

  it('tells a pull whether it is still current: false once the key changed or the screen was left', async () => {
    const seen = new Map<string, () => boolean>();
    const pull = (key: string) => (isCurrent: () => boolean) => {
      seen.set(key, isCurrent);
      return new Promise<string>(() => {});
    };
    const { rerender, unmount } = renderHook(({ k }: { k: string }) => usePulled(k, pull(k)), { initialProps: { k: 'a' } });
    expect(seen.get('a')?.()).toBe(true);
    rerender({ k: 'b' });
    expect(seen.get('a')?.()).toBe(false);
    expect(seen.get('b')?.()).toBe(true);
    unmount();
    expect(seen.get('b')?.()).toBe(false);
  });

  it('pulls again on reconnect after a failure, keeping the last outcome when quiet', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const pull = () => {
      calls += 1;
      return calls === 1 ? Promise.reject(offline()) : new Promise<string>((resolve) => { release = () => resolve('fresh'); });
    };
    const { result } = renderHook(() => usePulled('a', pull, { quietReconnect: true }));
    await waitFor(() => expect(result.current.status).toBe('offline'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(calls).toBe(2));
    expect(result.current.status).toBe('offline');
    await act(async () => release());
    expect(result.current).toMatchObject({ status: 'done', value: 'fresh' });
  });

  it("does not pull on reconnect with reconnect: 'never'", async () => {
    const pull = vi.fn(() => Promise.reject(offline()));
    const { result } = renderHook(() => usePulled('a', pull, { reconnect: 'never' }));
    await waitFor(() => expect(result.current.status).toBe('offline'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(pull).toHaveBeenCalledTimes(1);
  });
});
