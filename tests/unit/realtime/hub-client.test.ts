import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_HUB, type ChatMessage } from '../../../src/domain/chats';
import {
  chatRetryPolicy, createChatHub, retryDelayMs, tokenExpired, transportsFromSetting,
  type ChatHubDeps, type HubConnectionLike, type HubConnectionSettings,
} from '../../../src/realtime/hub-client';

/** A HubConnection double: starts as told, records invocations, lets the test fire its events. */
class FakeHub implements HubConnectionLike {
  starts = 0;
  stops = 0;
  invoked: [string, ...unknown[]][] = [];
  /** The outcome of each next start: undefined succeeds. */
  failures: (Error | undefined)[] = [];
  handlers = new Map<string, (...args: unknown[]) => void>();
  closed?: (error?: Error) => void;
  reconnecting?: (error?: Error) => void;
  reconnected?: (id?: string) => void;
  start() {
    this.starts += 1;
    const failure = this.failures.shift();
    return failure ? Promise.reject(failure) : Promise.resolve();
  }
  stop() {
    this.stops += 1;
    return Promise.resolve();
  }
  invoke(method: string, ...args: unknown[]) {
    this.invoked.push([method, ...args]);
    return Promise.resolve();
  }
  on(method: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(method, handler);
  }
  onclose(cb: (error?: Error) => void) {
    this.closed = cb;
  }
  onreconnecting(cb: (error?: Error) => void) {
    this.reconnecting = cb;
  }
  onreconnected(cb: (id?: string) => void) {
    this.reconnected = cb;
  }
}

/** A JWT-shaped token whose payload has `exp` (seconds). */
const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;
const VALID = jwt(4_000_000_000);

let fake: FakeHub;
let settings: HubConnectionSettings[];
let token: string | null;
let deps: ChatHubDeps & { received: ReturnType<typeof vi.fn>; resumed: ReturnType<typeof vi.fn>; refreshAccessToken: ReturnType<typeof vi.fn> };
let target: EventTarget;

beforeEach(() => {
  vi.useFakeTimers();
  fake = new FakeHub();
  settings = [];
  token = VALID;
  target = new EventTarget();
  deps = {
    factory: vi.fn(async (s: HubConnectionSettings) => {
      settings.push(s);
      return fake;
    }),
    getAccessToken: () => token,
    refreshAccessToken: vi.fn(async () => 'fresh.token.here'),
    transportSetting: () => null,
    received: vi.fn(async () => undefined),
    resumed: vi.fn(async () => undefined),
    target,
  };
});
afterEach(() => {
  vi.useRealTimers();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('reconnect schedule', () => {
  it('waits 0, 2, 5, 10, 20 s and then 30 s forever (never gives up)', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 7, 100, 10_000].map((n) =>
      chatRetryPolicy.nextRetryDelayInMilliseconds({ previousRetryCount: n, elapsedMilliseconds: 0, retryReason: new Error('x') }));
    expect(delays).toEqual([0, 2000, 5000, 10000, 20000, 30000, 30000, 30000, 30000, 30000]);
    expect(retryDelayMs(5)).toBe(CHAT_HUB.retryEveryMs);
  });

  it('a start that fails is tried again on the same schedule', async () => {
    fake.failures = Array.from({ length: 7 }, () => new Error('Failed to complete negotiation with the server'));
    const hub = createChatHub(deps);
    hub.acquire('u1');
    await settle();
    expect(hub.getSnapshot()).toEqual({ status: 'disconnected', error: 'Failed to complete negotiation with the server' });
    const startsAfter = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      return fake.starts;
    };
    expect(fake.starts).toBe(2); // the first try again is at once
    expect(await startsAfter(1999)).toBe(2);
    expect(await startsAfter(1)).toBe(3);
    expect(await startsAfter(5000)).toBe(4);
    expect(await startsAfter(10000)).toBe(5);
    expect(await startsAfter(20000)).toBe(6);
    expect(await startsAfter(29999)).toBe(6);
    expect(await startsAfter(1)).toBe(7);
    expect(await startsAfter(30000)).toBe(8);
    expect(hub.getSnapshot().status).toBe('connected');
    expect(deps.factory).toHaveBeenCalledTimes(1); // one HubConnection, started again
  });

  it('a connection closed for good starts again on the schedule, and at once when the browser goes online', async () => {
    const hub = createChatHub(deps);
    hub.acquire('u1');
    await settle();
    expect(hub.getSnapshot().status).toBe('connected');
    fake.failures = [new Error('down'), new Error('down')];
    fake.closed!(new Error('Server timeout elapsed'));
    expect(hub.getSnapshot()).toEqual({ status: 'disconnected', error: 'Server timeout elapsed' });
    await settle(); // the first restart is immediate (0 ms) and fails
    expect(fake.starts).toBe(2);
    await settle();
    expect(fake.starts).toBe(2); // the next one waits 2 s …
    target.dispatchEvent(new Event('online')); // … unless the browser is back online
    await settle();
    expect(fake.starts).toBe(3);
    await vi.advanceTimersByTimeAsync(4999); // it failed: the schedule goes on (5 s)
    expect(fake.starts).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.starts).toBe(4);
    expect(hub.getSnapshot().status).toBe('connected');
  });
});

