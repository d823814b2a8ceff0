import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_LIMITS, listingMarkerMessage, type Chat, type ChatMessage, type SendMessageResult } from '../../src/domain/chats';
import { CompanyStatus } from '../../src/domain/companies';
import { EventStatus, type EventInput, type PlannerEvent } from '../../src/domain/events';
import { buildApp } from '../../server/app';
import { chatMessages, chats, companies, listingEvents, listings, users } from '../../server/db/schema';
import { chatHub } from '../../server/modules/chats/hub';
import { bumpCatalogue } from '../../server/modules/listings/search-cache';
import { memoryChatBus } from '../../server/platform/chat-bus';
import { HubError, type HubCaller, type HubServer } from '../../server/realtime/types';
import { signUp, signUpAdmin } from './helpers/accounts';
import { approveCompany, createCompany } from './helpers/companies';
import { completeEvent, createEvent } from './helpers/events';
import { CHAT_SEND_LIMIT, sendLimitFor } from '../../server/modules/chats/send-limit';
import { listingFixture } from './helpers/listings';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

let t: TestApp;
let f: Awaited<ReturnType<typeof listingFixture>>;
let customer: Account;
let owner: Account;
let stranger: Account;
let otherOwner: Account;
let planner: Account;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let company: { id: string; name: string };
let otherCompany: { id: string };

const call = apiCaller(() => t, () => customer.accessToken);

async function activeCompany(account: Account) {
  const made = await createCompany(t, account.accessToken);
  await approveCompany(t, admin.accessToken, made.id);
  return made;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await listingFixture(t);
  [customer, owner, stranger, otherOwner, planner] = [await signUp(t), await signUp(t), await signUp(t), await signUp(t), await signUp(t)];
  admin = await signUpAdmin(t);
  company = await activeCompany(owner);
  otherCompany = await activeCompany(otherOwner);
});
afterAll(() => t.close());

/** A public listing of `companyId` that the fixture's events match (category A, sub-category A1, county 1). */
async function listing(companyId = company.id, values: Partial<typeof listings.$inferInsert> = {}) {
  const [row] = await t.deps.db.insert(listings).values({
    companyId, name: `Listing ${randomUUID().slice(0, 6)}`, shortDescription: 'Short', categoryId: f.catA.id, subCategoryId: f.subA1.id,
    countyIds: [f.county1.id], status: 200, isActive: true, ...values,
  }).returning();
  bumpCatalogue();
  return row!;
}

