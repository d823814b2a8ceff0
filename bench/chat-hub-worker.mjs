// The chat hub's load clients, in plain JavaScript in a worker thread (no TS loader, and not on
// the server's event loop): raw `ws` sockets speaking the JSON hub protocol, so the cost measured
// is the server's, not a client library's. Only ever aimed at the local bench server.
//
// workerData: { base, chats: [{ chatId, members: [{ token, userId }] }], rate, seconds, setupConcurrency }
// Reports: connection setup time, and per delivery (every member's connection except the
// sender's) the time from writing SendMessage to reading its ReceiveMessage.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const RS = '\u001e';
const PING = JSON.stringify({ type: 6 }) + RS;
const record = (message) => JSON.stringify(message) + RS;
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

const { base, chats, rate, seconds, setupConcurrency } = workerData;
const wsBase = base.replace(/^http/, 'ws');

/** In flight: message id → { sentAt, sender (the connection), expected, got }. */
const pending = new Map();
const latencies = [];
let deliveries = 0;
let unexpected = 0;
let sendErrors = 0;

/** One hub connection: negotiate, WebSocket, handshake, JoinChat. Resolves when joined. */
async function open(chatId, member, index) {
  const negotiated = await fetch(`${base}/chathub/negotiate?negotiateVersion=1`, {
    method: 'POST', headers: { authorization: `Bearer ${member.token}` },
  });
  if (!negotiated.ok) throw new Error(`negotiate ${negotiated.status}`);
  const { connectionToken } = await negotiated.json();
  const url = `${wsBase}/chathub?id=${encodeURIComponent(connectionToken)}&access_token=${encodeURIComponent(member.token)}`;
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const connection = { ws, chatId, index, buffer: '', invocations: new Map(), nextInvocation: 0 };
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.on('error', () => {});
  let handshaken;
  const handshake = new Promise((resolve) => { handshaken = resolve; });
  ws.on('message', (data) => {
    connection.buffer += data.toString();
    let cut = connection.buffer.indexOf(RS);
    while (cut !== -1) {
      const text = connection.buffer.slice(0, cut);
      connection.buffer = connection.buffer.slice(cut + 1);
      cut = connection.buffer.indexOf(RS);
      if (text === '{}') {
        handshaken();
        continue;
      }
      onRecord(connection, text);
    }
  });
  ws.send(record({ protocol: 'json', version: 1 }));
  await handshake;
  await invoke(connection, 'JoinChat', [chatId]);
  return connection;
}

function invoke(connection, target, args) {
  const invocationId = String(connection.nextInvocation++);
  return new Promise((resolve, reject) => {
    connection.invocations.set(invocationId, { resolve, reject });
    connection.ws.send(record({ type: 1, invocationId, target, arguments: args }));
  });
}

function onRecord(connection, text) {
  const now = performance.now();
  // ReceiveMessage is the hot path: find the message id without parsing the whole record.
  if (text.startsWith('{"type":1,"target":"ReceiveMessage"')) {
    const at = text.indexOf('"id":"');
    const id = at === -1 ? '' : text.slice(at + 6, at + 42);
    const sent = pending.get(id);
    if (!sent) {
      unexpected++;
      return;
    }
    if (connection === sent.sender) return;
    latencies.push(now - sent.sentAt);
    deliveries++;
    sent.got++;
    if (sent.got === sent.expected) pending.delete(id);
    return;
  }
  const message = JSON.parse(text);
  if (message.type === 3) {
    const waiting = connection.invocations.get(message.invocationId);
    connection.invocations.delete(message.invocationId);
    if (message.error) {
      sendErrors++;
      waiting?.reject(new Error(message.error));
    } else waiting?.resolve(message.result);
  }
  // Pings (type 6) need no answer: the client's own pings below keep the connection alive.
}

async function main() {
  const specs = chats.flatMap((chat) => chat.members.map((member, index) => ({ chatId: chat.chatId, member, index })));
  const byChat = new Map();
  const setupTimes = [];
  const setupStart = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: setupConcurrency }, async () => {
    while (next < specs.length) {
      const spec = specs[next++];
      const started = performance.now();
      const connection = await open(spec.chatId, spec.member, spec.index);
      setupTimes.push(performance.now() - started);
      if (!byChat.has(spec.chatId)) byChat.set(spec.chatId, []);
      byChat.get(spec.chatId).push(connection);
    }
  }));
  const setupMs = performance.now() - setupStart;
  const all = [...byChat.values()].flat();
  // The client side of keep-alive, as @microsoft/signalr does it (every 15 s).
  const pinger = setInterval(() => { for (const c of all) c.ws.send(PING); }, 15_000);

  const chatIds = [...byChat.keys()];
  let sent = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(Math.floor(((now - start) / 1000) * rate), Math.floor(seconds * rate));
      while (sent < due) {
        const chatId = chatIds[sent % chatIds.length];
        const members = byChat.get(chatId);
        const sender = members[(sent * 7) % members.length];
        const id = randomUUID();
        pending.set(id, { sentAt: performance.now(), sender, expected: members.length - 1, got: 0 });
        invoke(sender, 'SendMessage', [chatId, `Bench message ${sent}`, id]).catch(() => {});
        sent++;
      }
      if (now >= end) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  const sendSeconds = (performance.now() - start) / 1000;
  // Wait for what is in flight (at most 5 s).
  const drainUntil = performance.now() + 5000;
  while (pending.size > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  const lastDelivery = performance.now();
  clearInterval(pinger);
  const expected = sent * (chats[0]?.members.length - 1);
  for (const c of all) c.ws.close(1000);
  latencies.sort((a, b) => a - b);
  setupTimes.sort((a, b) => a - b);
  parentPort.postMessage({
    connections: all.length,
    setupMs,
    setupP50: percentile(setupTimes, 50),
    setupP99: percentile(setupTimes, 99),
    sent,
    sendSeconds,
    deliveries,
    expected,
    lost: expected - deliveries,
    unexpected,
    sendErrors,
    deliveriesPerSecond: deliveries / ((lastDelivery - start) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
  });
}

main().catch((error) => {
  parentPort.postMessage({ error: error instanceof Error ? error.stack : String(error) });
});
