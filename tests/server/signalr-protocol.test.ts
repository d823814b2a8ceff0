import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RS, RawEventStream, RawSocket, negotiate, poll, post, startHubServer, until, wait, type HubTestServer } from './helpers/signalr-hub';

/** SIGNALR.md §7 cases 13–18 (handshake), 19–26 (framing), 27–33 and 35 (invocations), on the raw wire. */
let server: HubTestServer;
const open: { close(): void }[] = [];
const MAX = 2048;

beforeAll(async () => {
  server = await startHubServer({ timings: { handshakeTimeoutMs: 300, maxMessageBytes: MAX, keepAliveMs: 60_000 } });
});
afterAll(async () => {
  for (const o of open) o.close();
  await server.close();
});

async function socket(): Promise<RawSocket> {
  const n = await negotiate(server.base);
  const s = await RawSocket.open(server.base, n.connectionToken!);
  open.push(s);
  return s;
}

async function connected(): Promise<RawSocket> {
  const s = await socket();
  await s.handshake();
  return s;
}

const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
const completions = (s: RawSocket) => s.records.filter((r) => r.type === 3);

describe('handshake', () => {
  it('answers a valid request with exactly {} as the first bytes (13, 18)', async () => {
    const s = await socket();
    await wait(50);
    expect(s.text).toBe('');
    s.send(HANDSHAKE);
    await until(() => s.text.length > 0);
    expect(s.frames[0]).toBe(`{}${RS}`);
  });

  it.each([
    ['{"protocol":"messagepack","version":1}', "The protocol 'messagepack' is not supported."],
    ['{"protocol":"json","version":99}', "The server does not support version 99 of the 'json' protocol."],
    ['{"protocol":"json"}', 'An unexpected error occurred during connection handshake.'],
    ['{"version":1}', 'An unexpected error occurred during connection handshake.'],
    ['not json', 'An unexpected error occurred during connection handshake.'],
    ['{"type":1,"target":"Echo","arguments":["x"]}', 'An unexpected error occurred during connection handshake.'],
  ])('refuses %s with an error, then closes (14–16)', async (request, error) => {
    const s = await socket();
    s.send(request + RS);
    await until(() => s.closed);
    expect(s.records).toEqual([{ error }]);
  });

  it('cancels a handshake that does not come in time (16)', async () => {
    const s = await socket();
    await until(() => s.closed, 2000);
    expect(s.records).toEqual([{ error: 'Handshake was canceled.' }]);
  });

  it('reassembles a handshake split across frames and runs an invocation sent with it (17)', async () => {
    const s = await socket();
    s.send('{"protocol":"js');
    await wait(30);
    expect(s.text).toBe('');
    s.send(`on","version":1}${RS}{"type":1,"invocationId":"1","target":"Echo","arguments":["together"]}${RS}`);
    await s.waitFor((r) => r.type === 3);
    expect(s.records).toEqual([{}, { type: 3, invocationId: '1', result: 'together' }]);
  });

  it('reassembles a handshake split across two POSTs (17)', async () => {
    const n = await negotiate(server.base);
    const stream = await RawEventStream.open(server.base, n.connectionToken!);
    open.push(stream);
    expect((await post(server.base, n.connectionToken!, '{"protocol":')).status).toBe(200);
    expect((await post(server.base, n.connectionToken!, `"json","version":1}${RS}{"type":6}${RS}`)).status).toBe(200);
    await until(() => stream.text.includes('data: '));
    expect(stream.text).toBe(`:\r\ndata: {}${RS}\r\n\r\n`);
  });
});

