import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { HubConnection, TransportSink } from '../connection';
import type { ConnectionManager } from '../connection-manager';
import { TRANSPORT_ERRORS, resolveTransportRequest, type Authenticate } from '../transport-request';

/** How long a closing socket may take for its close handshake before it is cut. */
const CLOSE_GRACE_MS = 1000;

/**
 * WebSockets on the HTTP server's 'upgrade' event for the hub path only (SIGNALR.md §2.2): the
 * id and user are checked before the 101, so a refused upgrade is a plain HTTP status the
 * client can fall back from. Other upgrade paths are left to other listeners.
 */
export function webSocketTransport(server: Server, options: {
  matchesPath(pathname: string): boolean;
  manager: ConnectionManager;
  authenticate: Authenticate;
  maxFrameBytes: number;
  /** A client that does not read: once this much waits in the socket, the connection ends. */
  maxBufferedBytes: number;
  log: FastifyBaseLogger;
}): { closeAll(): Promise<void>; detach(): void } {
  // UTF-8 is validated per record by the hub protocol, not per frame: a character split across
  // two text frames is legal for SignalR (SIGNALR.md §7 case 21) but not for ws's frame check.
  const wss = new WebSocketServer({ noServer: true, skipUTF8Validation: true, perMessageDeflate: false, maxPayload: options.maxFrameBytes });
  const sockets = new Set<WebSocket>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!options.matchesPath(url.pathname)) {
      // Node destroys an upgrade nobody listens for; do the same when this is the only listener.
      if (server.listenerCount('upgrade') === 1) reject(socket, 404, 'Not found');
      return;
    }
    // The socket may fail while the token is checked; never let that crash the process.
    socket.on('error', () => socket.destroy());
    void (async () => {
      const resolved = await resolveTransportRequest(options.manager, options.authenticate, {
        authorization: request.headers.authorization,
        accessToken: url.searchParams.get('access_token'),
        id: url.searchParams.get('id'),
      });
      if (!resolved.ok) return reject(socket, resolved.status, resolved.message);
      const { connection, auth } = resolved;
      if (connection.kind === 'WebSockets') return reject(socket, 409, TRANSPORT_ERRORS.conflict);
      if (connection.kind !== null) return reject(socket, 400, TRANSPORT_ERRORS.switching);
      // Claimed before the (asynchronous) upgrade completes, so a concurrent second upgrade gets 409.
      connection.kind = 'WebSockets';
      connection.auth = auth;
      wss.handleUpgrade(request, socket, head, (ws) => attach(connection, ws));
    })().catch((error: unknown) => {
      options.log.error({ reason: error instanceof Error ? error.message : String(error) }, 'WebSocket upgrade failed');
      reject(socket, 500, 'Something went wrong on our side. Please try again.');
    });
  };

  const attach = (connection: HubConnection, ws: WebSocket) => {
    sockets.add(ws);
    ws.on('close', () => {
      sockets.delete(ws);
      connection.dispose();
    });
    ws.on('error', () => ws.terminate());
    if (connection.closed) {
      ws.close(1000);
      return;
    }
    const sink: TransportSink = {
      kind: 'WebSockets',
      // Always text frames: the browser client cannot read binary frames with the JSON protocol.
      send: (payload) => {
        if (ws.readyState !== ws.OPEN) return;
        if (ws.bufferedAmount > options.maxBufferedBytes) {
          // Unbounded buffering would let one slow reader hold the server's memory.
          ws.terminate();
          return;
        }
        ws.send(payload);
      },
      end: () => {
        ws.close(1000);
        setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
      },
    };
    connection.attach(sink, Date.now());
    ws.on('message', (data: RawData) => connection.receive(toBuffer(data), Date.now()));
  };

  server.on('upgrade', onUpgrade);

  return {
    /** Ends every open socket (after a Close record was sent on each), waiting for the close handshakes. */
    async closeAll() {
      await Promise.all([...sockets].map((ws) => new Promise<void>((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close(1000);
        setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
      })));
    },
    detach() {
      server.off('upgrade', onUpgrade);
      wss.close();
    },
  };
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function reject(socket: Duplex, status: number, message: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