async function startChat(token = customer.accessToken, listingId?: string): Promise<Chat> {
  const id = listingId ?? (await listing()).id;
  const res = await call('POST', '/chats', { companyName: 'whatever', listingId: id, listingName: 'whatever' }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Chat;
}

async function send(chatId: string, text: string, token = customer.accessToken, id?: string) {
  return call('POST', `/chats/${chatId}/messages`, { text, ...(id ? { id } : {}) }, token);
}

const unread = async (token: string) => {
  const res = await call('GET', '/chats/unread', undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { count: number }).count;
};

const expectError = (res: { statusCode: number; json(): unknown; body: string }, status: number, message?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { message: string };
  expect(body.message).toBeTruthy();
  if (message) expect(body.message).toBe(message);
};

describe('POST /chats (a customer asks about a listing)', () => {
  it('makes one chat per customer and listing, with the marker message and one chatStart', async () => {
    const l = await listing();
    const res = await call('POST', '/chats', { companyName: 'Fake AS', listingId: l.id.toUpperCase(), listingName: 'Fake name' });
    expect(res.statusCode, res.body).toBe(201);
    const chat = res.json() as Chat;
    expect(chat).toMatchObject({
      listingId: l.id, listingName: l.name, eventId: null, eventName: null, companyId: company.id, companyName: company.name,
      customerId: customer.user.id, userFullName: 'Kari Nordmann', side: 'customer', unreadCount: 0,
    });
    expect(chat.messages).toBeUndefined();
    expect(chat.lastMessage).toMatchObject({ chatId: chat.id, senderId: customer.user.id, text: listingMarkerMessage(l.id) });
    expect(chat.timestamp).toBe(chat.lastMessage!.timestamp);

    const again = await call('POST', '/chats', { companyName: 'x', listingId: l.id, listingName: 'y' });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as Chat).id).toBe(chat.id);

    const stats = await t.deps.db.select().from(listingEvents)
      .where(and(eq(listingEvents.listingId, l.id), eq(listingEvents.eventType, 'chatstart')));
    expect(stats).toHaveLength(1);
    expect(stats[0]!.userId).toBe(customer.user.id);
    expect(await t.deps.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toHaveLength(1);

    // Another customer gets a chat of their own.
    const theirs = await startChat(stranger.accessToken, l.id);
    expect(theirs.id).not.toBe(chat.id);
  });

  it('concurrent starts make one chat and one statistic', async () => {
    const l = await listing();
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/chats', { listingId: l.id })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => (r.json() as Chat).id)).size).toBe(1);
    const stats = await t.deps.db.select().from(listingEvents)
      .where(and(eq(listingEvents.listingId, l.id), eq(listingEvents.eventType, 'chatstart')));
    expect(stats).toHaveLength(1);
  });

  it('refuses a listing that is not public, an unknown one and the own company', async () => {
    const hidden = await listing(company.id, { status: 100 });
    expectError(await call('POST', '/chats', { listingId: hidden.id }), 404, 'Listing not found');
    expectError(await call('POST', '/chats', { listingId: randomUUID() }), 404, 'Listing not found');
    const l = await listing();
    expectError(await call('POST', '/chats', { listingId: l.id }, owner.accessToken), 400, 'You cannot start a chat with your own company');
    expectError(await call('POST', '/chats', { listingId: l.id }, ANON), 401);
  });

  it('answers hostile bodies with 400', async () => {
    const l = await listing();
    const bodies: unknown[] = [
      {}, { listingId: 'nope' }, { listingId: 42 }, { listingId: null }, { listingId: l.id, listingName: 'x'.repeat(201) },
      { listingId: l.id, companyName: 7 }, [l.id], { listingId: `${l.id}\u0000` },
    ];
    for (const body of bodies) {
      const res = await call('POST', '/chats', body);
      expectError(res, 400);
    }
    let deep: unknown = { listingId: l.id };
    for (let i = 0; i < 100; i++) deep = { a: deep };
    expectError(await call('POST', '/chats', deep), 400);
    const text = await t.request({ method: 'POST', url: '/api/chats', token: customer.accessToken, payload: '{"listingId":', headers: { 'content-type': 'application/json' } });
    expectError(text, 400);
  });
});

