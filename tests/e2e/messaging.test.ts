import { mkdirSync } from 'node:fs';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '../../src/domain/chats';
import { EventStatus, type PlannerEvent } from '../../src/domain/events';
import type { Listing } from '../../src/domain/listings';
import { apiCall as call, apiLogin as login, matchingEventInput, ownersListing } from './api';
import { seriousViolations } from './axe';
import { chooseLanguage, launchBrowser, startServer, type RunningServer } from './harness';
import { loginAs } from './session';

/**
 * Messaging end to end: a customer (the demo admin, who owns no company) and the owner of an
 * Active demo company, each in their own browser, talking live over the chat hub on every
 * transport, across a server restart and an offline spell.
 */

const OWNER = 'user@example.com';
const CUSTOMER = 'admin@example.com';
/** Screenshots for a person to look at (gitignored); the test itself checks the layout. */
const SHOTS = '.tmp/shots';
const WAIT = 20_000;

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

/** Waits for `locator` to reach `state`, failing with what the test was waiting for. */
async function see(locator: Locator, what: string, state: 'visible' | 'hidden' | 'attached' | 'detached' = 'visible', timeout = WAIT) {
  try {
    await locator.waitFor({ state, timeout });
  } catch {
    throw new Error(`Timed out after ${timeout} ms waiting for ${what} (${state})`);
  }
}

async function until(page: Page, what: string, fn: () => boolean, timeout = WAIT) {
  try {
    await page.waitForFunction(fn, undefined, { timeout });
  } catch {
    throw new Error(`Timed out after ${timeout} ms waiting for ${what}`);
  }
}

/** An approved event of the customer matching `listing` (category, service, place), made through the API. */
async function approvedEvent(base: string, customerToken: string, listing: Listing, name: string): Promise<PlannerEvent> {
  const created = await call<PlannerEvent>(base, customerToken, 'POST', '/PlannerEvent', await matchingEventInput(base, customerToken, listing, name));
  // The customer is the demo admin: they approve their own event, as any admin could.
  const approved = await call<PlannerEvent>(base, customerToken, 'POST', '/approval', { id: created.id, approved: true, type: 300, rejectionMessage: null });
  if (approved.status !== EventStatus.Approved) throw new Error(`The event was not approved: ${approved.status}`);
  return approved;
}

const note = (page: Page) => page.getByTestId('connection-note');

async function connected(page: Page, who: string) {
  // Connected says nothing: the note is there but empty (not "visible").
  try {
    await note(page).and(page.locator('[data-status="connected"]')).waitFor({ state: 'attached', timeout: WAIT });
  } catch {
    throw new Error(`Timed out waiting for ${who}'s chat connection to be connected; its status is ${await note(page).getAttribute('data-status').catch(() => 'unknown')}`);
  }
}

const log = (page: Page) => page.getByTestId('message-log');
/** The message bubbles of the open chat whose text is exactly `text`. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const bubbles = (page: Page, text: string) => log(page).getByTestId('message-text').filter({ hasText: exactly(text) });
/** The message rows (bubble and state) of the open chat whose text is exactly `text`. */
const messageRows = (page: Page, text: string) =>
  log(page).getByTestId('message').filter({ has: page.getByTestId('message-text').filter({ hasText: exactly(text) }) });

/** Types `text` into the composer and sends it with Enter. */
async function send(page: Page, text: string) {
  const box = page.getByLabel('Message', { exact: true });
  await box.fill(text);
  await box.press('Enter');
  await until(page, 'the composer to clear after sending', () => (document.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement | null)?.value === '');
}

/** Waits until `text` shows once as a sent message in `page`'s open chat. */
async function arrives(page: Page, text: string, who: string) {
  try {
    await bubbles(page, text).first().waitFor({ timeout: WAIT });
  } catch {
    const shown = await log(page).getByTestId('message').evaluateAll((rows) => rows.slice(-4).map((r) => `${r.textContent} [${(r as HTMLElement).dataset.state}]`)).catch(() => []);
    const status = await note(page).getAttribute('data-status').catch(() => 'unknown');
    // What the page showed instead (the conversation's loading, not-found or stale states), for a failure seen only in CI.
    const pane = await page.getByTestId('conversation-pane').innerText({ timeout: 1000 }).catch(() => '(no conversation pane)');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/failed-arrival-${who.replace(/\W+/g, '-')}.png` }).catch(() => {});
    throw new Error(`Timed out after ${WAIT} ms waiting for "${text}" in ${who}'s open chat (connection ${status}) at ${page.url()}; `
      + `the last messages shown: ${shown.join(' | ')}; the conversation pane: ${pane.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  await see(messageRows(page, text).and(page.locator('[data-state="sent"]')).first(), `"${text}" to be sent (not pending) on ${who}'s page`);
  expect(await bubbles(page, text).count(), `"${text}" shows once on ${who}'s page`).toBe(1);
}

async function newBrowser(init?: (context: BrowserContext) => Promise<void>): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  await init?.(browser.context);
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  return { browser, page };
}