describe('the connection', () => {
  it('without a token the status is no-token and nothing is built', async () => {
    token = null;
    const hub = createChatHub(deps);
    hub.acquire('u1');
    await settle();
    expect(hub.getSnapshot()).toEqual({ status: 'no-token', error: 'No authentication token found' });
    expect(deps.factory).not.toHaveBeenCalled();
    token = VALID; // e.g. another tab refreshed the session
    target.dispatchEvent(new Event('online'));
    await settle();
    expect(hub.getSnapshot().status).toBe('connected');
  });

  it('is built for /chathub with all transports, or the one localStorage names; tokens come from the session, refreshed when expired', async () => {
    deps.transportSetting = () => 'LongPolling';
    const hub = createChatHub(deps);
    hub.acquire('u1');
    await settle();
    expect(settings[0]).toMatchObject({ url: '/chathub', transports: ['LongPolling'] });
    expect(transportsFromSetting(null)).toEqual(['WebSockets', 'ServerSentEvents', 'LongPolling']);
    expect(transportsFromSetting('Carrier pigeon')).toEqual(['WebSockets', 'ServerSentEvents', 'LongPolling']);
    expect(await settings[0]!.accessTokenFactory()).toBe(VALID);
    token = jwt(1);
    expect(await settings[0]!.accessTokenFactory()).toBe('fresh.token.here');
    token = null;
    await expect(settings[0]!.accessTokenFactory()).rejects.toThrow('No authentication token found');
    expect(tokenExpired(jwt(100), 95_000)).toBe(true); // within the 10 s margin
    expect(tokenExpired(jwt(100), 0)).toBe(false);
    expect(tokenExpired('not-a-jwt', 0)).toBe(false);
  });

  it('starts with the first user and stops with the last', async () => {
    const hub = createChatHub(deps);
    const statuses: string[] = [];
    hub.subscribe(() => statuses.push(hub.getSnapshot().status));
    const releaseA = hub.acquire('u1');
    const releaseB = hub.acquire('u1');
    await settle();
    expect(fake.starts).toBe(1);
    releaseA();
    releaseA(); // twice is once
    await settle();
    expect(fake.stops).toBe(0);
    releaseB();
    await settle();
    expect(fake.stops).toBe(1);
    expect(statuses).toEqual(['connecting', 'connected', 'idle']);
    fake.closed!(); // a close after stop() restarts nothing
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.starts).toBe(1);
  });

  it('joins the open chat, leaves it for the next one, and re-joins and pulls it after a reconnect', async () => {
    const hub = createChatHub(deps);
    hub.setOpenChat('c1');
    hub.acquire('u1');
    await settle();
    expect(fake.invoked).toEqual([['JoinChat', 'c1']]);
    hub.setOpenChat('c2');
    await settle();
    expect(fake.invoked.slice(1)).toEqual([['LeaveChat', 'c1'], ['JoinChat', 'c2']]);
    // Once after the first start too: a push between the screen's pull and the start is not replayed.
    expect(deps.resumed).toHaveBeenCalledTimes(1);
    expect(deps.resumed).toHaveBeenCalledWith('u1', 'c1');

    fake.reconnecting!(new Error('WebSocket closed with status code: 1006'));
    expect(hub.getSnapshot().status).toBe('reconnecting');
    fake.reconnected!('new-id');
    await settle();
    expect(hub.getSnapshot().status).toBe('connected');
    expect(fake.invoked.slice(3)).toEqual([['JoinChat', 'c2']]); // groups do not survive a reconnect
    expect(deps.resumed).toHaveBeenCalledTimes(2);
    expect(deps.resumed).toHaveBeenLastCalledWith('u1', 'c2');
  });

  it('hands each ReceiveMessage to the store with the user and the open chat; malformed pushes are ignored', async () => {
    const hub = createChatHub(deps);
    hub.setOpenChat('c1');
    hub.acquire('u1');
    await settle();
    const receive = fake.handlers.get('ReceiveMessage')!;
    const message: ChatMessage = { id: 'm1', chatId: 'c2', senderId: 'u2', text: 'hi', timestamp: '2026-01-01T00:00:00.000Z' };
    receive('c2', message);
    receive('c2', { id: 5 });
    receive(null, message);
    expect(deps.received).toHaveBeenCalledTimes(1);
    expect(deps.received).toHaveBeenCalledWith('u1', 'c2', message, 'c1');
  });
});

