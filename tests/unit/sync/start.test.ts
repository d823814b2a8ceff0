import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/database';
import { MANIFEST_POLL_MS } from '../../../src/domain/constants';
import { FOCUS_PULL_THROTTLE_MS, startSync } from '../../../src/sync/start';
import { makeUser } from '../features/profile/helpers';
import { calls, category, eventually, json, stubApi } from './fixtures';

beforeEach(async () => {
  // The previous test's stopped engine may still finish a pull: with auto-open left on it writes
  // into a reopened database instead of rejecting unhandled with DatabaseClosedError.
  await db.delete({ disableAutoOpen: false });
  await db.open();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Lets IndexedDB work and promise chains run (setImmediate is not among the faked timers). */
async function settle(rounds = 30): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

const routes = () => stubApi({
  'GET /category': () => json(200, [category(1)]),
  'GET /subcategory': () => json(200, []),
  'GET /categoryService': () => json(200, []),
  'GET /subCategoryService': () => json(200, []),
  'GET /locations': () => json(200, []),
  'GET /files/manifest': () => json(200, [], { etag: 'W/"manifest-0"' }),
  'GET /Favorites': () => json(200, { favoriteListings: [] }),
  'GET /users/profile': () => json(200, makeUser({ id: 'u1' })),
  'GET /company/by-user': () => json(200, []),
  'GET /PlannerEvent': () => json(200, []),
  'GET /chats': () => json(200, []),
});

describe('startSync', () => {
  it('pulls on start, on online, on focus at most every 30 s, and polls the manifest', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetchMock = routes();
    const target = new EventTarget();
    const errors: unknown[] = [];
    const stop = startSync({ target, getUserId: () => 'u1', onError: (e) => errors.push(e) });
    await stop.settled();
    expect(calls(fetchMock, '/Favorites')).toHaveLength(1);
    expect(calls(fetchMock, '/category')).toHaveLength(1);
    expect(await db.categories.count()).toBe(1);

    target.dispatchEvent(new Event('focus'));
    await stop.settled();
    expect(calls(fetchMock, '/category')).toHaveLength(1);

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + FOCUS_PULL_THROTTLE_MS + 1);
    target.dispatchEvent(new Event('focus'));
    await stop.settled();
    expect(calls(fetchMock, '/category')).toHaveLength(2);

    target.dispatchEvent(new Event('online'));
    await stop.settled();
    expect(calls(fetchMock, '/locations')).toHaveLength(3);

    // A trigger during a pull runs one more pull after it, not a parallel one.
    target.dispatchEvent(new Event('online'));
    target.dispatchEvent(new Event('online'));
    await stop.settled();
    expect(calls(fetchMock, '/locations')).toHaveLength(5);

    const manifestCalls = calls(fetchMock, '/files/manifest').length;
    await vi.advanceTimersByTimeAsync(MANIFEST_POLL_MS);
    await eventually(() => expect(calls(fetchMock, '/files/manifest')).toHaveLength(manifestCalls + 1));

    stop();
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(MANIFEST_POLL_MS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls(fetchMock, '/files/manifest')).toHaveLength(manifestCalls + 1);
    expect(errors).toEqual([]);
  });

  it('reports failures and keeps what is stored when offline', async () => {
    await db.categories.put({ ...category(7), position: 0 });
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const errors: unknown[] = [];
    const stop = startSync({ target: new EventTarget(), onError: (e) => errors.push(e) });
    await eventually(() => expect(errors).toHaveLength(3));
    expect(await db.categories.count()).toBe(1);
    stop();
  });

  it('backs off after a failed pull, probing with the manifest alone, then pulls everything once it answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let down = true;
    const up = routes();
    const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
      if (down) throw new TypeError('Failed to fetch');
      return up(input, init);
    });
    vi.stubGlobal('fetch', fetchMock);
    const count = (path: string) => fetchMock.mock.calls.filter(([url]) => new URL(url, 'http://localhost').pathname === `/api${path}`).length;
    const stop = startSync({ target: new EventTarget(), getUserId: () => 'u1' });
    try {
      await stop.settled();
      expect(count('/category')).toBe(2); // the HTTP client's one immediate retry
      const afterStart = fetchMock.mock.calls.length;

      // After 1 s, then 2 s more: one probe each (plus its immediate retry), no table pulled.
      await vi.advanceTimersByTimeAsync(999);
      await settle();
      expect(fetchMock.mock.calls.length).toBe(afterStart);
      await vi.advanceTimersByTimeAsync(1);
      await settle();
      expect(fetchMock.mock.calls.length).toBe(afterStart + 2);
      await vi.advanceTimersByTimeAsync(1_999);
      await settle();
      expect(fetchMock.mock.calls.length).toBe(afterStart + 2);
      await vi.advanceTimersByTimeAsync(1);
      await settle();
      expect(fetchMock.mock.calls.length).toBe(afterStart + 4);
      expect(fetchMock.mock.calls.slice(afterStart).every(([url]) => String(url).includes('/files/manifest'))).toBe(true);

      // The server is back: the next probe (4 s later) answers and everything is pulled, once.
      down = false;
      await vi.advanceTimersByTimeAsync(4_000);
      await settle();
      await stop.settled();
      expect(count('/category')).toBe(3);
      expect(await db.categories.count()).toBe(1);
      const settledCalls = fetchMock.mock.calls.length;
      // (The 30 s manifest poll is not due yet: 27 s have passed.)
      await vi.advanceTimersByTimeAsync(20_000);
      await settle();
      expect(fetchMock.mock.calls.slice(settledCalls).map(([u]) => String(u))).toEqual([]);
    } finally {
      stop();
      // Nothing of this test may still touch the database when the next one deletes it.
      await stop.settled();
      await settle();
    }
  });

  it('while the browser is offline, fetches nothing and sets no timer; online pulls at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const fetchMock = routes();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const target = new EventTarget();
    const stop = startSync({ target, getUserId: () => 'u1' });
    try {
      await stop.settled();
      await vi.advanceTimersByTimeAsync(5 * MANIFEST_POLL_MS);
      await settle();
      expect(fetchMock).not.toHaveBeenCalled();

      onLine.mockReturnValue(true);
      target.dispatchEvent(new Event('online'));
      await settle();
      await stop.settled();
      expect(calls(fetchMock, '/category')).toHaveLength(1);
      expect(calls(fetchMock, '/Favorites')).toHaveLength(1);
    } finally {
      stop();
      // Nothing of this test may still touch the database when the next one deletes it.
      await stop.settled();
      await settle();
    }
  });
});
