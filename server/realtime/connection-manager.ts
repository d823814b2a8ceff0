import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../lib/auth';
import { loggableError } from '../lib/error-log';
import { HubConnection, nextRevalidation, type ConnectionHost } from './connection';
import { Dispatcher, type InvocationMessage } from './dispatcher';
import { Groups } from './groups';
import { invocationRecord } from './hub-protocol';
import { newConnectionId } from './ids';
import type { Authenticate } from './transport-request';
import type { HubDefinition, HubLimits, HubServer, HubTimings } from './types';

/**
 * This process's connections: lookup by transport id, groups, the hub's connect/disconnect
 * callbacks, and one timer that drives every connection's timeouts and keep-alive pings.
 */
export class ConnectionManager implements ConnectionHost, HubServer {
  /** By the id transports use (token for negotiate v1, public id for v0). */
  private readonly byKey = new Map<string, HubConnection>();
  private readonly byId = new Map<string, HubConnection>();
  private readonly groups = new Groups();
  private hub!: HubDefinition;
  private dispatcher!: Dispatcher;
  private timer: NodeJS.Timeout | null = null;
  private connectedCount = 0;

  constructor(
    readonly timings: HubTimings,
    readonly limits: HubLimits,
    private readonly authenticate: Authenticate,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Separate from the constructor: the hub factory needs this object as its HubServer. */
  setHub(hub: HubDefinition): void {
    this.hub = hub;
    this.dispatcher = new Dispatcher(hub, this.log);
  }

  create(auth: AuthContext, withToken: boolean, token: string): HubConnection {
    const connectionId = newConnectionId();
    const key = withToken ? newConnectionId() : connectionId;
    const connection = new HubConnection(connectionId, key, auth, token, this, Date.now());
    this.byKey.set(key, connection);
    this.byId.set(connectionId, connection);
    this.ensureTimer();
    return connection;
  }

  get(key: string): HubConnection | undefined {
    return this.byKey.get(key);
  }

  all(): HubConnection[] {
    return [...this.byKey.values()];
  }

  /** Open connections of one user on this process (negotiated, attached or connected). */
  countFor(userId: string): number {
    let count = 0;
    for (const connection of this.byKey.values()) if (connection.auth.userId === userId) count++;
    return count;
  }

  /**
   * Whether the connection's token still proves a live session of its user. Checked at most
   * every revalidateMs (the session check behind `authenticate` is cached too); a failed check
   * ends the connection with Close {allowReconnect: true}: a client whose session lives comes
   * back at once with a fresh token, one whose session ended is refused at negotiate.
   */
  private stillValid(connection: HubConnection): Promise<boolean> | true {
    if (Date.now() < connection.revalidateAt) return true;
    connection.revalidating ??= this.revalidate(connection).finally(() => { connection.revalidating = null; });
    return connection.revalidating;
  }

  private async revalidate(connection: HubConnection): Promise<boolean> {
    const token = connection.token;
    const auth = await this.authenticate(token).catch(() => null);
    if (auth && auth.userId === connection.auth.userId) {
      if (connection.token === token) connection.revalidateAt = nextRevalidation(Date.now(), this.timings.revalidateMs);
      return true;
    }
    connection.close({ allowReconnect: true });
    return false;
  }

  // ---- ConnectionHost ----

  async connected(connection: HubConnection): Promise<void> {
    this.connectedCount++;
    try {
      await this.hub.onConnected?.(connection.caller);
    } catch (error) {
      this.log.error({ error: loggableError(error) }, 'hub onConnected failed');
    }
  }

  disposed(connection: HubConnection, wasConnected: boolean): void {
    this.byKey.delete(connection.key);
    this.byId.delete(connection.connectionId);
    this.groups.removeConnection(connection.connectionId);
    if (this.byKey.size === 0) this.stopTimer();
    if (!wasConnected) return;
    this.connectedCount--;
    // After onConnected, so a hub never sees the end before the start.
    void connection.ready
      .then(() => this.hub.onDisconnected?.(connection.caller))
      .catch((error: unknown) => this.log.error({ error: loggableError(error) }, 'hub onDisconnected failed'));
  }

  /**
   * Invocations of one connection run one at a time, in arrival order (ASP.NET's default of one
   * parallel invocation per client): one frame of thousands of records cannot open thousands of
   * database transactions. Too many waiting ends the connection.
   */
  dispatch(connection: HubConnection, message: InvocationMessage): void {
    if (connection.pendingInvocations >= this.limits.pendingInvocations) {
      connection.close({ error: 'Connection closed with an error. Too many invocations are waiting.' });
      return;
    }
    connection.pendingInvocations++;
    connection.invocations = connection.invocations
      .then(async () => {
        if (connection.closed) return;
        if (!(await this.stillValid(connection))) return;
        await this.dispatcher.dispatch(connection, message);
      })
      .catch((error: unknown) => this.log.error({ error: loggableError(error) }, 'hub invocation failed'))
      .finally(() => { connection.pendingInvocations--; });
  }

  logProtocolError(_connection: HubConnection, error: Error): void {
    this.log.debug({ reason: error.message }, 'SignalR connection closed: protocol error');
  }

  // ---- HubServer ----

  addToGroup(connectionId: string, group: string): void {
    // A connection that has already gone must not leave a member behind.
    if (this.byId.get(connectionId)?.closed === false) this.groups.add(connectionId, group);
  }

  removeFromGroup(connectionId: string, group: string): void {
    this.groups.remove(connectionId, group);
  }

  sendToGroups(groups: readonly string[], target: string, args: readonly unknown[]): void {
    const ids = this.groups.connectionsIn(groups);
    if (ids.size === 0) return;
    const record = invocationRecord(target, args);
    for (const id of ids) this.byId.get(id)?.send(record);
  }

  connectionCount(): number {
    return this.connectedCount;
  }

  reconnectAll(): void {
    for (const connection of this.all()) connection.close({ allowReconnect: true });
  }

  // ---- timers ----

  private ensureTimer(): void {
    if (this.timer) return;
    const t = this.timings;
    // Fine enough for the shortest timing (tests shorten them), at most once a second like the reference server.
    const every = Math.max(5, Math.min(1000, Math.floor(Math.min(t.keepAliveMs, t.clientTimeoutMs, t.handshakeTimeoutMs, t.disconnectTimeoutMs) / 4)));
    this.timer = setInterval(() => {
      const now = Date.now();
      for (const connection of this.all()) {
        connection.tick(now);
        // An idle connection still receives pushes: its session is checked on the tick too.
        if (connection.isConnected && now >= connection.revalidateAt) void this.stillValid(connection);
      }
    }, every);
    this.timer.unref();
  }

  stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
