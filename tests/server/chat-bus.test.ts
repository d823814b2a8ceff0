import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryChatBus, parseChatBusPayload, postgresChatBus, type ChatBus, type ChatBusEvent } from '../../server/platform/chat-bus';

const event = (): ChatBusEvent => ({ chatId: randomUUID(), messageId: randomUUID() });

/** Resolves with the first event `bus` delivers that satisfies `match`, or fails after `ms`. */
function next(bus: ChatBus, match: (e: ChatBusEvent) => boolean, ms = 5000): Promise<ChatBusEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { stop(); reject(new Error('no chat bus event arrived')); }, ms);
    const stop = bus.subscribe((e) => {
      if (!match(e)) return;
      clearTimeout(timer);
      stop();
      resolve(e);
    });
  });
}

describe('memoryChatBus', () => {
  it('delivers to every listener after the publisher awaited, and not after unsubscribe or close', async () => {
    const bus = memoryChatBus();
    const seen: ChatBusEvent[] = [];
    const stop = bus.subscribe((e) => seen.push(e));
    const e1 = event();
    const published = bus.publish(e1);
    expect(seen).toEqual([]);
    await published;
    expect(seen).toEqual([e1]);
    stop();
    await bus.publish(event());
    expect(seen).toEqual([e1]);
    await bus.close();
  });
});

describe('parseChatBusPayload', () => {
  it('takes only a JSON object of two UUIDs', () => {
    const e = event();
    expect(parseChatBusPayload(JSON.stringify(e))).toEqual(e);
    expect(parseChatBusPayload(JSON.stringify({ ...e, extra: 1 }))).toEqual(e);
    for (const bad of [undefined, '', 'nope', '[]', 'null', '{"chatId":"x","messageId":"y"}', JSON.stringify({ chatId: e.chatId })]) {
      expect(parseChatBusPayload(bad)).toBeNull();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('postgresChatBus (TEST_DATABASE_URL)', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const warnings: string[] = [];
  let a: ChatBus;
  let b: ChatBus;

  beforeAll(async () => {
    const options = { reconnectDelaysMs: [50, 100, 200], warn: (m: string) => warnings.push(m) };
    a = await postgresChatBus(url, options);
    b = await postgresChatBus(url, options);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a publish on one bus arrives at both', async () => {
    const e = event();
    const atA = next(a, (x) => x.messageId === e.messageId);
    const atB = next(b, (x) => x.messageId === e.messageId);
    await b.publish(e);
    expect(await atA).toEqual(e);
    expect(await atB).toEqual(e);
  });

  it('a foreign notification on the channel is ignored with a warning', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const seen: ChatBusEvent[] = [];
    const stop = a.subscribe((e) => seen.push(e));
    try {
      await client.query(`select pg_notify('chat_messages', 'not json')`);
      const e = event();
      const arrived = next(a, (x) => x.messageId === e.messageId);
      await a.publish(e);
      await arrived;
      expect(seen).toEqual([e]);
      expect(warnings.some((w) => w.includes('not a chat message'))).toBe(true);
    } finally {
      stop();
      await client.end();
    }
  });

  it('reconnects when its LISTEN connection is terminated, and still receives', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const listening = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`);
      expect(listening.rows.length).toBeGreaterThanOrEqual(2);
      for (const { pid } of listening.rows) await admin.query('select pg_terminate_backend($1)', [pid]);
      // Wait until both buses listen again (their new connections show up in pg_stat_activity).
      const deadline = Date.now() + 10_000;
      for (;;) {
        const again = await admin.query(`select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'
          and not (pid = any($1::int[]))`, [listening.rows.map((r) => r.pid)]);
        if (again.rows.length >= 2) break;
        if (Date.now() > deadline) throw new Error('the buses did not listen again');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await admin.end();
    }
    expect(warnings.some((w) => w.includes('LISTEN connection was lost'))).toBe(true);
    const e = event();
    const atA = next(a, (x) => x.messageId === e.messageId);
    const atB = next(b, (x) => x.messageId === e.messageId);
    await a.publish(e);
    expect(await atA).toEqual(e);
    expect(await atB).toEqual(e);
  });
});
