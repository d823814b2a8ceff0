import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConnectionManager } from './connection-manager';
import { negotiateHandler } from './negotiate';
import { longPoll } from './transports/long-polling';
import { attachServerSentEvents } from './transports/sse';
import { webSocketTransport } from './transports/websocket';
import { queryValue, resolveTransportRequest, type Authenticate } from './transport-request';
import { DEFAULT_HUB_LIMITS, DEFAULT_HUB_TIMINGS, type SignalRHubHandle, type SignalRHubOptions } from './types';

/** The largest WebSocket message or POST body: several records may share one (the client batches). */
const MAX_PAYLOAD_BYTES = 1024 * 1024;

/**
 * A POST body as the client sent it. The bytes sit in a private field so the app's input guards,
 * which walk every enumerable property of a body, see an empty object (they are for JSON bodies).
 */
class RawBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/**
 * CONTRACT (issue 13): hosts a SignalR hub at `options.path` on `app` (negotiate, WebSockets via
 * the app's HTTP server 'upgrade' event, Server-Sent Events, Long Polling, the JSON hub protocol).
 * Must be called before the app is ready.
 */
export function registerSignalRHub(app: FastifyInstance, options: SignalRHubOptions): SignalRHubHandle {
  const timings = { ...DEFAULT_HUB_TIMINGS, ...options.timings };
  const path = options.path.replace(/\/+$/, '');
  const authenticate: Authenticate = (token) => options.authenticate(token);
  const limits = { ...DEFAULT_HUB_LIMITS, ...options.limits };
  const manager = new ConnectionManager(timings, limits, authenticate, app.log);
  manager.setHub(options.hub(manager));

  const webSockets = webSocketTransport(app.server, {
    matchesPath: (pathname) => {
      const lower = pathname.toLowerCase();
      return lower === path.toLowerCase() || lower === `${path.toLowerCase()}/`;
    },
    manager,
    authenticate,
    maxFrameBytes: MAX_PAYLOAD_BYTES,
    maxBufferedBytes: limits.outboundBufferBytes,
    log: app.log,
  });

  void app.register(async (scope) => {
    // Send bodies are raw text records: not parsed as JSON, not trimmed, whatever the content type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PAYLOAD_BYTES }, (_request, body, done) => {
      done(null, new RawBody(body as Buffer));
    });

    const routeOptions = {
      // WebSocket/SSE URLs carry the access token in the query: request logs get the path only.
      logSerializers: { req: (request: FastifyRequest) => ({ method: request.method, url: request.url.split('?')[0] }) },
    };
    const transport = transportHandler(manager, authenticate, timings.longPollHoldMs, limits.outboundBufferBytes);
    const negotiate = negotiateHandler(manager, authenticate);
    // With the router's ignoreTrailingSlash (the app's setting) one route serves both spellings.
    const trailingSlashIgnored = app.initialConfig.routerOptions?.ignoreTrailingSlash === true;
    for (const url of trailingSlashIgnored ? [path] : [path, `${path}/`]) {
      scope.all(url, routeOptions, transport);
    }
    scope.all(`${path}/negotiate`, routeOptions, negotiate);
  });

  /**
   * Ends the connections open now, each told it may reconnect (a graceful restart: clients come
   * back through a new negotiate, SIGNALR.md §6). Calling it again later ends the newer ones.
   */
  const close = async () => {
    for (const connection of manager.all()) connection.close({ allowReconnect: true });
    await webSockets.closeAll();
  };
  // Before the HTTP server waits for its connections: open streams and sockets would hold it.
  app.addHook('preClose', close);
  app.addHook('onClose', async () => {
    manager.stopTimer();
    webSockets.detach();
  });

  return {
    addToGroup: (connectionId, group) => manager.addToGroup(connectionId, group),
    removeFromGroup: (connectionId, group) => manager.removeFromGroup(connectionId, group),
    sendToGroups: (groups, target, args) => manager.sendToGroups(groups, target, args),
    connectionCount: () => manager.connectionCount(),
    reconnectAll: () => manager.reconnectAll(),
    close,
  };
}

/** `{hub}`: SSE and long polls (GET), sends (POST), long-poll termination (DELETE) (SIGNALR.md §2.1). */
function transportHandler(manager: ConnectionManager, authenticate: Authenticate, longPollHoldMs: number, maxBufferedBytes: number) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'POST' && request.method !== 'DELETE') {
      return reply.code(405).header('allow', 'GET, POST, DELETE').send({ message: 'Method not allowed' });
    }
    const resolved = await resolveTransportRequest(manager, authenticate, {
      authorization: request.headers.authorization,
      accessToken: queryValue(request.query, 'access_token'),
      id: queryValue(request.query, 'id'),
    });
    if (!resolved.ok) return reply.code(resolved.status).send({ message: resolved.message });
    const { connection, auth } = resolved;

    if (request.method === 'POST') {
      if (connection.kind === 'WebSockets') return reply.code(405).send({ message: 'POST requests are not allowed for WebSocket connections.' });
      if (connection.kind === null) return reply.code(400).send({ message: 'No transport is attached to this connection yet.' });
      const body = request.body instanceof RawBody ? request.body.bytes : Buffer.alloc(0);
      connection.receive(body, Date.now());
      return reply.code(200).type('text/plain').send('');
    }
    if (request.method === 'DELETE') {
      if (connection.kind !== 'LongPolling') return reply.code(400).send({ message: 'Cannot terminate this connection using the DELETE endpoint.' });
      connection.end();
      return reply.code(202).type('text/plain').send('');
    }
    if ((request.headers.accept ?? '').toLowerCase().includes('text/event-stream')) {
      return attachServerSentEvents(connection, auth, reply, maxBufferedBytes);
    }
    return longPoll(connection, auth, reply, longPollHoldMs, maxBufferedBytes);
  };
}