describe('messages', () => {
  it('stores, trims and answers {chatId, message}; the chat shows it newest first in the lists', async () => {
    const chat = await startChat();
    const res = await send(chat.id, '  Hei! Er dere ledige 12. juni?  ');
    expect(res.statusCode, res.body).toBe(201);
    const { chatId, message } = res.json() as SendMessageResult;
    expect(chatId).toBe(chat.id);
    expect(message).toMatchObject({ chatId: chat.id, senderId: customer.user.id, text: 'Hei! Er dere ledige 12. juni?' });
    expect(message.id).toMatch(/^[0-9a-f-]{36}$/);

    const reply = await send(chat.id, 'Ja, det er vi.', owner.accessToken);
    expect(reply.statusCode, reply.body).toBe(201);

    const one = await call('GET', `/chats/${chat.id}`);
    expect(one.statusCode, one.body).toBe(200);
    const full = one.json() as Chat;
    expect(full.messages!.map((m) => m.text)).toEqual([listingMarkerMessage(chat.listingId!), 'Hei! Er dere ledige 12. juni?', 'Ja, det er vi.']);
    expect(full.lastMessage!.text).toBe('Ja, det er vi.');
    expect(full.side).toBe('customer');

    const asOwner = await call('GET', `/chats/${chat.id}`, undefined, owner.accessToken);
    expect((asOwner.json() as Chat).side).toBe('company');

    const list = await call('GET', '/chats');
    expect((list.json() as Chat[])[0]!.id).toBe(chat.id);
  });

  it('stamps each message of a chat after the one before, so time order is send order', async () => {
    const chat = await startChat();
    // The server's clock goes back a second between the sends (another process, a clock step).
    const first = (await send(chat.id, 'First')).json() as SendMessageResult;
    t.advance(-1000);
    try {
      const second = (await send(chat.id, 'Second', owner.accessToken)).json() as SendMessageResult;
      const third = (await send(chat.id, 'Third')).json() as SendMessageResult;
      const times = [first, second, third].map((r) => Date.parse(r.message.timestamp));
      expect(times[1]).toBeGreaterThan(times[0]!);
      expect(times[2]).toBeGreaterThan(times[1]!);
    } finally {
      t.advance(1000);
    }
  });

  it('a replay with the same id stores once; the id elsewhere is a 409', async () => {
    const chat = await startChat();
    const id = randomUUID();
    const first = await send(chat.id, 'Once', customer.accessToken, id);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await send(chat.id, 'Once', customer.accessToken, id.toUpperCase());
    expect(replay.statusCode, replay.body).toBe(200);
    expect((replay.json() as SendMessageResult).message).toEqual((first.json() as SendMessageResult).message);
    expect(await t.deps.db.select().from(chatMessages).where(eq(chatMessages.id, id))).toHaveLength(1);

    expectError(await send(chat.id, 'Mine now', owner.accessToken, id), 409, 'A message with this id already exists');
    const other = await startChat();
    expectError(await send(other.id, 'Elsewhere', customer.accessToken, id), 409);
  });

  it('an Idempotency-Key replay answers the first answer and stores once', async () => {
    const chat = await startChat();
    const key = randomUUID();
    const post = () => call('POST', `/chats/${chat.id}/messages`, { text: 'Keyed' }, customer.accessToken, { 'idempotency-key': key });
    const a = await post();
    const b = await post();
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    const rows = await t.deps.db.select().from(chatMessages).where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.text, 'Keyed')));
    expect(rows).toHaveLength(1);
  });

  it('validates the text, the id and the chat', async () => {
    const chat = await startChat();
    const ok = await send(chat.id, 'x'.repeat(CHAT_LIMITS.messageText));
    expect(ok.statusCode, ok.body).toBe(201);
    const bodies: unknown[] = [
      { text: 'x'.repeat(CHAT_LIMITS.messageText + 1) }, { text: '   \n\t ' }, { text: '' }, {}, { text: 12 }, { text: ['a'] },
      { text: null }, { text: 'a\u0000b' }, { text: 'ok', id: 'not-a-uuid' }, { text: 'ok', id: 5 }, 'just text',
    ];
    for (const body of bodies) expectError(await call('POST', `/chats/${chat.id}/messages`, body), 400);
    expectError(await call('POST', '/chats/not-a-uuid/messages', { text: 'hi' }), 400);
    expectError(await call('POST', `/chats/${randomUUID()}/messages`, { text: 'hi' }), 404, 'Chat not found');
    expectError(await send(chat.id, 'hi', stranger.accessToken), 403);
    expectError(await send(chat.id, 'hi', otherOwner.accessToken), 403);
    expectError(await send(chat.id, 'hi', admin.accessToken), 403);
    expectError(await send(chat.id, 'hi', ANON), 401);
    const stored = await t.deps.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    expect(stored).toHaveLength(2);
  });

  it('GET /chats/{chatId}: 400 bad id, 404 unknown, 403 for anyone but the two parties', async () => {
    const chat = await startChat();
    expectError(await call('GET', '/chats/abc'), 400);
    expectError(await call('GET', `/chats/${randomUUID()}`), 404, 'Chat not found');
    for (const account of [stranger, otherOwner, admin]) {
      expectError(await call('GET', `/chats/${chat.id}`, undefined, account.accessToken), 403, 'You are not a participant of this chat');
      expectError(await call('POST', `/chats/${chat.id}/read`, undefined, account.accessToken), 403);
    }
    expectError(await call('GET', `/chats/${chat.id}`, undefined, ANON), 401);
  });
});

