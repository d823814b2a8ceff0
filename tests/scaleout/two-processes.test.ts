import { randomUUID } from 'node:crypto';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Chat, ChatMessage } from '../../src/domain/chats';
import { CHAT_HUB } from '../../src/domain/chats';
import type { ListingCard } from '../../src/domain/listings';
import { startLocalProxy, type LocalProxy } from '../../scripts/local-proxy';
import { apiCall, apiLogin, ownersListing } from '../e2e/api';
import { launchBrowser, startServer, type RunningServer } from '../e2e/harness';
import { makePng } from '../fixtures/images';
import { startLocalS3, type LocalS3 } from '../fixtures/s3-server';

/**
 * Two real server processes (`server/main.ts`) on one PostgreSQL database and one S3 bucket,
 * behind scripts/local-proxy.ts (round-robin, WebSocket upgrade, X-Forwarded-For, SignalR
 * affinity), as docs/operations.md describes a deployment of N instances. Needs TEST_DATABASE_URL
 * (CI's "scale-out" step); skipped without it, since the embedded database is one process's.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const JWT_SECRET = 'scale-out-test-secret-scale-out-test-0123';
/** Failed logins one client address may make a minute, over both processes together. */
const LOGIN_BUDGET = 30;

describe.skipIf(!serverUrl)('two server processes behind a proxy on one PostgreSQL and one bucket', () => {
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  let s3: LocalS3;
  let proxy: LocalProxy;
  let a: RunningServer;
  let b: RunningServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  const hubs: HubConnection[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    s3 = await startLocalS3();
    // The proxy's address first: it is the public one (PUBLIC_URL) of both processes.
    proxy = await startLocalProxy();
    const env = {
      DATABASE_URL: url.toString(), S3_URL: s3.url, TRUST_PROXY: 'loopback', JWT_SECRET, PUBLIC_URL: proxy.url,
      RATE_LIMIT_AUTH_PER_MINUTE: String(LOGIN_BUDGET),
      // An hour of cache and of trusted sessions: only the process bus can explain a change seen at once.
      SEARCH_CACHE_TTL_SECONDS: '3600', SESSION_CHECK_TTL_SECONDS: '600',
    };
    // Both start on the new database at once (the migrations queue on their advisory lock); A seeds.
    [a, b] = await Promise.all([startServer({ ...env, SEED_DEMO: 'true' }), startServer({ ...env, SEED_DEMO: 'false' })]);
    proxy.setBackends([a.url, b.url]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(hubs.map((h) => h.stop().catch(() => {})));
    await browser?.close();
    await proxy?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.stop();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  it('Chromium through the proxy: log in, search, add a favourite; both processes served it and agree', async () => {
    browser = await launchBrowser();
    const page: Page = await browser.context.newPage();
    await page.goto(`${proxy.url}/login`);
    await page.getByLabel(/^E-mail( \*)?$/).fill('user@example.com');
    await page.getByLabel(/^Password( \*)?$/).fill('Demo1234!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${proxy.url}/`);

    await page.locator('#home-search').fill('photography');
    await page.locator('#home-search').press('Enter');
    await page.waitForURL(/\/search\?q=photography$/);
    await page.getByTestId('search-category').first().click();
    await page.waitForURL(/\/listings\?/);
    const card = page.locator('article').filter({ has: page.getByTestId('favorite-toggle') }).first();
    const listingName = (await card.locator('h3').textContent())!;
    await card.getByRole('button', { name: `Add ${listingName} to favorites` }).click();
    await card.getByRole('button', { name: `Remove ${listingName} from favorites`, pressed: true }).waitFor();

    // Each process, asked directly, reads the favourite from the shared database.
    const token = await apiLogin(a.url, 'user@example.com');
    for (const server of [a, b]) {
      await expect.poll(async () => (await apiCall<{ favoriteListings: string[] }>(server.url, token, 'GET', '/Favorites')).favoriteListings,
        { timeout: 15_000 }).toHaveLength(1);
    }
    expect(proxy.hits.every((n) => n > 0), `requests per process: ${proxy.hits.join(', ')}`).toBe(true);
    await page.close();
  });

  it('chat: a message stored on either process reaches hub clients connected through the proxy (WebSockets and long polling)', async () => {
    const ownerToken = await apiLogin(proxy.url, 'user@example.com');
    const customerToken = await apiLogin(proxy.url, 'admin@example.com');
    const { listing } = await ownersListing(proxy.url, ownerToken);
    const chat = await apiCall<Chat>(proxy.url, customerToken, 'POST', '/chats', { companyName: 'x', listingId: listing.id, listingName: listing.name });

    // Four connections negotiated round-robin: two on each process, each then served where it was negotiated.
    const received: ChatMessage[][] = [];
    for (const transport of [HttpTransportType.WebSockets, HttpTransportType.WebSockets, HttpTransportType.LongPolling, HttpTransportType.LongPolling]) {
      const seen: ChatMessage[] = [];
      const hub = new HubConnectionBuilder()
        .withUrl(`${proxy.url}/chathub`, { transport, accessTokenFactory: () => customerToken })
        .configureLogging(LogLevel.None)
        .build();
      hub.on(CHAT_HUB.receiveMessage, (_chatId: string, message: ChatMessage) => seen.push(message));
      await hub.start();
      hubs.push(hub);
      received.push(seen);
    }

    for (const server of [a, b]) {
      const sent = await apiCall<{ message: ChatMessage }>(server.url, ownerToken, 'POST', `/chats/${chat.id}/messages`, { text: `From ${server.url}` });
      await vi.waitFor(() => {
        for (const seen of received) expect(seen.map((m) => m.id)).toContain(sent.message.id);
      }, { timeout: 15_000 });
    }
  });

  it('idempotency: one Idempotency-Key sent to both processes applies once', async () => {
    const ownerToken = await apiLogin(proxy.url, 'user@example.com');
    const customerToken = await apiLogin(proxy.url, 'admin@example.com');
    const { listing } = await ownersListing(proxy.url, ownerToken);
    const chat = await apiCall<Chat>(proxy.url, customerToken, 'POST', '/chats', { companyName: 'x', listingId: listing.id, listingName: listing.name });
    const key = randomUUID();
    const send = (server: RunningServer) => fetch(`${server.url}/api/chats/${chat.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customerToken}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ text: 'Exactly once, whichever process' }),
    });
    const first = await send(a);
    expect(first.status).toBe(201);
    const again = await send(b);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const stored = await apiCall<Chat>(b.url, customerToken, 'GET', `/chats/${chat.id}`);
    const texts = (stored.messages ?? []).map((m) => m.text);
    expect(texts.filter((t) => t === 'Exactly once, whichever process')).toHaveLength(1);
  });

  it('a listing removed on one process is gone from the other\'s cached search at once', async () => {
    const ownerToken = await apiLogin(proxy.url, 'user@example.com');
    const { listing } = await ownersListing(proxy.url, ownerToken);
    const search = async (server: RunningServer) => {
      const res = await fetch(`${server.url}/api/listing/search`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ searchQuery: listing.name, pageSize: 96 }),
      });
      return ((await res.json()) as { listings: ListingCard[] }).listings.map((l) => l.id);
    };
    expect(await search(b)).toContain(listing.id);
    expect(await search(b)).toContain(listing.id); // now from B's cache
    const removed = await fetch(`${a.url}/api/listing/${listing.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${ownerToken}` } });
    expect(removed.status).toBe(204);
    // B's cache lives an hour; the notification A sent before answering empties it within milliseconds.
    await vi.waitFor(async () => expect(await search(b)).not.toContain(listing.id), { timeout: 2000, interval: 10 });
  });

  it('the login rate limit counts one client\'s attempts on both processes together', async () => {
    const before = [...proxy.hits];
    const attempt = () => fetch(`${proxy.url}/api/auth/login`, {
      method: 'POST',
      // A client behind the proxy: the processes trust the proxy (loopback) to name it.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ email: 'nobody@example.org', password: 'wrong-password' }),
    }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_BUDGET; i++) statuses.push(await attempt());
    expect(statuses.every((s) => s === 401)).toBe(true);
    // Half went to each process: per process, each is far under its budget.
    expect(proxy.hits.map((n, i) => n - before[i]!).every((n) => n >= LOGIN_BUDGET / 2 - 1)).toBe(true);
    expect(await attempt()).toBe(429);
    expect(await attempt()).toBe(429);
    // Another client behind the same proxy keeps its own budget.
    const other = await fetch(`${proxy.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.20' },
      body: JSON.stringify({ email: 'nobody@example.org', password: 'wrong-password' }),
    });
    expect(other.status).toBe(401);
  });

  it('a file uploaded through one process is read, resized and deleted through the other (one bucket)', async () => {
    const token = await apiLogin(proxy.url, 'user@example.com');
    const png = await makePng(200, 100);
    const form = new FormData();
    form.append('data', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const uploaded = await fetch(`${a.url}/api/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    const original = await fetch(`${b.url}/api/files/${id}`);
    expect(Buffer.compare(Buffer.from(await original.arrayBuffer()), png)).toBe(0);
    expect((await fetch(`${b.url}/api/files/${id}?width=64`)).headers.get('content-type')).toBe('image/webp');
    expect((await fetch(`${b.url}/api/files/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status).toBe(204);
    expect((await fetch(`${a.url}/api/files/${id}`)).status).toBe(404);
  });

  it('the local proxy\'s health: both processes answer /api/health through it', async () => {
    const statuses = await Promise.all([1, 2, 3, 4].map(() => fetch(`${proxy.url}/api/health`).then((r) => r.status)));
    expect(statuses).toEqual([200, 200, 200, 200]);
  });
});
