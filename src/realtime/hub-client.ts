import type { IRetryPolicy, RetryContext } from '@microsoft/signalr';
import { CHAT_HUB, type ChatMessage } from '../domain/chats';

/**
 * The one hub connection of the page (SIGNALR.md), without React: status, start and stop by
 * reference count, joining the open chat, the reconnect schedule. The HubConnection is made by an
 * injected factory: the app's imports @microsoft/signalr on first use (so the library loads only
 * with the messages screen), tests pass a fake.
 */

export type ChatConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected' | 'no-token';

export const NO_TOKEN_MESSAGE = 'No authentication token found';

export const TRANSPORTS = ['WebSockets', 'ServerSentEvents', 'LongPolling'] as const;
export type TransportName = (typeof TRANSPORTS)[number];
/** localStorage key of the debug override restricting the transport (e2e runs each one). */
export const TRANSPORT_SETTING = 'em.chatTransport';

/** The transports to offer: the one the override names, else all three in the client's order. */
export function transportsFromSetting(value: string | null): TransportName[] {
  const named = TRANSPORTS.find((t) => t === value);
  return named ? [named] : [...TRANSPORTS];
}

/** Delay before attempt `n` (0-based): CHAT_HUB.reconnectDelaysMs, then every retryEveryMs for as long as the page is open. */
export function retryDelayMs(attempt: number): number {
  const delays: readonly number[] = CHAT_HUB.reconnectDelaysMs;
  return delays[attempt] ?? CHAT_HUB.retryEveryMs;
}

/** SignalR's automatic reconnect, never giving up (the default policy stops after the table). */
export const chatRetryPolicy: IRetryPolicy = {
  nextRetryDelayInMilliseconds: (context: RetryContext) => retryDelayMs(context.previousRetryCount),
};

/** True when the JWT's `exp` has passed (or passes within `skewMs`); an unreadable token counts as valid. */
export function tokenExpired(token: string, nowMs: number, skewMs = 10_000): boolean {
  try {
    const part = token.split('.')[1] ?? '';
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' && payload.exp * 1000 <= nowMs + skewMs;
  } catch {
    return false;
  }
}

/** What the client uses of a HubConnection (the real one satisfies it; tests pass a fake). */
export interface HubConnectionLike {
  start(): Promise<void>;
  stop(): Promise<void>;
  invoke(method: string, ...args: unknown[]): Promise<unknown>;
  on(method: string, handler: (...args: unknown[]) => void): void;
  onclose(callback: (error?: Error) => void): void;
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
}

export interface HubConnectionSettings {
  url: string;
  transports: TransportName[];
  accessTokenFactory: () => Promise<string>;
  retryPolicy: IRetryPolicy;
}

export type HubConnectionFactory = (settings: HubConnectionSettings) => Promise<HubConnectionLike>;

/** The real HubConnection; @microsoft/signalr is imported here, on first use only. */
export const signalRConnectionFactory: HubConnectionFactory = async (settings) => {
  const signalR = await import('@microsoft/signalr');
  const transport = settings.transports.reduce((bits, name) => bits | signalR.HttpTransportType[name], 0);
  return new signalR.HubConnectionBuilder()
    .withUrl(settings.url, { transport, accessTokenFactory: settings.accessTokenFactory })
    .withAutomaticReconnect(settings.retryPolicy)
    .configureLogging(signalR.LogLevel.Warning)
    .build();
};

export interface ChatHubDeps {
  factory: HubConnectionFactory;
  /** The session's access token now (null: not signed in). */
  getAccessToken(): string | null;
  /** A fresh access token (the app's refresh, shared with the HTTP client's). */
  refreshAccessToken(): Promise<string>;
  /** The override's value (localStorage['em.chatTransport']), read at each connection build. */
  transportSetting(): string | null;
  /** A ReceiveMessage for the signed-in user. */
  received(userId: string, chatId: string, message: ChatMessage, openChatId: string | null): Promise<unknown>;
  /** Connected (first start, reconnect, start again after closing): fetch what pushes may have missed. */
  resumed(userId: string, openChatId: string | null): Promise<unknown>;
  /** Where 'online' is heard (the window). */
  target?: EventTarget;
  /** False while the browser knows it has no network: no attempt is made until 'online'. */
  isOnline?: () => boolean;
  now?: () => number;
}

export interface ChatHubSnapshot {
  status: ChatConnectionStatus;
  error: string | null;
}

export interface ChatHub {
  /** One user of the connection (a mounted screen): the first starts it. Returns the release. */
  acquire(userId: string): () => void;
  /** The chat the screen shows: joined (the previous one left) while connected, re-joined after a reconnect. */
  setOpenChat(chatId: string | null): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ChatHubSnapshot;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : error ? String(error) : null);

const isMessage = (value: unknown): value is ChatMessage => {
  const m = value as Partial<ChatMessage> | null;
  return typeof m === 'object' && m !== null && typeof m.id === 'string' && typeof m.senderId === 'string'
    && typeof m.text === 'string' && typeof m.timestamp === 'string';
};

