import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RS, RawEventStream, RawSocket, negotiate, poll, post, startHubServer, until, wait, type HubTestServer } from './helpers/signalr-hub';

/** SIGNALR.md §7 cases 36–37 (keep-alive), 38–41 (long polling), 42 (SSE), 43–45 (close), on the raw wire. */
let server: HubTestServer;
const open: { close(): void }[] = [];

beforeAll(async () => {
  server = await startHubServer({ timings: { keepAliveMs: 150, clientTimeoutMs: 400, longPollHoldMs: 300, disconnectTimeoutMs: 400, handshakeTimeoutMs: 2000 } });
});
afterAll(async () => {
  for (const o of open) o.close();
  await server.close();
});

const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
const invoke = (id: string, target: string, ...args: unknown[]) => JSON.stringify({ type: 1, invocationId: id, target, arguments: args }) + RS;
const pings = (records: Record<string, unknown>[]) => records.filter((r) => r.type === 6).length;
const times = (list: string[], id: string) => list.filter((x) => x === id).length;

async function webSocket(): Promise<{ s: RawSocket; id: string }> {
  const n = await negotiate(server.base);
  const s = await RawSocket.open(server.base, n.connectionToken!);
  open.push(s);
  await s.handshake();
  return { s, id: n.connectionId };
}

async function eventStream(): Promise<{ stream: RawEventStream; token: string; id: string }> {
  const n = await negotiate(server.base);
  const stream = await RawEventStream.open(server.base, n.connectionToken!);
  open.push(stream);
  expect((await post(server.base, n.connectionToken!, HANDSHAKE)).status).toBe(200);
  await until(() => stream.text.includes(`data: {}${RS}`));
  return { stream, token: n.connectionToken!, id: n.connectionId };
}

async function longPolling(): Promise<{ token: string; id: string }> {
  const n = await negotiate(server.base);
  expect((await poll(server.base, n.connectionToken!)).status).toBe(200);
  expect((await post(server.base, n.connectionToken!, HANDSHAKE)).status).toBe(200);
  expect(await (await poll(server.base, n.connectionToken!)).text()).toBe(`{}${RS}`);
  return { token: n.connectionToken!, id: n.connectionId };
}

describe('keep-alive', () => {
  it('pings idle WebSocket and SSE connections, and keeps a connection without a client Ping past the client timeout (36)', async () => {
    const { s } = await webSocket();
    const { stream } = await eventStream();
    await wait(700);
    expect(pings(s.records)).toBeGreaterThanOrEqual(2);
    expect(pings(stream.records)).toBeGreaterThanOrEqual(2);
    expect(s.closed).toBe(false);
    expect(stream.ended).toBe(false);
  });

  it('ends a connection whose client went silent after its first Ping, and runs disconnect once (37)', async () => {
    const { s, id } = await webSocket();
    s.send(`{"type":6}${RS}`);
    await until(() => s.closed, 2000);
    await until(() => server.disconnected.includes(id));
    expect(times(server.disconnected, id)).toBe(1);
  });

  it('keeps a client that pings alive', async () => {
    const { s } = await webSocket();
    for (let i = 0; i < 6; i++) {
      s.send(`{"type":6}${RS}`);
      await wait(150);
    }
    expect(s.closed).toBe(false);
  });
});

describe('long polling', () => {
  it('holds an empty poll and answers 200 empty after the hold time, without pings (38)', async () => {
    const { token } = await longPolling();
    const started = Date.now();
    const res = await poll(server.base, token);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(res.headers.get('cache-control')).toBe('no-cache, no-store');
  });

  it('answers the first poll at once, queues data for the next poll, and ends an older poll with 204 (39)', async () => {
    const n = await negotiate(server.base);
    const first = await poll(server.base, n.connectionToken!);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-length')).toBe('0');
    expect((await post(server.base, n.connectionToken!, HANDSHAKE + invoke('1', 'Echo', 'a') + invoke('2', 'Echo', 'b'))).status).toBe(200);
    // Everything produced while no poll was pending goes out in one response.
    expect(await (await poll(server.base, n.connectionToken!)).text())
      .toBe(`{}${RS}{"type":3,"invocationId":"1","result":"a"}${RS}{"type":3,"invocationId":"2","result":"b"}${RS}`);
    const older = poll(server.base, n.connectionToken!);
    await wait(50);
    const newer = poll(server.base, n.connectionToken!);
    expect((await older).status).toBe(204);
    await wait(50);
    await post(server.base, n.connectionToken!, invoke('3', 'Echo', 'c'));
    expect(await (await newer).text()).toBe(`{"type":3,"invocationId":"3","result":"c"}${RS}`);
  });

  it('DELETE answers 202, ends the pending poll with 204, and the id is then unknown (40)', async () => {
    const { token, id } = await longPolling();
    const pending = poll(server.base, token);
    await wait(50);
    const del = await fetch(`${server.base}/chathub?id=${token}`, { method: 'DELETE', headers: { authorization: 'Bearer alice' } });
    expect(del.status).toBe(202);
    expect((await pending).status).toBe(204);
    expect((await poll(server.base, token)).status).toBe(404);
    expect((await post(server.base, token, `{"type":6}${RS}`)).status).toBe(404);
    await until(() => server.disconnected.includes(id));
  });

  it('disposes a connection whose client stopped polling, leaving its groups (41)', async () => {
    const { token, id } = await longPolling();
    await post(server.base, token, invoke('j', 'Join', 'lp-room'));
    expect(await (await poll(server.base, token)).text()).toBe(`{"type":3,"invocationId":"j"}${RS}`);
    await until(() => server.disconnected.includes(id), 2000);
    expect(times(server.disconnected, id)).toBe(1);
    expect((await poll(server.base, token)).status).toBe(404);
  });
});