describe('sending too fast', () => {
  it('refuses the 121st message of a minute with 429 and Retry-After, stores nothing, and lets the next minute through', async () => {
    const chat = await startChat();
    const limit = sendLimitFor(t.deps);
    // The minute's first 120 messages, as counted (sending 120 for real would only slow the suite).
    for (let i = 0; i < CHAT_SEND_LIMIT.max; i++) await limit.count(customer.user.id);
    const id = randomUUID();
    const refused = await send(chat.id, 'One too many', customer.accessToken, id);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/^Too many messages\. Please try again in \d+ seconds\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.deps.db.select().from(chatMessages).where(eq(chatMessages.id, id))).toHaveLength(0);
    // The other party is not limited by the customer's flood.
    expect((await send(chat.id, 'Still here', owner.accessToken)).statusCode).toBe(201);
    t.advance(CHAT_SEND_LIMIT.windowMs);
    expect((await send(chat.id, 'A minute later', customer.accessToken, id)).statusCode).toBe(201);
  });
});

describe('unread counts and read', () => {
  it('counts the other side\'s messages since the last read, per chat and in total', async () => {
    const reader = await signUp(t);
    const seller = await signUp(t);
    const sellerCompany = await activeCompany(seller);
    const chat = await startChat(reader.accessToken, (await listing(sellerCompany.id)).id);
    expect(await unread(reader.accessToken)).toBe(0);
    // The marker message is the customer's: unread for the company.
    expect(await unread(seller.accessToken)).toBe(1);

    t.advance(1000);
    await send(chat.id, 'One', seller.accessToken);
    t.advance(1000);
    await send(chat.id, 'Two', seller.accessToken);
    expect(await unread(reader.accessToken)).toBe(2);
    const listed = (await call('GET', '/chats', undefined, reader.accessToken)).json() as Chat[];
    expect(listed.find((c) => c.id === chat.id)!.unreadCount).toBe(2);
    // Writing is reading: the seller's reply marked the customer's marker read on the company side.
    expect(await unread(seller.accessToken)).toBe(0);

    t.advance(1000);
    const read = await call('POST', `/chats/${chat.id}/read`, undefined, reader.accessToken);
    expect(read.statusCode, read.body).toBe(204);
    expect(await unread(reader.accessToken)).toBe(0);
    const after = (await call('GET', `/chats/${chat.id}`, undefined, reader.accessToken)).json() as Chat;
    expect(after.unreadCount).toBe(0);

    t.advance(1000);
    await send(chat.id, 'Three', reader.accessToken);
    const companyList = (await call('GET', `/chats/company/${sellerCompany.id}`, undefined, seller.accessToken)).json() as Chat[];
    expect(companyList.map((c) => [c.id, c.side, c.unreadCount])).toEqual([[chat.id, 'company', 1]]);
    expect(await unread(seller.accessToken)).toBe(1);

    // Nothing read on either side: each counts only the other side's messages (2 from the seller;
    // the marker and 'Three' from the customer).
    await t.deps.db.update(chats).set({ customerLastReadAt: null, companyLastReadAt: null }).where(eq(chats.id, chat.id));
    expect(await unread(reader.accessToken)).toBe(2);
    expect(await unread(seller.accessToken)).toBe(2);
    expectError(await call('POST', '/chats/zzz/read', undefined, reader.accessToken), 400);
    expectError(await call('POST', `/chats/${randomUUID()}/read`, undefined, reader.accessToken), 404);
  });
});

