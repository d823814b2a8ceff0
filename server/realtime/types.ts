import type { AuthContext } from '../lib/auth';

/**
 * The boundary between the SignalR protocol host (server/realtime: negotiate, transports, JSON hub
 * protocol, connections, groups, keep-alive) and an application hub (server/modules/chats). The
 * host knows nothing about chats; the hub knows nothing about the wire.
 */

/** Who invoked a hub method: one connection of one signed-in user. */
export interface HubCaller {
  connectionId: string;
  auth: AuthContext;
}

/**
 * A hub method. Its return value is the Completion's `result` (undefined → void Completion). A
 * thrown HubError sends its message as the Completion's `error`; any other throw sends a generic
 * "An unexpected error occurred invoking 'X' on the server." (no internals leak).
 */
export type HubMethod = (caller: HubCaller, args: readonly unknown[]) => unknown;

export class HubError extends Error {}

/** What an application hub gives the host. Method names match case-insensitively, like ASP.NET's. */
export interface HubDefinition {
  methods: Record<string, HubMethod>;
  /** After the handshake succeeded. */
  onConnected?(caller: HubCaller): void | Promise<void>;
  /** Exactly once per connection, whatever ended it (close, timeout, transport loss, server stop). */
  onDisconnected?(caller: HubCaller): void | Promise<void>;
}

/** What the host gives the application hub: this process's connections and groups. */
export interface HubServer {
  addToGroup(connectionId: string, group: string): void;
  removeFromGroup(connectionId: string, group: string): void;
  /** Sends the invocation `target(...args)` to every connection of this process in any of `groups`, once each. */
  sendToGroups(groups: readonly string[], target: string, args: readonly unknown[]): void;
  /** Connections of this process with a completed handshake. */
  connectionCount(): number;
  /**
   * Ends every connection of this process with Close {allowReconnect: true}: clients negotiate
   * again, re-join and read what they missed (after a gap in the fan-out, e.g. the LISTEN
   * connection was down).
   */
  reconnectAll(): void;
}

/** Timings (ms) of SIGNALR.md §5; tests shorten them. */
export interface HubTimings {
  keepAliveMs: number;
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  longPollHoldMs: number;
  /** Unattached or poll-less connections are disposed after this. */
  disconnectTimeoutMs: number;
  maxMessageBytes: number;
  /**
   * How old a connection's last token check may be before an invocation (or the tick) checks it
   * again: a logged-out session, a revoked one or an expired token ends the connection (Close
   * with allowReconnect, so a live client comes back with a fresh token) instead of living on.
   */
  revalidateMs: number;
}

export const DEFAULT_HUB_TIMINGS: HubTimings = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  longPollHoldMs: 90_000,
  disconnectTimeoutMs: 15_000,
  maxMessageBytes: 32 * 1024,
  revalidateMs: 30_000,
};

/** What one user, and one connection, may hold on this process. */
export interface HubLimits {
  /** Live connections per user (a new negotiate beyond it is a 429). */
  connectionsPerUser: number;
  /** Invocations of one connection waiting to run (they run one at a time, like ASP.NET's default). */
  pendingInvocations: number;
  /** Bytes queued toward one client (a socket not read, a stream not drained) before the connection is ended. */
  outboundBufferBytes: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = {
  connectionsPerUser: 20,
  pendingInvocations: 64,
  outboundBufferBytes: 1024 * 1024,
};

export interface SignalRHubOptions {
  /** '/chathub'. */
  path: string;
  /** A bearer token → the live session's auth, or null (→ 401). Runs on negotiate and on every transport request. */
  authenticate(token: string): Promise<AuthContext | null>;
  hub(server: HubServer): HubDefinition;
  timings?: Partial<HubTimings>;
  limits?: Partial<HubLimits>;
}

/** The handle `registerSignalRHub` returns. */
export interface SignalRHubHandle extends HubServer {
  /** Sends Close {allowReconnect: true} to every connection and ends them (called on app close). */
  close(): Promise<void>;
}