describe('framing', () => {
  it('processes several records of one frame in order (19) and one record split across frames (20)', async () => {
    const s = await connected();
    s.send(`{"type":1,"invocationId":"a","target":"Echo","arguments":["1"]}${RS}{"type":1,"invocationId":"b","target":"Echo","arguments":["2"]}${RS}{"type":1,"invocationId":"c","target":"Ec`);
    await until(() => completions(s).length === 2);
    s.send(`ho","arguments":["3"]}${RS}`);
    await until(() => completions(s).length === 3);
    expect(completions(s).map((c) => c.result)).toEqual(['1', '2', '3']);
  });

  it('decodes multi-byte UTF-8 split inside a character across frames, text and binary (21, 22)', async () => {
    const s = await connected();
    const bytes = Buffer.from(`{"type":1,"invocationId":"u","target":"Echo","arguments":["😀 漢字 ø"]}${RS}`, 'utf8');
    const cut = bytes.indexOf(Buffer.from('😀', 'utf8')) + 2;
    s.send(bytes.subarray(0, cut));
    s.send(bytes.subarray(cut), true);
    const done = await s.waitFor((r) => r.type === 3);
    expect(done.result).toBe('😀 漢字 ø');
    expect(s.binaryFlags.every((binary) => !binary)).toBe(true);
  });

  it('never splits a record across frames: each frame ends with the separator (23)', async () => {
    const s = await connected();
    s.send(`{"type":1,"invocationId":"big","target":"Echo","arguments":["${'x'.repeat(1500)}"]}${RS}`);
    await s.waitFor((r) => r.type === 3);
    expect(s.frames.every((f) => f.endsWith(RS))).toBe(true);
  });

  it('accepts any property order, headers and unknown properties (24)', async () => {
    const s = await connected();
    s.send(`{"arguments":["x"],"headers":{"a":"b"},"extra":true,"invocationId":"0","target":"Echo","type":1}${RS}`);
    expect((await s.waitFor((r) => r.type === 3)).result).toBe('x');
  });

  it('closes with an error for a message over the size limit (25)', async () => {
    const s = await connected();
    s.send(`{"type":1,"target":"Echo","arguments":["${'x'.repeat(MAX)}"]}${RS}`);
    await until(() => s.closed);
    const close = s.records.find((r) => r.type === 7);
    expect(close?.error).toMatch(/maximum message size/);
    expect(close).not.toHaveProperty('allowReconnect');
  });

  it('closes with an error for a partial record growing over the limit (25)', async () => {
    const s = await connected();
    s.send(`{"type":1,"target":"Echo","arguments":["${'x'.repeat(MAX + 10)}`);
    await until(() => s.closed);
    expect(s.records.find((r) => r.type === 7)?.error).toMatch(/maximum message size/);
  });

  it.each([
    'not json',
    '[1,2]',
    '{"type":1,"invocationId":"1","arguments":[]}',
    '{"type":1,"invocationId":7,"target":"Echo","arguments":[]}',
    '{"type":1,"invocationId":"1","target":"Echo","arguments":"x"}',
    '{"type":42}',
    '{"arguments":[]}',
  ])('closes with an error for %s (26)', async (record) => {
    const s = await connected();
    s.send(record + RS);
    await until(() => s.closed);
    const close = s.records.find((r) => r.type === 7);
    expect(close?.error).toEqual(expect.stringMatching(/^Connection closed with an error\./));
    expect(server.disconnected).toContain(server.connected.at(-1));
  });
});