describe('a quick leave and come back (the stop still finishing)', () => {
  it('ends connected on a new connection; the old one\'s late close and pushes do nothing', async () => {
    const hubs: FakeHub[] = [];
    let finishStop: () => void = () => {};
    deps.factory = vi.fn(async () => {
      const hub = new FakeHub();
      // The first connection's stop takes a while, and fires its close at the end, like SignalR's.
      if (hubs.length === 0) {
        hub.stop = () => {
          hub.stops += 1;
          return new Promise<void>((resolve) => {
            finishStop = () => {
              hub.closed?.();
              resolve();
            };
          });
        };
      }
      hubs.push(hub);
      return hub;
    });
    const client = createChatHub(deps);
    const releaseA = client.acquire('user-a');
    client.setOpenChat('chat-1');
    await settle();
    expect(client.getSnapshot().status).toBe('connected');

    releaseA();
    const releaseB = client.acquire('user-b');
    await settle();
    finishStop();
    await vi.advanceTimersByTimeAsync(100);

    expect(hubs).toHaveLength(2);
    expect(hubs[1]!.starts).toBe(1);
    expect(client.getSnapshot().status).toBe('connected');
    expect(hubs[1]!.invoked).toContainEqual([CHAT_HUB.joinChat, 'chat-1']);
    // A push still arriving on the old connection is not written under the new user.
    hubs[0]!.handlers.get(CHAT_HUB.receiveMessage)?.('chat-1', { id: 'm', chatId: 'chat-1', senderId: 'x', text: 'hi', timestamp: '2026-01-01T00:00:00Z' } satisfies ChatMessage);
    expect(deps.received).not.toHaveBeenCalled();
    // And no restart of the old connection was scheduled by its close.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(hubs[0]!.starts).toBe(1);
    releaseB();
  });
});

describe('offline', () => {
  it('makes no attempt while the browser is offline and starts on online', async () => {
    let online = false;
    const client = createChatHub({ ...deps, isOnline: () => online });
    const release = client.acquire('u1');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fake.starts).toBe(0);
    expect(client.getSnapshot().status).toBe('disconnected');
    online = true;
    target.dispatchEvent(new Event('online'));
    await settle();
    expect(fake.starts).toBe(1);
    expect(client.getSnapshot().status).toBe('connected');
    release();
  });
});
