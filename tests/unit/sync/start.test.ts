import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/database';
import { MANIFEST_POLL_MS } from '../../../src/domain/constants';
import { FOCUS_PULL_THROTTLE_MS, startSync } from '../../../src/sync/start';
import { makeUser } from '../features/profile/helpers';
import { calls, category, eventually, json, stubApi } from './fixtures';

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const routes = () => stubApi({
  'GET /category': () => json(200, [category(1)]),
  'GET /subcategory': () => json(200, []),
  'GET /categoryService': () => json(200, []),
  'GET /subCategoryService': () => json(200, []),
  'GET /locations': () => json(200, []),
  'GET /files/manifest': () => json(200, [], { etag: 'W/"manifest-0"' }),
  'GET /Favorites': () => json(200, { favoriteListings: [] }),
  'GET /users/profile': () => json(200, makeUser({ id: 'u1' })),
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
});