describe('invocations', () => {
  it('sends one Completion per invoke and none for a send, even a failing one (27, 28, 29)', async () => {
    const s = await connected();
    s.send(`{"type":1,"target":"Fail","arguments":[]}${RS}{"type":1,"target":"Missing","arguments":[]}${RS}{"type":1,"target":"Echo","arguments":["quiet"]}${RS}`);
    s.send(`{"type":1,"invocationId":"j","target":"Join","arguments":["g"]}${RS}`);
    await s.waitFor((r) => r.type === 3);
    await wait(50);
    expect(completions(s)).toEqual([{ type: 3, invocationId: 'j' }]);
    s.send(`{"type":1,"invocationId":"m","target":"Missing","arguments":[]}${RS}`);
    const missing = await s.waitFor((r) => r.invocationId === 'm');
    expect(missing.error).toEqual(expect.stringContaining("'Missing'"));
    expect(missing).not.toHaveProperty('result');
  });

  it('answers wrong arguments with an error Completion and stays connected (30)', async () => {
    const s = await connected();
    s.send(`{"type":1,"invocationId":"w","target":"Echo","arguments":[1,2]}${RS}`);
    expect((await s.waitFor((r) => r.invocationId === 'w')).error).toBe('Echo takes one text');
    s.send(`{"type":1,"invocationId":"ok","target":"Echo","arguments":["fine"]}${RS}`);
    expect((await s.waitFor((r) => r.invocationId === 'ok')).result).toBe('fine');
    expect(s.closed).toBe(false);
  });

  it("sends a HubError's message, a generic text for other throws, never an empty error or both fields (31, 32)", async () => {
    const s = await connected();
    s.send(`{"type":1,"invocationId":"f","target":"Fail","arguments":[]}${RS}{"type":1,"invocationId":"b","target":"Boom","arguments":[]}${RS}{"type":1,"invocationId":"n","target":"Nothing","arguments":[]}${RS}`);
    await until(() => completions(s).length === 3);
    const byId = Object.fromEntries(completions(s).map((c) => [c.invocationId, c]));
    expect(byId.f).toEqual({ type: 3, invocationId: 'f', error: 'nope' });
    expect(byId.b).toEqual({ type: 3, invocationId: 'b', error: "An unexpected error occurred invoking 'Boom' on the server." });
    expect(byId.n).toEqual({ type: 3, invocationId: 'n' });
  });

  it('answers a StreamInvocation with an error Completion and ignores stray messages (33)', async () => {
    const s = await connected();
    s.send([
      '{"type":2,"invocationId":"x","item":1}',
      '{"type":3,"invocationId":"x","result":1}',
      '{"type":5,"invocationId":"x"}',
      '{"type":8,"sequenceId":1}',
      '{"type":9,"sequenceId":1}',
      '{"type":4,"invocationId":"s","target":"Echo","arguments":["x"]}',
    ].join(RS) + RS);
    const done = await s.waitFor((r) => r.invocationId === 's');
    expect(done.error).toEqual(expect.stringContaining('non-streaming'));
    expect(s.closed).toBe(false);
  });

  it('runs one connection\'s invocations one at a time, in order, each with its own Completion (35)', async () => {
    // SIGNALR.md allows out-of-order completion; this host runs them serially like ASP.NET's
    // default (one parallel invocation per client), so one frame cannot start thousands at once.
    const s = await connected();
    s.send(`{"type":1,"invocationId":"slow","target":"Slow","arguments":[150,"s"]}${RS}{"type":1,"invocationId":"fast","target":"Echo","arguments":["f"]}${RS}`);
    await until(() => completions(s).length === 2);
    expect(completions(s).map((c) => [c.invocationId, c.result])).toEqual([['slow', 's'], ['fast', 'f']]);
  });

  it('sends a group message to a connection in several of the groups once', async () => {
    const member = await connected();
    const sender = await connected();
    member.send(`{"type":1,"invocationId":"1","target":"Join","arguments":["ga"]}${RS}{"type":1,"invocationId":"2","target":"Join","arguments":["gb"]}${RS}`);
    await until(() => completions(member).length === 2);
    sender.send(`{"type":1,"invocationId":"b","target":"Broadcast","arguments":["ga","hi","gb"]}${RS}`);
    await sender.waitFor((r) => r.type === 3);
    await member.waitFor((r) => r.type === 1);
    await wait(50);
    expect(member.records.filter((r) => r.type === 1)).toEqual([{ type: 1, target: 'Receive', arguments: ['ga', 'hi'] }]);
    expect(sender.records.filter((r) => r.type === 1)).toEqual([]);
    member.send(`{"type":1,"invocationId":"3","target":"Leave","arguments":["ga"]}${RS}{"type":1,"invocationId":"4","target":"Leave","arguments":["gb"]}${RS}`);
    await until(() => completions(member).length === 4);
    sender.send(`{"type":1,"invocationId":"b2","target":"Broadcast","arguments":["ga","again","gb"]}${RS}`);
    await until(() => completions(sender).length === 2);
    await wait(50);
    expect(member.records.filter((r) => r.type === 1)).toHaveLength(1);
  });

  it('takes a JSON-typed or binary POST body as raw records (the global JSON parser and guards stay out)', async () => {
    const n = await negotiate(server.base);
    expect((await poll(server.base, n.connectionToken!)).status).toBe(200);
    const body = `${HANDSHAKE}{"type":1,"invocationId":"p","target":"Echo","arguments":["  spaced \\u0000 "]}${RS}`;
    expect((await post(server.base, n.connectionToken!, body, 'alice', 'application/json')).status).toBe(200);
    const res = await poll(server.base, n.connectionToken!);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toBe(`{}${RS}{"type":3,"invocationId":"p","result":"  spaced \\u0000 "}${RS}`);
  });
});
