import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { startLocalProxy, type LocalProxy } from '../../scripts/local-proxy';

/** A backend that answers who it is and what the proxy told it; /chathub/negotiate hands out tokens. */
async function backend(name: string) {
  let tokens = 0;
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/chathub/negotiate')) {
      tokens += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ connectionId: `id-${name}-${tokens}`, connectionToken: `${name}-${tokens}` }));
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        name, url: request.url, body, forwardedFor: request.headers['x-forwarded-for'], forwardedHost: request.headers['x-forwarded-host'],
        hop: request.headers['x-hop'], proxyAuthorization: request.headers['proxy-authorization'],
      }));
    });
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket, request) => {
    socket.on('message', (data: Buffer) => socket.send(`${name}:${request.headers['x-forwarded-for']}:${data.toString()}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => new Promise<void>((resolve) => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

interface Echo { name: string; url: string; body: string; forwardedFor: string; forwardedHost: string; hop?: string; proxyAuthorization?: string }

describe('scripts/local-proxy.ts', () => {
  let one: Awaited<ReturnType<typeof backend>>;
  let two: Awaited<ReturnType<typeof backend>>;
  let proxy: LocalProxy;
  beforeAll(async () => {
    one = await backend('one');
    two = await backend('two');
    proxy = await startLocalProxy({ backends: [one.url, two.url] });
  });
  afterAll(async () => {
    await proxy?.close();
    await one?.close();
    await two?.close();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => (await (await fetch(`${proxy.url}${path}`, { headers })).json()) as Echo;

  it('sends requests round-robin, bodies included', async () => {
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await get(`/api/x?i=${i}`)).name);
    expect(names).toEqual(['one', 'two', 'one', 'two']);
    const posted = (await (await fetch(`${proxy.url}/api/y`, { method: 'POST', body: 'hello', headers: { 'content-type': 'text/plain' } })).json()) as Echo;
    expect([posted.url, posted.body]).toEqual(['/api/y', 'hello']);
  });

  it('adds the client to X-Forwarded-For (after what a proxy before it said) and names the host', async () => {
    const direct = await get('/a');
    expect(direct.forwardedFor).toBe('127.0.0.1');
    expect(direct.forwardedHost).toBe(new URL(proxy.url).host);
    expect((await get('/b', { 'x-forwarded-for': '203.0.113.1' })).forwardedFor).toBe('203.0.113.1, 127.0.0.1');
  });

  it('keeps each hub connection on the backend that negotiated it', async () => {
    const negotiated: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${proxy.url}/chathub/negotiate?negotiateVersion=1`, { method: 'POST' });
      negotiated.push(((await res.json()) as { connectionToken: string }).connectionToken);
    }
    expect(negotiated.map((t) => t.split('-')[0]).sort()).toEqual(['one', 'two']);
    for (const token of negotiated) {
      for (let i = 0; i < 3; i++) expect((await get(`/chathub?id=${encodeURIComponent(token)}`)).name).toBe(token.split('-')[0]);
    }
  });

  it('passes WebSocket upgrades through, pinned like the other hub requests', async () => {
    const res = await fetch(`${proxy.url}/chathub/negotiate?negotiateVersion=1`, { method: 'POST' });
    const token = ((await res.json()) as { connectionToken: string }).connectionToken;
    const socket = new WebSocket(`${proxy.url.replace('http', 'ws')}/chathub?id=${token}`);
    const answer = await new Promise<string>((resolve, reject) => {
      socket.once('open', () => socket.send('ping'));
      socket.once('message', (data: Buffer) => resolve(data.toString()));
      socket.once('error', reject);
    });
    socket.close();
    expect(answer).toBe(`${token.split('-')[0]}:127.0.0.1:ping`);
  });

  it('answers 502 when a backend is down, to a WebSocket upgrade too', async () => {
    const down = await startLocalProxy({ backends: ['http://127.0.0.1:1'] });
    try {
      expect((await fetch(`${down.url}/api/health`)).status).toBe(502);
      const status = await new Promise<number | string>((resolve) => {
        const socket = new WebSocket(`${down.url.replace('http', 'ws')}/chathub?id=x`);
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.on('error', (error) => resolve(error.message));
      });
      expect(status).toBe(502);
    } finally {
      await down.close();
    }
  });

  it('drops hop-by-hop headers: the fixed ones and those the Connection header names', async () => {
    const echo = await new Promise<Echo>((resolve, reject) => {
      const request = http.get(`${proxy.url}/hop`, {
        headers: { connection: 'keep-alive, x-hop', 'x-hop': 'secret', 'proxy-authorization': 'Basic c2VjcmV0' },
      }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => { body += chunk.toString(); });
        response.on('end', () => resolve(JSON.parse(body) as Echo));
      });
      request.on('error', reject);
    });
    expect(echo.url).toBe('/hop');
    expect([echo.hop, echo.proxyAuthorization]).toEqual([undefined, undefined]);
  });
});