describe('GET /chats/company/{companyId}', () => {
  it('answers the owner only: 403 another owner or an Admin, 404 unknown, 400 bad id', async () => {
    const chat = await startChat();
    const res = await call('GET', `/chats/company/${company.id}`, undefined, owner.accessToken);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Chat[]).some((c) => c.id === chat.id && c.side === 'company')).toBe(true);
    expectError(await call('GET', `/chats/company/${company.id}`, undefined, otherOwner.accessToken), 403);
    expectError(await call('GET', `/chats/company/${company.id}`, undefined, admin.accessToken), 403);
    expectError(await call('GET', `/chats/company/${company.id}`), 403);
    expectError(await call('GET', `/chats/company/${randomUUID()}`, undefined, owner.accessToken), 404);
    expectError(await call('GET', '/chats/company/1', undefined, owner.accessToken), 400);
  });

  it('hides the chats of a Deleted company from both sides', async () => {
    const seller = await signUp(t);
    const gone = await activeCompany(seller);
    const chat = await startChat(customer.accessToken, (await listing(gone.id)).id);
    await t.deps.db.update(companies).set({ status: CompanyStatus.Deleted, deletedAt: t.deps.clock() }).where(eq(companies.id, gone.id));
    expectError(await call('GET', `/chats/company/${gone.id}`, undefined, seller.accessToken), 404);
    expect(((await call('GET', '/chats')).json() as Chat[]).some((c) => c.id === chat.id)).toBe(false);
    expectError(await call('GET', `/chats/${chat.id}`), 404);
    expectError(await send(chat.id, 'Anyone?'), 404);
  });
});

describe('POST /chats/event-chat (a company writes to an event\'s organizer)', () => {
  async function approvedEvent(overrides: Partial<EventInput> = {}): Promise<PlannerEvent> {
    const created = await createEvent(t, planner.accessToken, completeEvent(f, { status: EventStatus.AwaitingApproval, ...overrides }));
    const res = await call('POST', '/approval', { id: created.id, approved: true, type: 300 }, admin.accessToken);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PlannerEvent;
  }

  it('makes one chat per company and event, the organizer as its customer', async () => {
    await listing();
    const event = await approvedEvent();
    const body = { userId: planner.user.id, companyId: company.id, eventId: event.id };
    const res = await call('POST', '/chats/event-chat', body, owner.accessToken);
    expect(res.statusCode, res.body).toBe(201);
    const chat = res.json() as Chat;
    expect(chat).toMatchObject({
      eventId: event.id, eventName: 'Kari and Ola', listingId: null, companyId: company.id, customerId: planner.user.id,
      side: 'company', lastMessage: null, unreadCount: 0,
    });
    expect(chat.timestamp).toBe(chat.createdAt);
    const again = await call('POST', '/chats/event-chat', body, owner.accessToken);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as Chat).id).toBe(chat.id);

    const plannerList = (await call('GET', '/chats', undefined, planner.accessToken)).json() as Chat[];
    expect(plannerList.find((c) => c.id === chat.id)?.side).toBe('customer');
    const sent = await send(chat.id, 'Vi kan ta bildene!', owner.accessToken);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await unread(planner.accessToken)).toBeGreaterThanOrEqual(1);
  });

  it('refuses non-owners, inactive companies, unknown, unapproved, unmatched events and the wrong organizer', async () => {
    await listing();
    const event = await approvedEvent();
    const body = { userId: planner.user.id, companyId: company.id, eventId: event.id };
    expectError(await call('POST', '/chats/event-chat', body, otherOwner.accessToken), 403);
    expectError(await call('POST', '/chats/event-chat', body, admin.accessToken), 403);
    expectError(await call('POST', '/chats/event-chat', body, ANON), 401);

    const pending = await createCompany(t, owner.accessToken);
    expectError(await call('POST', '/chats/event-chat', { ...body, companyId: pending.id }, owner.accessToken), 409,
      'Company must be active to view messages');
    expectError(await call('POST', '/chats/event-chat', { ...body, companyId: randomUUID() }, owner.accessToken), 404);
    expectError(await call('POST', '/chats/event-chat', { ...body, eventId: randomUUID() }, owner.accessToken), 404, 'Event not found');
    const draft = await createEvent(t, planner.accessToken, completeEvent(f));
    expectError(await call('POST', '/chats/event-chat', { ...body, eventId: draft.id }, owner.accessToken), 404, 'Event not found');
    expectError(await call('POST', '/chats/event-chat', { ...body, userId: stranger.user.id }, owner.accessToken), 400);
    expectError(await call('POST', '/chats/event-chat', { ...body, userId: owner.user.id }, owner.accessToken), 400);
    // The other company has no listing the event matches: it cannot see the event.
    expectError(await call('POST', '/chats/event-chat', { ...body, companyId: otherCompany.id }, otherOwner.accessToken), 404, 'Event not found');

    for (const bad of [{}, { ...body, userId: 'x' }, { ...body, eventId: 3 }, { ...body, companyId: null }, [body]]) {
      expectError(await call('POST', '/chats/event-chat', bad, owner.accessToken), 400);
    }
    expect(await t.deps.db.select().from(chats).where(eq(chats.eventId, event.id))).toHaveLength(0);
  });
});