export function createChatHub(deps: ChatHubDeps): ChatHub {
  const now = deps.now ?? (() => Date.now());
  const listeners = new Set<() => void>();
  let snapshot: ChatHubSnapshot = { status: 'idle', error: null };
  /**
   * The HubConnection of the current run. Each start (first user mounted, or another user) makes a
   * new one whose callbacks are bound to that run, so a late close or push of a stopped run (its
   * stop still finishing) can neither restart nor write under the next run's user.
   */
  let connection: Promise<HubConnectionLike> | null = null;
  let users = 0;
  let userId: string | null = null;
  let openChatId: string | null = null;
  /** The chat joined on the current transport (groups do not survive a reconnect). */
  let joined: string | null = null;
  let joining: Promise<void> = Promise.resolve();
  let running = false;
  /** Bumped by each start and stop: callbacks and answers of an older run do nothing. */
  let run = 0;
  /** Bumped by each start attempt within a run, so a late answer of an abandoned attempt does nothing. */
  let attemptId = 0;
  let restartTimer: ReturnType<typeof setTimeout> | null = null;
  let restartAttempt = 0;
  /** The last stop of a connection: the next run's start waits for it. */
  let stopped: Promise<void> = Promise.resolve();

  function set(status: ChatConnectionStatus, error: string | null = null) {
    if (snapshot.status === status && snapshot.error === error) return;
    snapshot = { status, error };
    for (const fn of listeners) fn();
  }

  async function accessToken(): Promise<string> {
    const token = deps.getAccessToken();
    if (!token) throw new Error(NO_TOKEN_MESSAGE);
    // Each negotiate asks again, so a reconnect after expiry uses a fresh token.
    return tokenExpired(token, now()) ? deps.refreshAccessToken() : token;
  }

  function build(): Promise<HubConnectionLike> {
    if (connection) return connection;
    const mine = run;
    const owner = userId;
    const current = () => mine === run && running;
    const made = deps.factory({
      url: CHAT_HUB.path,
      transports: transportsFromSetting(deps.transportSetting()),
      accessTokenFactory: accessToken,
      retryPolicy: chatRetryPolicy,
    }).then((hub) => {
      hub.on(CHAT_HUB.receiveMessage, (chatId, message) => {
        if (!current() || !owner || typeof chatId !== 'string' || !isMessage(message)) return;
        void deps.received(owner, chatId, message, openChatId).catch(() => undefined);
      });
      hub.onreconnecting((error) => {
        if (!current()) return;
        joined = null;
        set('reconnecting', errorMessage(error));
      });
      hub.onreconnected(() => {
        if (!current()) return;
        joined = null;
        set('connected');
        void syncJoin();
        resume();
      });
      hub.onclose((error) => {
        if (!current()) return;
        joined = null;
        set('disconnected', errorMessage(error));
        scheduleRestart();
      });
      return hub;
    }).catch((error: unknown) => {
      if (connection === made) connection = null; // the library did not load: the next try loads it again
      throw error;
    });
    connection = made;
    return made;
  }

  function resume() {
    if (userId) void deps.resumed(userId, openChatId).catch(() => undefined);
  }

  /** Leaves the chat joined before and joins the open one, one change at a time. */
  function syncJoin(): Promise<void> {
    joining = joining.then(async () => {
      if (snapshot.status !== 'connected' || !connection || joined === openChatId) return;
      const hub = await connection;
      const previous = joined;
      const next = openChatId;
      joined = next;
      if (previous) await hub.invoke(CHAT_HUB.leaveChat, previous).catch(() => undefined);
      // A refused join (not a party) is not fatal: the user's own group still gets the chat's messages.
      if (next) await hub.invoke(CHAT_HUB.joinChat, next).catch(() => undefined);
    });
    return joining;
  }

  function clearRestart() {
    if (restartTimer !== null) clearTimeout(restartTimer);
    restartTimer = null;
  }

  /** The connection closed for good (or never opened): start again on the reconnect schedule. */
  function scheduleRestart() {
    if (!running || restartTimer !== null) return;
    restartTimer = setTimeout(() => {
      restartTimer = null;
      void connect();
    }, retryDelayMs(restartAttempt++));
  }

  async function connect(): Promise<void> {
    clearRestart();
    if (!running) return;
    const mine = run;
    const attempt = ++attemptId;
    const current = () => mine === run && attempt === attemptId && running;
    if (!deps.getAccessToken()) {
      set('no-token', NO_TOKEN_MESSAGE);
      scheduleRestart();
      return;
    }
    if (deps.isOnline && !deps.isOnline()) {
      // Attempts would only fail (and log); the 'online' event starts it.
      set('disconnected');
      return;
    }
    set('connecting');
    try {
      await stopped;
      if (!current()) return;
      const hub = await build();
      if (!current()) return;
      await hub.start();
      if (!current()) return;
      restartAttempt = 0;
      joined = null;
      set('connected');
      await syncJoin();
      // Also after the first start: what the screen pulled before the connection was up may have
      // missed a message pushed in between (nothing replays it).
      resume();
    } catch (error) {
      if (!current()) return;
      const message = errorMessage(error);
      set(message === NO_TOKEN_MESSAGE ? 'no-token' : 'disconnected', message);
      scheduleRestart();
    }
  }

  const onOnline = () => {
    if (!running || (snapshot.status !== 'disconnected' && snapshot.status !== 'no-token')) return;
    // A try now; if it fails the schedule goes on where it was (no burst of tries at 0 s).
    void connect();
  };

  function start() {
    run += 1;
    running = true;
    restartAttempt = 0;
    deps.target?.addEventListener('online', onOnline);
    void connect();
  }

  function stop() {
    running = false;
    run += 1;
    clearRestart();
    deps.target?.removeEventListener('online', onOnline);
    joined = null;
    set('idle');
    const old = connection;
    connection = null;
    if (old) {
      const previous = stopped;
      stopped = Promise.all([previous, old.then((hub) => hub.stop())]).then(() => undefined, () => undefined);
    }
  }

  return {
    acquire(nextUserId) {
      users += 1;
      if (running && userId !== nextUserId) stop();
      userId = nextUserId;
      if (!running) start();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        users -= 1;
        if (users === 0) stop();
      };
    },
    setOpenChat(chatId) {
      openChatId = chatId;
      void syncJoin();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}
