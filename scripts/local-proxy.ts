/**
 * A small reverse proxy for running several server processes on one machine (and for the
 * scale-out tests): round-robin over the backends, WebSocket upgrades passed through, and
 * X-Forwarded-For / -Proto / -Host added, so the servers (TRUST_PROXY=loopback) see each client's
 * address. SignalR affinity: a hub connection is served by the process that negotiated it (its
 * connection token lives in that process's memory), so the proxy remembers which backend answered
 * each negotiate and sends the connection's requests (`/chathub?id=<token>`) there. See
 * docs/operations.md for what a production proxy must do instead.
 *
 *   npx tsx scripts/local-proxy.ts --port 8080 http://127.0.0.1:8081 http://127.0.0.1:8082
 */
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export interface LocalProxy {
  url: string;
  port: number;
  /** Requests (and upgrades) sent to each backend, in the order given. */
  hits: number[];
  setBackends(urls: readonly string[]): void;
  close(): Promise<void>;
}

interface Backend {
  host: string;
  port: number;
}

const HUB_PREFIX = '/chathub';
/** Negotiated connections remembered at most (the oldest are forgotten first). */
const MAX_AFFINITIES = 100_000;
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

/**
 * Drops the hop-by-hop headers of one hop: the fixed list and every header the `Connection`
 * header names (RFC 9110 §7.6.1). Transfer-Encoding is left to Node, which re-frames the body.
 */
function dropHopByHop(headers: http.OutgoingHttpHeaders | http.IncomingHttpHeaders): void {
  const listed = headers.connection;
  const named = (Array.isArray(listed) ? listed.join(',') : String(listed ?? '')).split(',').map((n) => n.trim().toLowerCase()).filter(Boolean);
  for (const name of [...HOP_BY_HOP, ...named]) if (name !== 'transfer-encoding') delete headers[name];
}

function parseBackend(url: string): Backend {
  const u = new URL(url);
  if (u.protocol !== 'http:') throw new Error(`Backend ${url}: only http:// backends are supported`);
  return { host: u.hostname, port: Number(u.port || 80) };
}

/** The hub connection a request belongs to: `id` in the query of /chathub (not /chathub/negotiate). */
function hubConnectionId(url: string): string | null {
  const [path = '', query = ''] = url.split('?');
  const lower = path.toLowerCase();
  if (lower !== HUB_PREFIX && lower !== `${HUB_PREFIX}/`) return null;
  return new URLSearchParams(query).get('id');
}

const isNegotiate = (url: string) => url.split('?')[0]!.toLowerCase().replace(/\/+$/, '') === `${HUB_PREFIX}/negotiate`;

export async function startLocalProxy(options: { port?: number; host?: string; backends?: readonly string[] } = {}): Promise<LocalProxy> {
  let backends: Backend[] = (options.backends ?? []).map(parseBackend);
  let hits: number[] = backends.map(() => 0);
  let next = 0;
  const affinity = new Map<string, number>();
  /** Upgraded (WebSocket) sockets: the HTTP server no longer tracks them, close() ends them. */
  const tunnels = new Set<net.Socket>();

  const pick = (url: string): number => {
    if (backends.length === 0) throw new Error('No backends');
    const id = hubConnectionId(url);
    const pinned = id === null ? undefined : affinity.get(id);
    const index = pinned !== undefined && pinned < backends.length ? pinned : next++ % backends.length;
    hits[index] = (hits[index] ?? 0) + 1;
    return index;
  };

  const remember = (body: Buffer, index: number) => {
    try {
      const answer = JSON.parse(body.toString('utf8')) as { connectionToken?: unknown; connectionId?: unknown };
      // Negotiate v1 answers a token (what the client sends as id); v0 only the id.
      const key = typeof answer.connectionToken === 'string' ? answer.connectionToken : answer.connectionId;
      if (typeof key !== 'string') return;
      affinity.set(key, index);
      if (affinity.size > MAX_AFFINITIES) affinity.delete(affinity.keys().next().value!);
    } catch {
      // Not a negotiate answer (an error page): nothing to remember.
    }
  };

  const forwardedHeaders = (request: http.IncomingMessage): http.OutgoingHttpHeaders => {
    const headers: http.OutgoingHttpHeaders = { ...request.headers };
    const prior = request.headers['x-forwarded-for'];
    const client = request.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${client}` : client;
    headers['x-forwarded-proto'] = 'http';
    if (request.headers.host) headers['x-forwarded-host'] = request.headers.host;
    return headers;
  };

  const server = http.createServer((request, response) => {
    let index: number;
    try {
      index = pick(request.url ?? '/');
    } catch {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('No backend');
      return;
    }
    const backend = backends[index]!;
    const headers = forwardedHeaders(request);
    dropHopByHop(headers);
    const upstream = http.request({ host: backend.host, port: backend.port, method: request.method, path: request.url, headers }, (answer) => {
      const out = { ...answer.headers };
      dropHopByHop(out);
      if (isNegotiate(request.url ?? '') && answer.statusCode === 200) {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          remember(body, index);
          response.writeHead(200, out).end(body);
        });
        return;
      }
      response.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end('Bad gateway');
    });
    request.pipe(upstream);
  });

  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    let index: number;
    try {
      index = pick(request.url ?? '/');
    } catch {
      socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const backend = backends[index]!;
    const upstream = net.connect(backend.port, backend.host, () => {
      tunnels.add(upstream);
      tunnels.add(socket);
      const headers = forwardedHeaders(request);
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(headers)) {
        for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) lines.push(`${name}: ${one}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    let connected = false;
    upstream.once('connect', () => { connected = true; });
    const end = () => {
      // A backend that never answered: the client hears why instead of a dropped socket.
      if (!connected && socket.writable) socket.write('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      tunnels.delete(upstream);
      tunnels.delete(socket);
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
    upstream.on('close', end);
    socket.on('close', end);
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${host}:${port}`,
    port,
    get hits() {
      return hits;
    },
    setBackends(urls) {
      backends = urls.map(parseBackend);
      hits = backends.map(() => 0);
      affinity.clear();
    },
    close: () => new Promise<void>((resolve) => {
      for (const tunnel of tunnels) tunnel.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

// Run as a script: the port after --port, then the backends.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--port');
  const port = at >= 0 ? Number(args[at + 1]) : 8080;
  const urls = args.filter((_, i) => i !== at && i !== at + 1);
  if (urls.length === 0) {
    console.error('Usage: npx tsx scripts/local-proxy.ts --port 8080 http://127.0.0.1:8081 http://127.0.0.1:8082');
    process.exit(1);
  }
  const proxy = await startLocalProxy({ port, backends: urls });
  console.log(`Proxy on ${proxy.url} → ${urls.join(', ')}`);
}