describe('a token whose user no longer exists', () => {
  it('is refused with 401', async () => {
    const gone = await signUp(t);
    const chat = await startChat(customer.accessToken);
    await t.deps.db.delete(users).where(eq(users.id, gone.user.id));
    expectError(await call('GET', '/chats', undefined, gone.accessToken), 401);
    expectError(await send(chat.id, 'hi', gone.accessToken), 401);
  });

  it('a deleted customer takes their chats along; a deleted sender\'s messages stay', async () => {
    const leaving = await signUp(t);
    const chat = await startChat(leaving.accessToken);
    await send(chat.id, 'From the owner', owner.accessToken);
    await t.deps.db.delete(users).where(eq(users.id, leaving.user.id));
    expect(await t.deps.db.select().from(chats).where(eq(chats.id, chat.id))).toHaveLength(0);

    const seller = await signUp(t);
    const sellerCompany = await activeCompany(seller);
    const kept = await startChat(customer.accessToken, (await listing(sellerCompany.id)).id);
    await send(kept.id, 'Before I go', seller.accessToken);
    await t.deps.db.delete(users).where(eq(users.id, seller.user.id));
    const after = (await call('GET', `/chats/${kept.id}`)).json() as Chat;
    expect(after.messages!.at(-1)).toMatchObject({ text: 'Before I go', senderId: '' });
    expect(after.unreadCount).toBe(1);
  });
});

/** A HubServer that records what the hub asks of it. */
function fakeServer() {
  const groups: [string, string][] = [];
  const left: [string, string][] = [];
  const sent: { groups: readonly string[]; target: string; args: readonly unknown[] }[] = [];
  const server: HubServer = {
    addToGroup: (connectionId, group) => { groups.push([connectionId, group]); },
    removeFromGroup: (connectionId, group) => { left.push([connectionId, group]); },
    sendToGroups: (g, target, args) => { sent.push({ groups: g, target, args }); },
    connectionCount: () => 0,
    reconnectAll: () => {},
  };
  return { server, groups, left, sent };
}

const callerOf = (account: Account, connectionId: string = randomUUID()): HubCaller =>
  ({ connectionId, auth: { userId: account.user.id, roles: [], sessionId: 'test' } });

