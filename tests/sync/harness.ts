import type { AddressInfo } from 'node:net';
import { configureApiOrigin, configureAuth } from '../../src/api/http';
import { db } from '../../src/db/database';
import { createTestApp, type TestApp } from '../server/helpers/test-app';
import { signUp } from '../server/helpers/accounts';
import { listingFixture } from '../server/helpers/listings';

export interface QueueWorld {
  t: TestApp;
  url: string;
  /** Two users: the queue's owner and another. */
  users: { id: string; token: string; email: string }[];
  listings: string[];
  /** Who the client is signed in as (its token is sent). */
  signIn(index: number): void;
  close(): Promise<void>;
}

/** The real API listening on 127.0.0.1 with demo-like data; the client's requests go there. */
export async function startQueueWorld(listingCount = 3): Promise<QueueWorld> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  configureApiOrigin(url);
  const f = await listingFixture(t);
  const listings: string[] = [];
  for (let i = 0; i < listingCount; i++) listings.push((await f.add()).id);
  const users: QueueWorld['users'] = [];
  for (let i = 0; i < 2; i++) {
    const auth = await signUp(t);
    users.push({ id: auth.user.id, token: auth.accessToken, email: auth.email });
  }
  let current: string | null = null;
  configureAuth({ getAccessToken: () => current, refresh: () => Promise.reject(new Error('no refresh in tests')), onSessionExpired: () => {} });
  return {
    t,
    url,
    users,
    listings,
    signIn: (index) => {
      current = users[index]!.token;
    },
    close: async () => {
      configureApiOrigin('');
      await t.close();
    },
  };
}

export async function resetDexie(): Promise<void> {
  await db.delete();
  await db.open();
}

/**
 * Wraps fetch to watch the client's requests: counts writes (each write of a push counts), write
 * requests and those in flight at once, lists them in order, and can make the next N answers get
 * "lost" after the server has handled them (a dropped connection).
 */
export function watchFetch() {
  const realFetch = globalThis.fetch;
  const state = { inFlight: 0, maxInFlight: 0, writes: 0, requests: [] as string[], loseNext: 0, failNetwork: false };
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    // Queued writes only: reads, and the POST reads of listings (byIds, search), are not counted.
    const write = method !== 'GET' && !String(input).includes('/api/listing/');
    if (state.failNetwork) throw new TypeError('fetch failed');
    if (write) {
      const path = new URL(String(input)).pathname;
      const pushed = path === '/api/sync/push' ? (JSON.parse(String(init?.body)) as { writes: unknown[] }).writes.length : null;
      state.writes += pushed ?? 1;
      state.requests.push(pushed === null ? `${method} ${path}` : `push ${pushed}`);
      state.inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    }
    try {
      const res = await realFetch(input, init);
      if (write && state.loseNext > 0) {
        state.loseNext -= 1;
        throw new TypeError('fetch failed: the connection dropped before the answer arrived');
      }
      return res;
    } finally {
      if (write) state.inFlight -= 1;
    }
  }) as typeof fetch;
  return { state, restore: () => { globalThis.fetch = realFetch; } };
}
