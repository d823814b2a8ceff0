import { randomUUID } from 'node:crypto';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat, ChatMessage } from '../../src/domain/chats';
import { CHAT_HUB } from '../../src/domain/chats';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { startServer, type RunningServer } from '../e2e/harness';

/**
 * Fan-out between two real server processes sharing one PostgreSQL database: a message stored by
 * either process reaches hub clients connected to the other one (postgresChatBus, LISTEN/NOTIFY).
 * Needs TEST_DATABASE_URL; the embedded database cannot be shared between processes.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const DEMO_PASSWORD = 'Demo1234!';
// Both processes must accept each other's access tokens.
const JWT_SECRET = 'fanout-test-secret-fanout-test-secret-0123';

/** One process of the pair: the e2e harness's real server (`server/main.ts`) on the shared database. */
function startProcess(databaseUrl: string, seed: boolean): Promise<RunningServer> {
  return startServer({ DATABASE_URL: databaseUrl, SEED_DEMO: seed ? 'true' : 'false', DEMO_PASSWORD, JWT_SECRET });
}

async function api<T>(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function login(base: string, email: string): Promise<string> {
  const res = await api<{ accessToken: string }>(base, 'POST', '/auth/login', undefined, { email, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return res.body.accessToken;
}

/** A WebSocket hub client that records every ReceiveMessage. */
async function hubClient(base: string, token: string) {
  const received: { chatId: string; message: ChatMessage }[] = [];
  const connection: HubConnection = new HubConnectionBuilder()
    .withUrl(`${base}/chathub`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => token })
    .configureLogging(LogLevel.None)
    .build();
  connection.on(CHAT_HUB.receiveMessage, (chatId: string, message: ChatMessage) => received.push({ chatId, message }));
  await connection.start();
  return { connection, received };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!serverUrl)('chat fan-out between two server processes on PostgreSQL', () => {
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  const clients: HubConnection[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    // The first process migrates and seeds; the second starts on the ready database.
    a = await startProcess(url.toString(), true);
    b = await startProcess(url.toString(), false);
  }, 150_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop().catch(() => {})));
    await Promise.all([a?.stop(), b?.stop()]);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }, 30_000);

  it('delivers a hub message sent on A to B, and a REST message sent on B to A', async () => {
    if (!a || !b) throw new Error('processes not started');
    const ownerEmail = DEMO_ACCOUNTS.find((x) => x.email === 'user@example.com')?.email ?? '';
    const customerEmail = DEMO_ACCOUNTS.find((x) => x.email === 'admin@example.com')?.email ?? '';
    const customerToken = await login(a.url, customerEmail);
    const ownerToken = await login(b.url, ownerEmail);

    // A public listing of a company the owner (the demo user) owns.
    const owned = await api<{ id: string; name: string }[]>(b.url, 'GET', '/company/by-user', ownerToken);
    expect(owned.status).toBe(200);
    let listing: { id: string; name: string; company: string } | null = null;
    for (const company of owned.body) {
      const cards = await api<{ id: string; name: string }[]>(a.url, 'GET', `/listing/company/${company.id}`);
      if (cards.status === 200 && cards.body.length > 0) {
        listing = { id: cards.body[0]!.id, name: cards.body[0]!.name, company: company.name };
        break;
      }
    }
    if (!listing) throw new Error('The demo user owns no company with a public listing');

    const created = await api<Chat>(a.url, 'POST', '/chats', customerToken, { companyName: listing.company, listingId: listing.id, listingName: listing.name });
    expect(created.status).toBe(201);
    const chatId = created.body.id;

    const customer = await hubClient(a.url, customerToken);
    const owner = await hubClient(b.url, ownerToken);
    clients.push(customer.connection, owner.connection);
    await customer.connection.invoke(CHAT_HUB.joinChat, chatId);
    await owner.connection.invoke(CHAT_HUB.joinChat, chatId);

    // Hub on A → the owner's client on B.
    const sent = await customer.connection.invoke<ChatMessage>(CHAT_HUB.sendMessage, chatId, 'Hello from process A');
    await until(() => owner.received.some((r) => r.message.id === sent.id));
    expect(owner.received.find((r) => r.message.id === sent.id)).toEqual({ chatId, message: sent });

    // REST on B → the customer's client on A.
    const posted = await api<{ chatId: string; message: ChatMessage }>(b.url, 'POST', `/chats/${chatId}/messages`, ownerToken, { text: 'Reply through process B' });
    expect(posted.status).toBe(201);
    await until(() => customer.received.some((r) => r.message.id === posted.body.message.id));
    expect(customer.received.find((r) => r.message.id === posted.body.message.id)).toEqual({ chatId, message: posted.body.message });

    // Each connection got each message once (chat group and user group overlap).
    const countOf = (list: { message: ChatMessage }[], id: string) => list.filter((r) => r.message.id === id).length;
    await new Promise((r) => setTimeout(r, 200));
    expect(countOf(owner.received, sent.id)).toBe(1);
    expect(countOf(customer.received, posted.body.message.id)).toBe(1);
  }, 60_000);
});