describe('chatHub', () => {
  it('joins the user group on connect; JoinChat checks the party; LeaveChat leaves', async () => {
    const bus = memoryChatBus();
    const fake = fakeServer();
    const hub = chatHub(fake.server, t.deps, bus);
    const chat = await startChat();
    const me = callerOf(customer, 'c1');
    await hub.onConnected?.(me);
    expect(fake.groups).toEqual([['c1', `user:${customer.user.id}`]]);

    await expect(hub.methods.JoinChat!(callerOf(stranger), [chat.id])).rejects.toThrow(new HubError('You are not a participant of this chat'));
    await expect(hub.methods.JoinChat!(callerOf(admin as Account), [chat.id])).rejects.toThrow(HubError);
    await expect(hub.methods.JoinChat!(me, [randomUUID()])).rejects.toThrow(new HubError('Chat not found'));
    await expect(hub.methods.JoinChat!(me, ['garbage'])).rejects.toThrow(new HubError('Chat not found'));
    await expect(hub.methods.JoinChat!(me, [])).rejects.toThrow(new HubError('Chat not found'));

    expect(await hub.methods.JoinChat!(me, [chat.id.toUpperCase()])).toBeUndefined();
    expect(await hub.methods.JoinChat!(callerOf(owner, 'o1'), [chat.id])).toBeUndefined();
    expect(fake.groups.slice(1)).toEqual([['c1', `chat:${chat.id}`], ['o1', `chat:${chat.id}`]]);
    await hub.methods.LeaveChat!(me, [chat.id]);
    await hub.methods.LeaveChat!(me, [{ not: 'an id' }]);
    expect(fake.left).toEqual([['c1', `chat:${chat.id}`]]);
    await bus.close();
  });

  it('SendMessage stores, answers the message and pushes it to the chat and both parties once', async () => {
    const bus = memoryChatBus();
    const fake = fakeServer();
    const hub = chatHub(fake.server, t.deps, bus);
    const chat = await startChat();
    const id = randomUUID();
    const message = await hub.methods.SendMessage!(callerOf(customer), [chat.id, '  Over the hub  ', id]) as ChatMessage;
    expect(message).toMatchObject({ id, chatId: chat.id, senderId: customer.user.id, text: 'Over the hub' });
    await vi.waitFor(() => expect(fake.sent).toHaveLength(1));
    expect(fake.sent[0]).toEqual({
      groups: [`chat:${chat.id}`, `user:${customer.user.id}`, `user:${owner.user.id}`], target: 'ReceiveMessage', args: [chat.id, message],
    });

    // A replay answers the stored message and is not pushed again.
    expect(await hub.methods.SendMessage!(callerOf(customer), [chat.id, 'Over the hub', id])).toEqual(message);
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.sent).toHaveLength(1);
    expect(await t.deps.db.select().from(chatMessages).where(eq(chatMessages.id, id))).toHaveLength(1);

    await expect(hub.methods.SendMessage!(callerOf(stranger), [chat.id, 'hi'])).rejects.toThrow(new HubError('You are not a participant of this chat'));
    await expect(hub.methods.SendMessage!(callerOf(customer), [chat.id, 'x'.repeat(4001)])).rejects.toThrow(HubError);
    await expect(hub.methods.SendMessage!(callerOf(customer), [chat.id, '   '])).rejects.toThrow(new HubError('Message text is required'));
    await expect(hub.methods.SendMessage!(callerOf(customer), [chat.id, 'a\u0000b'])).rejects.toThrow(HubError);
    await expect(hub.methods.SendMessage!(callerOf(customer), [chat.id, 5])).rejects.toThrow(HubError);
    await expect(hub.methods.SendMessage!(callerOf(customer), [chat.id, 'ok', 'bad-id'])).rejects.toThrow(HubError);
    await expect(hub.methods.SendMessage!(callerOf(owner), [chat.id, 'taken', id])).rejects.toThrow(new HubError('A message with this id already exists'));
    await expect(hub.methods.SendMessage!(callerOf(customer), ['nope', 'hi'])).rejects.toThrow(new HubError('Chat not found'));
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.sent).toHaveLength(1);
    await bus.close();
  });

  it('a REST send (another app on the same bus and database) is pushed by the hub', async () => {
    const bus = memoryChatBus();
    const fake = fakeServer();
    chatHub(fake.server, t.deps, bus);
    const other = await buildApp({ ...t.deps, chatBus: bus });
    await other.ready();
    try {
      const chat = await startChat();
      const res = await other.inject({
        method: 'POST', url: `/api/chats/${chat.id}/messages`, payload: { text: 'Via REST' },
        headers: { authorization: `Bearer ${owner.accessToken}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { message } = res.json() as SendMessageResult;
      await vi.waitFor(() => expect(fake.sent.map((s) => (s.args[1] as ChatMessage).id)).toContain(message.id));
      const push = fake.sent.find((s) => (s.args[1] as ChatMessage).id === message.id)!;
      expect(push.groups).toEqual([`chat:${chat.id}`, `user:${customer.user.id}`, `user:${owner.user.id}`]);
      expect(push.args).toEqual([chat.id, message]);

      // Starting a listing chat announces its marker message to the company's owner.
      const l = await listing();
      const started = await other.inject({
        method: 'POST', url: '/api/chats', payload: { listingId: l.id }, headers: { authorization: `Bearer ${stranger.accessToken}` },
      });
      expect(started.statusCode, started.body).toBe(201);
      const newChat = started.json() as Chat;
      await vi.waitFor(() => expect(fake.sent.some((s) => s.args[0] === newChat.id)).toBe(true));
    } finally {
      await other.close();
      await bus.close();
    }
  });
});
