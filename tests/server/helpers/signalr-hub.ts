import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { AuthContext } from '../../../server/lib/auth';
import { registerInputGuards } from '../../../server/lib/input-guards';
import { registerSignalRHub } from '../../../server/realtime/signalr';
import { HubError, type HubCaller, type HubLimits, type HubTimings, type SignalRHubHandle } from '../../../server/realtime/types';

export const RS = '\u001e';

/** A standalone app with the SignalR host and a small test hub (not the chat hub). */
export interface HubTestServer {
  app: FastifyInstance;
  handle: SignalRHubHandle;
  /** http://127.0.0.1:port */
  base: string;
  connected: string[];
  disconnected: string[];
  /** Tokens that no longer authenticate (a logout, a revoked session). */
  revoked: Set<string>;
  close(): Promise<void>;
}

const USERS: Record<string, AuthContext> = {
  alice: { userId: 'u-alice', roles: [], sessionId: 's' },
  bob: { userId: 'u-bob', roles: [], sessionId: 's' },
};

export async function startHubServer(options: { timings?: Partial<HubTimings>; limits?: Partial<HubLimits>; ignoreTrailingSlash?: boolean } = {}): Promise<HubTestServer> {
  // forceCloseConnections: the client under test runs in this process and may leave a fresh keep-alive
  // socket without a request (an aborted poll), which would hold server.close() for the headers timeout.
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, forceCloseConnections: true, routerOptions: { caseSensitive: false, ignoreTrailingSlash: options.ignoreTrailingSlash ?? false } });
  // The real app's global guards run on the hub routes too: they must not disturb raw bodies.
  registerInputGuards(app);
  const connected: string[] = [];
  const disconnected: string[] = [];
  const revoked = new Set<string>();
  const handle = registerSignalRHub(app, {
    path: '/chathub',
    authenticate: async (token) => (revoked.has(token) ? null : USERS[token] ?? null),
    timings: options.timings,
    limits: options.limits,
    hub: (server) => ({
      methods: {
        Echo: (_caller: HubCaller, args) => {
          if (args.length !== 1 || typeof args[0] !== 'string') throw new HubError('Echo takes one text');
          return args[0];
        },
        Fail: () => {
          throw new HubError('nope');
        },
        Boom: () => {
          throw new Error('secret internals at /srv/db');
        },
        Nothing: () => undefined,
        Slow: async (_caller, args) => {
          await new Promise((resolve) => setTimeout(resolve, Number(args[0])));
          return args[1];
        },
        Join: (caller, args) => server.addToGroup(caller.connectionId, String(args[0])),
        Leave: (caller, args) => server.removeFromGroup(caller.connectionId, String(args[0])),
        Broadcast: (_caller, args) => server.sendToGroups([String(args[0]), String(args[2] ?? args[0])], 'Receive', [args[0], args[1]]),
        Whoami: (caller) => caller.auth.userId,
      },
      onConnected: (caller) => {
        connected.push(caller.connectionId);
      },
      onDisconnected: (caller) => {
        disconnected.push(caller.connectionId);
      },
    }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, handle, base: `http://127.0.0.1:${port}`, connected, disconnected, revoked, close: () => app.close() };
}

export interface Negotiated {
  connectionId: string;
  connectionToken?: string;
  negotiateVersion: number;
  availableTransports: { transport: string; transferFormats: string[] }[];
}

export async function negotiate(base: string, token = 'alice', query = '?negotiateVersion=1'): Promise<Negotiated> {
  const res = await fetch(`${base}/chathub/negotiate${query}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`negotiate ${res.status}`);
  return (await res.json()) as Negotiated;
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns true (or throws after `timeoutMs`). */
export async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached in time');
    await wait(10);
  }
}

/** A raw WebSocket client that collects every received frame's text. */
export class RawSocket {
  readonly frames: string[] = [];
  readonly binaryFlags: boolean[] = [];
  closed = false;
  closeCode = 0;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      this.frames.push(Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
      this.binaryFlags.push(isBinary);
    });
    ws.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
    });
  }

  static open(base: string, id: string, init: { token?: string; headerToken?: string } = { token: 'alice' }): Promise<RawSocket> {
    const query = `?id=${encodeURIComponent(id)}${init.token ? `&access_token=${init.token}` : ''}`;
    const ws = new WebSocket(`${base.replace('http', 'ws')}/chathub${query}`, {
      headers: init.headerToken ? { authorization: `Bearer ${init.headerToken}` } : {},
    });
    const socket = new RawSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** The status of a refused upgrade. */
  static refusal(base: string, query: string, headers: Record<string, string> = {}): Promise<number> {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/chathub${query}`, { headers });
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        ws.terminate();
        reject(new Error('upgrade was accepted'));
      });
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.once('error', () => {});
    });
  }

  send(text: string | Buffer, binary = false): void {
    this.ws.send(text, { binary });
  }

  /** All text received so far, frames concatenated. */
  get text(): string {
    return this.frames.join('');
  }

  /** Every complete record received so far, parsed. */
  get records(): Record<string, unknown>[] {
    return this.text.split(RS).filter(Boolean).map((r) => JSON.parse(r) as Record<string, unknown>);
  }

  async handshake(): Promise<void> {
    this.send(`{"protocol":"json","version":1}${RS}`);
    await until(() => this.text.startsWith(`{}${RS}`));
  }

  async waitFor(predicate: (record: Record<string, unknown>) => boolean, timeoutMs = 3000): Promise<Record<string, unknown>> {
    let found: Record<string, unknown> | undefined;
    await until(() => (found = this.records.find(predicate)) !== undefined, timeoutMs);
    return found!;
  }

  close(): void {
    this.ws.terminate();
  }
}

/** An SSE stream read with fetch: the raw text received so far. */
export class RawEventStream {
  text = '';
  ended = false;
  private constructor(readonly response: Response, private readonly controller: AbortController) {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          this.text += decoder.decode(value, { stream: true });
        }
      } catch {
        // aborted
      }
      this.ended = true;
    })();
  }

  static async open(base: string, id: string, token = 'alice'): Promise<RawEventStream> {
    const controller = new AbortController();
    const response = await fetch(`${base}/chathub?id=${encodeURIComponent(id)}&access_token=${token}`, {
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    return new RawEventStream(response, controller);
  }

  /** The records of every `data:` event so far. */
  get records(): Record<string, unknown>[] {
    return this.text.split('\r\n\r\n').filter((e) => e.startsWith('data: '))
      .flatMap((e) => e.slice('data: '.length).split(RS).filter(Boolean).map((r) => JSON.parse(r) as Record<string, unknown>));
  }

  close(): void {
    this.controller.abort();
  }
}

export function post(base: string, id: string, body: string | Uint8Array, token = 'alice', contentType = 'text/plain;charset=UTF-8'): Promise<Response> {
  return fetch(`${base}/chathub?id=${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
}

export function poll(base: string, id: string, token = 'alice', signal?: AbortSignal): Promise<Response> {
  return fetch(`${base}/chathub?id=${encodeURIComponent(id)}&_=${Date.now()}`, { headers: { authorization: `Bearer ${token}` }, signal });
}
