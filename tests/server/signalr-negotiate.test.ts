import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RawEventStream, RawSocket, negotiate, poll, post, startHubServer, until, wait, type HubTestServer } from './helpers/signalr-hub';

/** SIGNALR.md §7 cases 1–4, 6, 7 (negotiate) and 8–12 (transport addressing), on the raw wire. */
let server: HubTestServer;
let slashServer: HubTestServer;
const open: { close(): void }[] = [];

beforeAll(async () => {
  server = await startHubServer({ timings: { disconnectTimeoutMs: 400, longPollHoldMs: 300 } });
  // The real app's router ignores trailing slashes; the host must work with either setting.
  slashServer = await startHubServer({ ignoreTrailingSlash: true });
});
afterAll(async () => {
  for (const o of open) o.close();
  await Promise.all([server.close(), slashServer.close()]);
});

const negotiateRaw = (query: string, init: RequestInit = {}, base = server.base, path = '/chathub/negotiate') =>
  fetch(`${base}${path}${query}`, { method: 'POST', ...init });
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('negotiate', () => {
  it('answers 401 without a token or with a bad one, and creates no connection (1)', async () => {
    expect((await negotiateRaw('?negotiateVersion=1')).status).toBe(401);
    expect((await negotiateRaw('?negotiateVersion=1', bearer('mallory'))).status).toBe(401);
    expect((await negotiateRaw('?negotiateVersion=1', { headers: { authorization: 'Basic YWxpY2U6eA==' } })).status).toBe(401);
    expect((await negotiateRaw('?negotiateVersion=1&access_token=nobody')).status).toBe(401);
  });

  it('answers version 1 with distinct random ids and the transports in order (2, 6)', async () => {
    const res = await negotiateRaw('?negotiateVersion=1', bearer('alice'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['availableTransports', 'connectionId', 'connectionToken', 'negotiateVersion']);
    expect(body.negotiateVersion).toBe(1);
    expect(body.connectionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.connectionToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.connectionId).not.toBe(body.connectionToken);
    expect(body.availableTransports).toEqual([
      { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
      { transport: 'ServerSentEvents', transferFormats: ['Text'] },
      { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
    ]);
    const again = await negotiate(server.base);
    expect(again.connectionId).not.toBe(body.connectionId);
  });

  it('answers version 0 without a token, and its public id addresses the transports (3)', async () => {
    const res = await negotiateRaw('', bearer('alice'));
    const body = await res.json() as Record<string, unknown>;
    expect(body.negotiateVersion).toBe(0);
    expect(body).not.toHaveProperty('connectionToken');
    const first = await poll(server.base, String(body.connectionId));
    expect(first.status).toBe(200);
  });

  it('refuses a non-integer version with {error} and clamps a higher one (3)', async () => {
    const bad = await negotiateRaw('?negotiateVersion=abc', bearer('alice'));
    expect(bad.status).toBe(200);
    expect(await bad.json()).toEqual({ error: 'The client requested a non-integer protocol version.' });
    const negative = await (await negotiateRaw('?negotiateVersion=-1', bearer('alice'))).json() as Record<string, unknown>;
    expect(negative.error).toEqual(expect.any(String));
    const high = await (await negotiateRaw('?negotiateVersion=5', bearer('alice'))).json() as Record<string, unknown>;
    expect(high.negotiateVersion).toBe(1);
    expect(high.connectionToken).toEqual(expect.any(String));
  });

  it('takes POST only, keeps app query parameters, and works with a trailing slash (4)', async () => {
    expect((await fetch(`${server.base}/chathub/negotiate?negotiateVersion=1`, bearer('alice'))).status).toBe(405);
    expect((await negotiateRaw('?negotiateVersion=1', { method: 'PUT', ...bearer('alice') })).status).toBe(405);
    const withQuery = await (await negotiateRaw('?room=5&negotiateVersion=1', bearer('alice'))).json() as Record<string, unknown>;
    expect(withQuery.negotiateVersion).toBe(1);
    for (const s of [server, slashServer]) {
      const n = await negotiate(s.base);
      expect((await fetch(`${s.base}/chathub/?id=${n.connectionToken}&_=1`, bearer('alice'))).status).toBe(200);
    }
  });

  it('forgets a negotiated connection that never attached (7)', async () => {
    const n = await negotiate(server.base);
    await wait(700);
    expect((await poll(server.base, n.connectionToken!)).status).toBe(404);
  });
});

describe('transport addressing', () => {
  it('answers 400 without an id and 404 for an unknown one, WebSocket upgrade included (8)', async () => {
    const sse = (query: string) => fetch(`${server.base}/chathub${query}`, { headers: { accept: 'text/event-stream', authorization: 'Bearer alice' } });
    expect((await sse('')).status).toBe(400);
    expect((await poll(server.base, '')).status).toBe(400);
    expect((await post(server.base, '', 'x')).status).toBe(400);
    expect((await fetch(`${server.base}/chathub`, { method: 'DELETE', ...bearer('alice') })).status).toBe(400);
    expect((await sse('?id=nope')).status).toBe(404);
    expect((await poll(server.base, 'nope')).status).toBe(404);
    expect((await post(server.base, 'nope', 'x')).status).toBe(404);
    expect((await fetch(`${server.base}/chathub?id=nope`, { method: 'DELETE', ...bearer('alice') })).status).toBe(404);
    expect(await RawSocket.refusal(server.base, '?id=nope&access_token=alice')).toBe(404);
    expect(await RawSocket.refusal(server.base, '?access_token=alice')).toBe(400);
    expect(await RawSocket.refusal(server.base, '?id=nope')).toBe(401);
  });

  it('does not accept the public id where the secret token is required (9)', async () => {
    const n = await negotiate(server.base);
    expect((await poll(server.base, n.connectionId)).status).toBe(404);
    expect(await RawSocket.refusal(server.base, `?id=${n.connectionId}&access_token=alice`)).toBe(404);
  });

  it('answers 409 for a second stream, 400 for a transport switch, 405 for POST on a WebSocket, 400 for DELETE on a non-LP id (10)', async () => {
    const ws = await negotiate(server.base);
    const socket = await RawSocket.open(server.base, ws.connectionToken!);
    open.push(socket);
    expect(await RawSocket.refusal(server.base, `?id=${ws.connectionToken}&access_token=alice`)).toBe(409);
    expect((await poll(server.base, ws.connectionToken!)).status).toBe(400);
    expect((await post(server.base, ws.connectionToken!, '{"type":6}\u001e')).status).toBe(405);
    expect((await fetch(`${server.base}/chathub?id=${ws.connectionToken}`, { method: 'DELETE', ...bearer('alice') })).status).toBe(400);

    const sse = await negotiate(server.base);
    const stream = await RawEventStream.open(server.base, sse.connectionToken!);
    open.push(stream);
    expect(stream.response.status).toBe(200);
    const second = await fetch(`${server.base}/chathub?id=${sse.connectionToken}&access_token=alice`, { headers: { accept: 'text/event-stream' } });
    expect(second.status).toBe(409);
    expect(await RawSocket.refusal(server.base, `?id=${sse.connectionToken}&access_token=alice`)).toBe(400);
    expect((await fetch(`${server.base}/chathub?id=${sse.connectionToken}`, { method: 'DELETE', ...bearer('alice') })).status).toBe(400);

    const lp = await negotiate(server.base);
    expect((await poll(server.base, lp.connectionToken!)).status).toBe(200);
    expect(await RawSocket.refusal(server.base, `?id=${lp.connectionToken}&access_token=alice`)).toBe(400);
    const sseOnLp = await fetch(`${server.base}/chathub?id=${lp.connectionToken}&access_token=alice`, { headers: { accept: 'text/event-stream' } });
    expect(sseOnLp.status).toBe(400);

    for (const method of ['PUT', 'PATCH']) {
      expect((await fetch(`${server.base}/chathub?id=${lp.connectionToken}`, { method, ...bearer('alice') })).status).toBe(405);
    }
  });

  it("refuses a transport request of another user with 403 (11)", async () => {
    const n = await negotiate(server.base, 'alice');
    expect((await poll(server.base, n.connectionToken!, 'bob')).status).toBe(403);
    expect(await RawSocket.refusal(server.base, `?id=${n.connectionToken}&access_token=bob`)).toBe(403);
    expect((await poll(server.base, n.connectionToken!, 'alice')).status).toBe(200);
    expect((await post(server.base, n.connectionToken!, '{"protocol":"json","version":1}\u001e', 'bob')).status).toBe(403);
    expect((await post(server.base, n.connectionToken!, '{"protocol":"json","version":1}\u001e', 'mallory')).status).toBe(401);
  });

  it('authenticates WebSockets and SSE by the access_token query, POST and polls by the header (12)', async () => {
    const a = await negotiate(server.base);
    const byHeader = await RawSocket.open(server.base, a.connectionToken!, { headerToken: 'alice' });
    open.push(byHeader);
    await byHeader.handshake();
    const b = await negotiate(server.base);
    const byQuery = await RawSocket.open(server.base, b.connectionToken!, { token: 'alice' });
    open.push(byQuery);
    await byQuery.handshake();

    const c = await negotiate(server.base);
    const stream = await RawEventStream.open(server.base, c.connectionToken!, 'alice');
    open.push(stream);
    // The POST carries only the header, no token in the query.
    expect((await post(server.base, c.connectionToken!, '{"protocol":"json","version":1}\u001e')).status).toBe(200);
    await until(() => stream.text.includes('data: {}\u001e'));
  });

  it('leaves WebSocket upgrades of other paths alone, and refuses them when nobody else listens', async () => {
    const status = (path: string) => new Promise<number>((resolve) => {
      const ws = new WebSocket(`${server.base.replace('http', 'ws')}${path}`);
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.once('error', () => resolve(-1));
    });
    expect(await status('/other')).toBe(404);
    const other = (_req: unknown, socket: Duplex) => socket.end('HTTP/1.1 418 I am a teapot\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    server.app.server.on('upgrade', other);
    try {
      expect(await status('/other')).toBe(418);
    } finally {
      server.app.server.off('upgrade', other);
    }
  });
});