describe('server-sent events', () => {
  it('streams with the SSE headers, a first comment line and data events; closing the stream disposes (42)', async () => {
    const n = await negotiate(server.base);
    const stream = await RawEventStream.open(server.base, n.connectionToken!);
    const headers = stream.response.headers;
    expect(headers.get('content-type')).toBe('text/event-stream');
    expect(headers.get('cache-control')).toBe('no-cache, no-store');
    expect(headers.get('content-encoding')).toBe('identity');
    await until(() => stream.text.length > 0);
    expect(stream.text).toBe(':\r\n');
    await post(server.base, n.connectionToken!, HANDSHAKE + invoke('1', 'Echo', 'line\nbreak'));
    await until(() => stream.records.some((r) => r.type === 3));
    expect(stream.text.startsWith(`:\r\ndata: {}${RS}\r\n\r\n`)).toBe(true);
    // Pings may come in between: every event is one `data:` line of whole records.
    const events = stream.text.slice(3).split('\r\n\r\n').filter(Boolean);
    expect(events.filter((e) => e !== `data: {"type":6}${RS}`)).toEqual([`data: {}${RS}`, `data: {"type":3,"invocationId":"1","result":"line\\nbreak"}${RS}`]);
    stream.close();
    await until(() => server.disconnected.includes(n.connectionId));
    expect((await post(server.base, n.connectionToken!, `{"type":6}${RS}`)).status).toBe(404);
  });
});

describe('close', () => {
  it('treats a client Close as a normal disconnect on every transport (43)', async () => {
    const { s, id: wsId } = await webSocket();
    s.send(`{"type":7}${RS}`);
    await until(() => s.closed);
    expect(s.records.filter((r) => r.type === 7)).toEqual([]);
    expect(s.closeCode).toBe(1000);

    const { stream, token: sseToken, id: sseId } = await eventStream();
    await post(server.base, sseToken, `{"type":7}${RS}`);
    await until(() => stream.ended);

    const { token: lpToken, id: lpId } = await longPolling();
    const pending = poll(server.base, lpToken);
    await wait(30);
    await post(server.base, lpToken, `{"type":7}${RS}`);
    expect((await pending).status).toBe(204);

    for (const id of [wsId, sseId, lpId]) {
      await until(() => server.disconnected.includes(id));
      expect(times(server.disconnected, id)).toBe(1);
    }
  });

  it('a protocol error closes with an error and without allowReconnect (44)', async () => {
    const { s } = await webSocket();
    s.send(`{"type":99}${RS}`);
    await until(() => s.closed);
    const close = s.records.find((r) => r.type === 7)!;
    expect(close.error).toEqual(expect.any(String));
    expect(close.allowReconnect).toBeUndefined();
  });

  it('close() sends Close {allowReconnect: true} on every transport and ends them, disconnecting each once (45)', async () => {
    const ws = await webSocket();
    const sse = await eventStream();
    const lp = await longPolling();
    const pending = poll(server.base, lp.token);
    await wait(30);
    const unattached = await negotiate(server.base);
    await server.handle.close();
    const close = { type: 7, allowReconnect: true };
    await until(() => ws.s.closed && sse.stream.ended);
    expect(ws.s.records.at(-1)).toEqual(close);
    expect(sse.stream.records.at(-1)).toEqual(close);
    expect(await (await pending).text()).toBe(JSON.stringify(close) + RS);
    for (const id of [ws.id, sse.id, lp.id]) {
      await until(() => server.disconnected.includes(id));
      expect(times(server.disconnected, id)).toBe(1);
    }
    expect(server.handle.connectionCount()).toBe(0);
    expect((await poll(server.base, unattached.connectionToken!)).status).toBe(404);
    // The host still serves new connections (a client reconnecting right away).
    const again = await webSocket();
    again.s.send(invoke('x', 'Echo', 'back'));
    expect((await again.s.waitFor((r) => r.type === 3)).result).toBe('back');
  });
});
