import type { AuthContext } from '../lib/auth';
import {
  HANDSHAKE_ERRORS, MessageTooLargeError, PING, ProtocolError, RecordBuffer, checkHandshake, closeRecord, encodeRecord,
  parseHubMessage, type TransportKind,
} from './hub-protocol';
import type { HubCaller, HubLimits, HubTimings } from './types';

/** Where a connection's outbound records go: one WebSocket, one SSE response, or the long-poll queue. */
export interface TransportSink {
  readonly kind: TransportKind;
  /** Whole records only (one or more). */
  send(payload: string): void;
  /** Ends the transport after what was already sent (for long polling: hands it to the pending poll). */
  end(): void;
  /** Long polling only: since when no poll has been pending (null while one is). */
  idleSince?(): number | null;
}

/** What a connection needs from the host around it. */
export interface ConnectionHost {
  readonly timings: HubTimings;
  readonly limits: HubLimits;
  /** The handshake succeeded: the hub's onConnected runs. */
  connected(connection: HubConnection): Promise<void>;
  /** Exactly once, whatever ended the connection. `wasConnected` says whether onConnected ran. */
  disposed(connection: HubConnection, wasConnected: boolean): void;
  dispatch(connection: HubConnection, message: Exclude<ReturnType<typeof parseHubMessage>, { type: 6 | 7 | 'ignored' }>): void;
  logProtocolError(connection: HubConnection, error: Error): void;
}

/**
 * One SignalR connection, from negotiate to disposal: the ids, the user it is bound to, the
 * transport it attached, the inbound record buffer, the handshake and liveness bookkeeping.
 */
export class HubConnection {
  kind: TransportKind | null = null;
  private sink: TransportSink | null = null;
  private readonly inbound: RecordBuffer;
  private handshakeDone = false;
  /** Settles once the hub's onConnected has run; invocations wait for it. */
  ready: Promise<void> = Promise.resolve();
  closed = false;

  readonly createdAt: number;
  attachedAt = 0;
  lastReceivedAt = 0;
  lastSentAt = 0;
  /** The client's first Ping arms the client timeout (SIGNALR.md §5). */
  clientTimeoutArmed = false;
  /**
   * When `token` is next verified to still prove `auth`'s live session: revalidateMs after the
   * last check, less a random part of it, so connections opened together are not all checked in
   * the same tick (each check may ask the database).
   */
  revalidateAt: number;
  /** The check running now, shared by the tick and invocations. */
  revalidating: Promise<boolean> | null = null;
  /** Invocations run one at a time, in order; this is the tail of that line. */
  invocations: Promise<void> = Promise.resolve();
  pendingInvocations = 0;

  constructor(
    readonly connectionId: string,
    /** The id transports address it by: the secret token (negotiate v1) or the public id (v0). */
    readonly key: string,
    public auth: AuthContext,
    /** The access token the connection was last proven with (re-verified every revalidateMs). */
    public token: string,
    private readonly host: ConnectionHost,
    now: number,
  ) {
    this.createdAt = now;
    this.revalidateAt = nextRevalidation(now, host.timings.revalidateMs);
    this.inbound = new RecordBuffer(host.timings.maxMessageBytes);
  }

  get caller(): HubCaller {
    return { connectionId: this.connectionId, auth: this.auth };
  }

  get isConnected(): boolean {
    return this.handshakeDone && !this.closed;
  }

  get transport(): TransportSink | null {
    return this.sink;
  }

  attach(sink: TransportSink, now: number): void {
    this.kind = sink.kind;
    this.sink = sink;
    this.attachedAt = now;
    this.lastReceivedAt = now;
    this.lastSentAt = now;
  }

  /** A WebSocket frame or POST body from the client. */
  receive(chunk: Buffer, now: number): void {
    if (this.closed) return;
    this.lastReceivedAt = now;
    let records: string[];
    try {
      records = this.inbound.push(chunk);
    } catch (error) {
      if (!(error instanceof MessageTooLargeError)) throw error;
      if (!this.handshakeDone) this.failHandshake(HANDSHAKE_ERRORS.canceled);
      else this.closeWithError(error);
      return;
    }
    for (const record of records) {
      if (this.closed) return;
      if (!this.handshakeDone) {
        this.handshake(record);
        continue;
      }
      let message;
      try {
        message = parseHubMessage(record);
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
        this.closeWithError(error);
        return;
      }
      if (message.type === 6) this.clientTimeoutArmed = true;
      else if (message.type === 7) this.end();
      else if (message.type !== 'ignored') this.host.dispatch(this, message);
    }
  }

  private handshake(record: string): void {
    const error = checkHandshake(record);
    if (error) {
      this.failHandshake(error);
      return;
    }
    this.handshakeDone = true;
    // `{}` must be the first record the client ever receives.
    this.write(encodeRecord({}));
    this.ready = this.host.connected(this);
  }

  private failHandshake(error: string): void {
    this.write(encodeRecord({ error }));
    this.end();
  }

  private closeWithError(error: Error): void {
    this.host.logProtocolError(this, error);
    this.close({ error: `Connection closed with an error. ${error.message}` });
  }

  /** A hub message to the client; dropped before the handshake and after closing. */
  send(payload: string): void {
    if (this.isConnected) this.write(payload);
  }

  private write(payload: string): void {
    if (this.closed || !this.sink) return;
    this.lastSentAt = Date.now();
    this.sink.send(payload);
  }

  /** Sends Close (when connected) and ends the connection. */
  close(options: { error?: string; allowReconnect?: boolean }): void {
    if (this.isConnected) this.write(closeRecord(options));
    this.end();
  }

  /** Ends the transport (if any) and disposes the connection. Idempotent. */
  end(): void {
    if (this.closed) return;
    const sink = this.sink;
    this.dispose();
    sink?.end();
  }

  /** Forgets the connection (transport already gone or being ended). Runs disconnect logic once. */
  dispose(): void {
    if (this.closed) return;
    const wasConnected = this.handshakeDone;
    this.closed = true;
    this.host.disposed(this, wasConnected);
  }

  /** Liveness and timeouts, called on the host's tick. */
  tick(now: number): void {
    if (this.closed) return;
    const t = this.host.timings;
    if (!this.sink) {
      if (now - this.createdAt >= t.disconnectTimeoutMs) this.dispose();
      return;
    }
    const transportIdleSince = this.sink.idleSince?.() ?? null;
    if (transportIdleSince !== null && now - transportIdleSince >= t.disconnectTimeoutMs) {
      this.end();
      return;
    }
    if (!this.handshakeDone) {
      if (now - this.attachedAt >= t.handshakeTimeoutMs) this.failHandshake(HANDSHAKE_ERRORS.canceled);
      return;
    }
    // Long polling has inherent keep-alive: no pings, no client timeout (§2.4).
    if (this.kind === 'LongPolling') return;
    if (this.clientTimeoutArmed && now - this.lastReceivedAt >= t.clientTimeoutMs) {
      // No Close message: a silent client is most likely gone, and one that is not reconnects.
      this.end();
      return;
    }
    if (now - this.lastSentAt >= t.keepAliveMs) this.write(PING);
  }
}

/** `revalidateMs` from `now`, less up to half of it at random. */
export const nextRevalidation = (now: number, revalidateMs: number): number => now + revalidateMs * (0.5 + Math.random() / 2);