describe('messaging between a customer and a company, live in Chromium against the real server', () => {
  let server: RunningServer;
  let base: string;
  let ownerToken: string;
  let customerToken: string;
  let companyId: string;
  let listing: Listing;
  let chatId: string;
  const browsers: Browser[] = [];
  let customer: Page;
  let owner: Page;

  beforeAll(async () => {
    server = await startServer();
    base = server.url;
    ownerToken = await login(base, OWNER);
    customerToken = await login(base, CUSTOMER);
    ({ companyId, listing } = await ownersListing(base, ownerToken));
    const a = await newBrowser();
    const b = await newBrowser();
    browsers.push(a.browser, b.browser);
    customer = a.page;
    owner = b.page;
    await loginAs(customer, base, CUSTOMER);
    await loginAs(owner, base, OWNER);
  });

  afterAll(async () => {
    for (const b of browsers) await b.close().catch(() => {});
    await server?.stop();
  });

  const ownerChatUrl = () => `${base}/messages?isCompany=true&companyId=${companyId}&chatId=${chatId}`;
  const customerChatUrl = () => `${base}/messages?chatId=${chatId}`;

  it('loads the SignalR client only with the messages screen', async () => {
    const { browser, page } = await newBrowser();
    browsers.push(browser);
    await loginAs(page, base, CUSTOMER);
    const scripts = new Map<string, Promise<string>>();
    page.on('response', (res) => {
      if (res.url().endsWith('.js')) scripts.set(res.url(), res.text().catch(() => ''));
    });
    const signalRScripts = async () => {
      const found: string[] = [];
      for (const [url, text] of scripts) if ((await text).includes('HubConnectionBuilder')) found.push(url);
      return found;
    };
    for (const path of ['/', `/listing/${listing.id}`, '/favorites']) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
    }
    expect(await signalRScripts(), 'scripts with the SignalR client before /messages').toEqual([]);
    await page.goto(`${base}/messages`);
    await connected(page, 'the customer on a fresh page');
    expect((await signalRScripts()).length, 'the SignalR client loaded with /messages').toBeGreaterThan(0);
  });

  it('a customer starts a chat from a listing and both sides talk live; unread badges show for the owner', async () => {
    await owner.goto(`${base}/messages?isCompany=true&companyId=${companyId}`);
    await see(owner.getByRole('heading', { name: 'Customer chats' }), 'the owner\'s company chat list');
    await connected(owner, 'the owner');

    await customer.goto(`${base}/listing/${listing.id}`);
    await customer.getByRole('button', { name: 'Send message' }).click();
    try {
      await customer.waitForURL(/\/messages\?chatId=/, { timeout: WAIT });
    } catch {
      throw new Error(`Send message did not land on /messages?chatId=…; the page is at ${customer.url()}`);
    }
    chatId = new URL(customer.url()).searchParams.get('chatId')!;
    await see(log(customer).getByTestId('listing-message'), 'the listing card as the chat\'s first message');
    await see(log(customer).getByTestId('listing-message-name').filter({ hasText: listing.name }), `the listing card to name "${listing.name}"`);
    expect(await log(customer).getByTestId('listing-message').getAttribute('href')).toBe(`/listing/${listing.id}`);
    await connected(customer, 'the customer');

    await send(customer, 'Hello');
    await arrives(customer, 'Hello', 'the customer');

    // The owner's list gets the new chat live (the hub's user group), with its unread count.
    const item = owner.locator(`[data-testid="chat-item"][data-chat-id="${chatId}"]`);
    await see(item, 'the new chat in the owner\'s list without a reload');
    await see(item.getByTestId('chat-preview').filter({ hasText: /^Hello$/ }), 'the owner\'s list preview to read "Hello"');
    await see(item.getByTestId('unread-badge'), 'the unread badge on the owner\'s chat item');
    await owner.getByTestId('user-menu').click();
    await see(owner.getByTestId('messages-unread-badge'), 'the unread badge on the owner\'s Messages menu entry');
    await owner.keyboard.press('Escape');

    await item.click();
    await owner.waitForURL((url) => url.searchParams.get('chatId') === chatId);
    await arrives(owner, 'Hello', 'the owner');
    await see(item.getByTestId('unread-badge'), 'the unread badge to go once the owner opened the chat', 'detached');

    const box = owner.getByLabel('Message', { exact: true });
    await box.click();
    await box.pressSequentially('Line one');
    await box.press('Shift+Enter');
    await box.pressSequentially('Line two');
    expect(await box.inputValue()).toBe('Line one\nLine two');
    await box.press('Enter');
    await arrives(owner, 'Line one\nLine two', 'the owner');
    await arrives(customer, 'Line one\nLine two', 'the customer');
  });

  for (const transport of ['ServerSentEvents', 'LongPolling'] as const) {
    it(`the live exchange works with the transport forced to ${transport}`, async () => {
      const pages: { page: Page; requests: Request[]; sockets: string[]; browser: Browser }[] = [];
      for (const email of [CUSTOMER, OWNER]) {
        const { browser, page } = await newBrowser(async (context) => {
          await context.addInitScript((t) => localStorage.setItem('em.chatTransport', t), transport);
        });
        browsers.push(browser);
        const requests: Request[] = [];
        const sockets: string[] = [];
        page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/chathub')) requests.push(r); });
        page.on('websocket', (ws) => sockets.push(ws.url()));
        await loginAs(page, base, email);
        pages.push({ page, requests, sockets, browser });
      }
      const [c, o] = pages as [typeof pages[0], typeof pages[0]];
      try {
        await c.page.goto(customerChatUrl());
        await o.page.goto(ownerChatUrl());
        await connected(c.page, `the customer (${transport})`);
        await connected(o.page, `the owner (${transport})`);

        await send(c.page, `Hi over ${transport}`);
        await arrives(o.page, `Hi over ${transport}`, 'the owner');
        await send(o.page, `Answer over ${transport}`);
        await arrives(c.page, `Answer over ${transport}`, 'the customer');

        for (const { requests, sockets } of pages) {
          expect(sockets, 'no WebSocket is opened').toEqual([]);
          const transportRequests = requests.filter((r) => r.method() === 'GET' && new URL(r.url()).searchParams.has('id'));
          if (transport === 'ServerSentEvents') {
            expect(transportRequests.some((r) => (r.headers()['accept'] ?? '').includes('text/event-stream')), 'an EventSource GET /chathub?id=…').toBe(true);
            expect(transportRequests.some((r) => new URL(r.url()).searchParams.has('_')), 'no long-polling GETs').toBe(false);
          } else {
            expect(transportRequests.filter((r) => new URL(r.url()).searchParams.has('_')).length, 'long-polling GET /chathub?id=…&_=').toBeGreaterThan(1);
            expect(transportRequests.some((r) => (r.headers()['accept'] ?? '').includes('text/event-stream')), 'no EventSource').toBe(false);
          }
        }
      } finally {
        for (const p of pages) {
          await p.browser.close();
          browsers.splice(browsers.indexOf(p.browser), 1);
        }
      }
    });
  }

  it('the owner on a fresh device keeps the open company chat while the start-up sync pulls slowly', async () => {
    const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // The start-up sync begins once the network is quiet; with the customer chat list quick and the
    // company list slow, its chat pull ends before this device has stored the company. It used to
    // take that for "no longer owns the company" and drop the chat open on screen (a CI flake).
    const { browser, page } = await newBrowser(async (context) => {
      await context.route('**/api/company/by-user', async (route) => { await delay(3000); await route.continue(); });
      await context.route('**/api/chats', async (route) => { await delay(1500); await route.continue(); });
    });
    browsers.push(browser);
    try {
      await loginAs(page, base, OWNER);
      await page.goto(ownerChatUrl());
      await connected(page, 'the owner on a fresh device');
      await see(log(page), "the chat's message log");
      const lost = await page.getByText('Failed to load the chat').waitFor({ timeout: 10_000 }).then(() => true, () => false);
      expect(lost, 'the open chat stays on screen through the start-up sync').toBe(false);
      await send(page, 'Still here on a new device');
      await arrives(page, 'Still here on a new device', 'the owner on a fresh device');
    } finally {
      await browser.close();
      browsers.splice(browsers.indexOf(browser), 1);
    }
  });

  it('a server restart: both sides reconnect, a message written while it was down arrives once, later ones live', { timeout: 120_000 }, async () => {
    await customer.goto(customerChatUrl());
    await owner.goto(ownerChatUrl());
    await connected(customer, 'the customer');
    await connected(owner, 'the owner');

    await server.kill();
    for (const [page, who] of [[customer, 'customer'], [owner, 'owner']] as const) {
      await see(note(page).and(page.locator('[data-status="reconnecting"], [data-status="disconnected"]')), `the ${who}'s page to say it lost the connection`);
      expect(await note(page).textContent()).toMatch(/Reconnecting…|Not connected/);
    }
    await send(customer, 'Written while the server was down');
    await see(messageRows(customer, 'Written while the server was down').and(customer.locator('[data-state="pending"]')),
      'the message written while the server is down to wait as pending');

    await server.start();
    await connected(customer, 'the customer after the restart');
    await connected(owner, 'the owner after the restart');
    await arrives(owner, 'Written while the server was down', 'the owner');
    await arrives(customer, 'Written while the server was down', 'the customer');

    await send(owner, 'After the restart');
    await arrives(customer, 'After the restart', 'the customer');
    await send(customer, 'Back to you');
    await arrives(owner, 'Back to you', 'the owner');
    const chat = await call<Chat>(base, ownerToken, 'GET', `/chats/${chatId}`);
    expect(chat.messages!.filter((m) => m.text === 'Written while the server was down')).toHaveLength(1);
  });

  it('offline: two messages wait as pending in order and are delivered once, in order, back online', async () => {
    await customer.goto(customerChatUrl());
    await owner.goto(ownerChatUrl());
    await connected(customer, 'the customer');
    await connected(owner, 'the owner');

    await customer.context().setOffline(true);
    await see(note(customer).and(customer.locator('[data-status="offline"]')), 'the customer\'s page to say it is offline');
    await send(customer, 'Offline one');
    await send(customer, 'Offline two');
    const texts = () => log(customer).getByTestId('message-text').allTextContents();
    const pending = customer.getByTestId('message').and(customer.locator('[data-state="pending"]'));
    await see(pending.nth(1), 'both offline messages to show as pending');
    expect((await pending.getByTestId('message-text').allTextContents())).toEqual(['Offline one', 'Offline two']);
    expect((await texts()).slice(-2)).toEqual(['Offline one', 'Offline two']);

    await customer.context().setOffline(false);
    await arrives(customer, 'Offline one', 'the customer');
    await arrives(customer, 'Offline two', 'the customer');
    await arrives(owner, 'Offline one', 'the owner');
    await arrives(owner, 'Offline two', 'the owner');
    expect((await log(owner).getByTestId('message-text').allTextContents()).slice(-2)).toEqual(['Offline one', 'Offline two']);
    const chat = await call<Chat>(base, ownerToken, 'GET', `/chats/${chatId}`);
    const stored = chat.messages!.map((m) => m.text).filter((t) => t.startsWith('Offline '));
    expect(stored).toEqual(['Offline one', 'Offline two']);
  });

  it('Open Chat on the company\'s view of an approved event opens the event chat, and the planner gets the message', async () => {
    const name = `Fjordside wedding ${Date.now()}`;
    const event = await approvedEvent(base, customerToken, listing, name);
    await customer.goto(`${base}/messages`);
    await connected(customer, 'the customer (planner)');

    await owner.goto(`${base}/company/event/${event.id}?companyId=${companyId}`);
    await see(owner.getByRole('heading', { level: 1, name }), 'the company\'s view of the event');
    await owner.getByRole('link', { name: 'Open Chat' }).click();
    try {
      await owner.waitForURL((url) => url.pathname === '/messages' && url.searchParams.has('chatId') && url.searchParams.get('companyId') === companyId, { timeout: WAIT });
    } catch {
      throw new Error(`Open Chat did not land on the event chat; the page is at ${owner.url()}`);
    }
    const eventChatId = new URL(owner.url()).searchParams.get('chatId')!;
    expect(eventChatId).not.toBe(chatId);
    await see(owner.getByTestId('chat-title-subject').filter({ hasText: name }), 'the event chat header to name the event');
    await connected(owner, 'the owner');
    await send(owner, 'About your wedding');
    await arrives(owner, 'About your wedding', 'the owner');

    const item = customer.locator(`[data-testid="chat-item"][data-chat-id="${eventChatId}"]`);
    await see(item, 'the event chat in the planner\'s list without a reload');
    await see(item.getByTestId('chat-preview').filter({ hasText: 'About your wedding' }), 'the planner\'s list preview of the company\'s message');
    await item.click();
    await arrives(customer, 'About your wedding', 'the planner');
  });

  it('on a 390 px phone: list, conversation with the composer in view, Back; no serious accessibility violations', async () => {
    await customer.setViewportSize({ width: 390, height: 844 });
    try {
      await customer.goto(`${base}/messages`);
      const item = customer.locator(`[data-testid="chat-item"][data-chat-id="${chatId}"]`);
      await see(item, 'the chat in the phone list');
      await see(customer.getByTestId('conversation-pane'), 'the conversation pane hidden on the phone list', 'hidden');
      expect(await seriousViolations(customer)).toEqual([]);

      await item.click();
      await see(customer.getByTestId('conversation'), 'the conversation on the phone');
      await see(customer.getByTestId('chats-pane'), 'the list hidden while a chat is open on the phone', 'hidden');
      const composer = await customer.getByTestId('composer').boundingBox();
      expect(composer, 'the composer is laid out').not.toBeNull();
      expect(composer!.y + composer!.height, 'the composer is within the screen without scrolling').toBeLessThanOrEqual(844);
      expect(await customer.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight + 1), 'the page itself does not scroll').toBe(true);
      expect(await customer.evaluate(() => document.documentElement.scrollWidth), 'nothing is wider than the phone').toBeLessThanOrEqual(390);
      expect(await seriousViolations(customer)).toEqual([]);

      await customer.getByTestId('chat-back').click();
      await see(item, 'the list again after Back');
      await see(customer.getByTestId('conversation'), 'the conversation hidden after Back', 'hidden');
    } finally {
      await customer.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('/messages fits desktop and phone, light and dark, English and Norwegian (screenshots in .tmp/shots)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const lang of ['en', 'no'] as const) {
      // The messages screen fills the window (no footer): the language is switched on the home page.
      await customer.goto(`${base}/`);
      await chooseLanguage(customer, lang);
      for (const theme of ['light', 'dark'] as const) {
        await customer.evaluate((t) => localStorage.setItem('theme', t), theme);
        for (const [width, height, label] of [[1280, 900, 'desktop'], [390, 844, 'phone']] as const) {
          await customer.setViewportSize({ width, height });
          await customer.goto(customerChatUrl());
          await see(log(customer).getByTestId('message-text').first(), 'the conversation for the screenshot');
          await connected(customer, 'the customer');
          await until(customer, 'the images of the conversation to load', () => [...document.images].every((i) => i.complete));
          // The log follows grown content from a ResizeObserver, which runs in the next rendering
          // step after an image loads: wait for the newest message to be in view (a log that never
          // follows still fails here), then measure the settled frame.
          await until(customer, 'the newest message in view of the log', () => {
            const log = document.querySelector('[data-testid="message-log"]')!.getBoundingClientRect();
            const last = [...document.querySelectorAll('[data-testid="message"]')].at(-1)!.getBoundingClientRect();
            return last.bottom - log.bottom <= 1;
          });
          await customer.screenshot({ path: `${SHOTS}/msg-${label}-${theme}-${lang}.png` });
          // Nothing wider than the window, no page scroll (only the log scrolls), the composer on screen.
          const layout = await customer.evaluate(() => {
            const root = document.scrollingElement!;
            const composer = document.querySelector('[data-testid="composer"]')!.getBoundingClientRect();
            const log = document.querySelector('[data-testid="message-log"]')!.getBoundingClientRect();
            const last = [...document.querySelectorAll('[data-testid="message"]')].at(-1)!.getBoundingClientRect();
            return {
              wide: root.scrollWidth - window.innerWidth, tall: root.scrollHeight - window.innerHeight, composerBottom: composer.bottom,
              height: window.innerHeight, light: document.documentElement.classList.contains('light'), lastBelowLog: last.bottom - log.bottom,
            };
          });
          expect(layout.wide, `${label} ${theme} ${lang}: horizontal overflow`).toBeLessThanOrEqual(0);
          expect(layout.tall, `${label} ${theme} ${lang}: the page scrolls`).toBeLessThanOrEqual(1);
          expect(layout.composerBottom, `${label} ${theme} ${lang}: composer below the window`).toBeLessThanOrEqual(layout.height);
          expect(layout.light, `${label} ${theme} ${lang}: theme`).toBe(theme === 'light');
          // Opened at the newest message, even after the listing card's image grew the log.
          expect(layout.lastBelowLog, `${label} ${theme} ${lang}: the newest message below the fold`).toBeLessThanOrEqual(1);
          if (label === 'phone') {
            await customer.goto(`${base}/messages`);
            await see(customer.getByTestId('chat-item').first(), 'the phone list for the screenshot');
            await customer.screenshot({ path: `${SHOTS}/msg-${label}-list-${theme}-${lang}.png` });
          }
        }
      }
    }
    await customer.evaluate(() => localStorage.setItem('theme', 'light'));
    await customer.setViewportSize({ width: 1280, height: 900 });
  });
});
