import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatListQuery, chatMessagesQuery, chatScope } from '../../../src/db/chats';
import { db, type StoredChat } from '../../../src/db/database';
import { CompanyStatus } from '../../../src/domain/companies';
import type { Chat, ChatMessage } from '../../../src/domain/chats';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/domain/sync';
import {
  discardChatMessage, markChatRead, pullChat, pullChats, receiveChatMessage, retryChatMessage, sendChatMessage,
  startListingChat,
} from '../../../src/sync/chats';
import { chatMessages, chats } from '../../../src/sync/entities/chats';
import { userEntries } from '../../../src/sync/outbox';
import { createReplayer } from '../../../src/sync/replay';
import { ownedCompany } from '../features/companies/fixtures';
import { calls, json, stubApi } from './fixtures';

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const replayer = () => createReplayer({ getUserId: () => 'u1', lock: (fn) => fn() });
const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as { text: string; id: string };
const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;

function chat(id: string, extra: Partial<Chat> = {}): Chat {
  return {
    id, listingId: 'l1', listingName: 'Listing', eventId: null, eventName: null, companyId: 'co1', companyName: 'Company',
    companyLogoId: null, customerId: 'u1', userFullName: 'Una User', side: 'customer', lastMessage: null, unreadCount: 0,
    timestamp: '2026-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', ...extra,
  };
}
const message = (id: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id, chatId: 'c1', senderId: 'other', text: `text ${id}`, timestamp: '2026-01-02T00:00:00.000Z', ...extra,
});
const storedChat = (c: Chat, scope = 'customer'): StoredChat => ({ ...c, userId: 'u1', scope, fetchedAt: 1 });

/** A server for POST /chats/c1/messages storing each id once (as the real one does). */
function messageServer(refuse: (text: string) => boolean = () => false) {
  const stored = new Map<string, ChatMessage>();
  let clock = 0;
  const fetchMock = stubApi({
    'POST /chats/c1/messages': (init) => {
      const body = bodyOf(init);
      if (refuse(body.text)) return json(403, { message: 'You are not a participant of this chat' });
      const known = stored.get(body.id);
      if (known) return json(200, { chatId: 'c1', message: known });
      const made = message(body.id, { senderId: 'u1', text: body.text, timestamp: `2026-02-01T00:00:0${clock++}.000Z` });
      stored.set(body.id, made);
      return json(201, { chatId: 'c1', message: made });
    },
    'POST /chats/c1/read': () => new Response(null, { status: 204 }),
  });
  return { fetchMock, stored };
}

describe('sending messages', () => {
  it('offline: each message shows at once as pending, in the order written, and bumps the chat', async () => {
    await db.chats.put(storedChat(chat('c1')));
    offline();
    const fetchMock = stubApi({});
    await sendChatMessage('u1', 'c1', ' first ');
    await sendChatMessage('u1', 'c1', 'second');
    await sendChatMessage('u1', 'c1', 'third');
    await replayer().run();
    expect(fetchMock).not.toHaveBeenCalled();
    const rows = await chatMessagesQuery('u1', 'c1');
    expect(rows.map((m) => [m.text, m.state, m.senderId])).toEqual([
      ['first', 'pending', 'u1'], ['second', 'pending', 'u1'], ['third', 'pending', 'u1'],
    ]);
    expect(rows[0]!.localOrder! < rows[1]!.localOrder! && rows[1]!.localOrder! < rows[2]!.localOrder!).toBe(true);
    const c1 = await db.chats.get('c1');
    expect(c1?.lastMessage?.text).toBe('third');
    expect(c1!.timestamp > '2026-01-01T00:00:00.000Z').toBe(true);
    expect((await userEntries('u1')).map((e) => e.kind)).toEqual(['chatMessage.send', 'chatMessage.send', 'chatMessage.send']);
  });

  it('rejects a blank or too long text without queueing anything', async () => {
    await expect(sendChatMessage('u1', 'c1', '   ')).rejects.toThrow('Message text is required');
    await expect(sendChatMessage('u1', 'c1', 'x'.repeat(4001))).rejects.toThrow('at most 4000');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.chatMessages.count()).toBe(0);
  });

  it('replay: one request per message, in order, each with its id; the rows become sent with the server time', async () => {
    await db.chats.put(storedChat(chat('c1')));
    const off = offline();
    await sendChatMessage('u1', 'c1', 'one');
    await sendChatMessage('u1', 'c1', 'two');
    await sendChatMessage('u1', 'c1', 'three');
    const ids = (await chatMessagesQuery('u1', 'c1')).map((m) => m.id);
    off.mockReturnValue(true);
    const { fetchMock } = messageServer();
    await replayer().run();
    await replayer().run(); // nothing is sent twice
    const posts = calls(fetchMock, '/chats/c1/messages');
    expect(posts.map(([, init]) => bodyOf(init))).toEqual([
      { text: 'one', id: ids[0] }, { text: 'two', id: ids[1] }, { text: 'three', id: ids[2] },
    ]);
    expect(posts.every(([, init]) => headersOf(init)[IDEMPOTENCY_KEY_HEADER])).toBe(true);
    const rows = await chatMessagesQuery('u1', 'c1');
    expect(rows.map((m) => [m.id, m.state, m.timestamp])).toEqual([
      [ids[0], 'sent', '2026-02-01T00:00:00.000Z'], [ids[1], 'sent', '2026-02-01T00:00:01.000Z'], [ids[2], 'sent', '2026-02-01T00:00:02.000Z'],
    ]);
    expect(rows.every((m) => m.localOrder === undefined)).toBe(true);
    expect((await db.chats.get('c1'))?.lastMessage).toEqual(expect.objectContaining({ id: ids[2], timestamp: '2026-02-01T00:00:02.000Z' }));
    expect(await db.outbox.count()).toBe(0);
  });

  it('a send whose answer was lost is sent again with the same id and lands once', async () => {
    const { fetchMock, stored } = messageServer();
    let drop = true;
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const res = await real(input, init);
      if (drop) {
        drop = false;
        throw new TypeError('Failed to fetch'); // stored on the server, the answer never came
      }
      return res;
    });
    await sendChatMessage('u1', 'c1', 'hello');
    await replayer().run(); // the client's own retry of the lost answer gets 200 with the stored message
    expect(stored.size).toBe(1);
    expect((await chatMessagesQuery('u1', 'c1')).map((m) => m.state)).toEqual(['sent']);
  });

  it('a refusal (4xx) marks the message failed with the server message; later messages still go; retry sends it once', async () => {
    let refuse = true;
    const { fetchMock } = messageServer((text) => refuse && text === 'bad');
    await sendChatMessage('u1', 'c1', 'bad');
    await sendChatMessage('u1', 'c1', 'good');
    await replayer().run();
    const rows = await chatMessagesQuery('u1', 'c1');
    const bad = rows.find((m) => m.text === 'bad')!;
    const good = rows.find((m) => m.text === 'good')!;
    expect(bad).toMatchObject({ state: 'failed', error: 'You are not a participant of this chat' });
    expect(good.state).toBe('sent');
    expect((await userEntries('u1')).map((e) => e.state)).toEqual(['failed']);

    refuse = false;
    await retryChatMessage('u1', bad.id);
    expect((await db.chatMessages.get(bad.id))?.state).toBe('pending');
    await replayer().run();
    await replayer().run();
    expect((await db.chatMessages.get(bad.id))).toMatchObject({ state: 'sent', id: bad.id });
    const badPosts = calls(fetchMock, '/chats/c1/messages').filter(([, init]) => bodyOf(init).id === bad.id);
    expect(badPosts).toHaveLength(2); // the refused one and the retry
    expect(await db.outbox.count()).toBe(0);
  });

  it('discard removes a failed message and its entry; the chat falls back to the previous last message', async () => {
    await db.chats.put(storedChat(chat('c1', { lastMessage: message('m0') })));
    await db.chatMessages.put({ ...message('m0'), userId: 'u1', state: 'sent' });
    messageServer(() => true);
    await sendChatMessage('u1', 'c1', 'refused');
    await replayer().run();
    const [failed] = (await chatMessagesQuery('u1', 'c1')).filter((m) => m.state === 'failed');
    await discardChatMessage('u1', failed!.id);
    expect(await db.chatMessages.get(failed!.id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.chats.get('c1'))?.lastMessage?.id).toBe('m0');
  });

  it('the messages entity pull drops an unsent row whose entry was given up elsewhere', async () => {
    messageServer(() => true);
    await sendChatMessage('u1', 'c1', 'refused');
    await replayer().run();
    await db.outbox.clear(); // discarded in the review of unsent changes
    await chatMessages.pull('u1');
    expect(await db.chatMessages.count()).toBe(0);
  });
});

describe('pulls', () => {
  it('pullChat replaces sent messages and keeps pending and failed ones', async () => {
    await db.chatMessages.bulkPut([
      { ...message('gone'), userId: 'u1', state: 'sent' },
      { ...message('p1', { senderId: 'u1' }), userId: 'u1', state: 'pending', localOrder: 1 },
      { ...message('f1', { senderId: 'u1' }), userId: 'u1', state: 'failed', error: 'no', localOrder: 2 },
    ]);
    stubApi({ 'GET /chats/c1': () => json(200, chat('c1', { messages: [message('m1'), message('m2', { timestamp: '2026-01-03T00:00:00.000Z' })], lastMessage: message('m2') })) });
    await pullChat('u1', 'c1');
    expect((await chatMessagesQuery('u1', 'c1')).map((m) => [m.id, m.state])).toEqual([
      ['m1', 'sent'], ['m2', 'sent'], ['p1', 'pending'], ['f1', 'failed'],
    ]);
    const stored = await db.chats.get('c1');
    expect(stored).toMatchObject({ scope: 'customer', userId: 'u1' });
    expect(stored).not.toHaveProperty('messages');
    // The chat shows the newest unsent message as its last one until the server has it.
    expect(stored?.lastMessage?.id).toBe('f1');
  });

  it('pullChats replaces the scope, keeps other scopes and keeps 0 unread while a mark-read waits', async () => {
    await db.chats.bulkPut([storedChat(chat('old')), storedChat(chat('other', { side: 'company', companyId: 'co9' }), chatScope('co9'))]);
    await db.chats.put(storedChat(chat('c1', { unreadCount: 3 })));
    offline();
    await markChatRead('u1', 'c1');
    vi.restoreAllMocks();
    stubApi({ 'GET /chats': () => json(200, [chat('c1', { unreadCount: 4 }), chat('c2', { unreadCount: 1 })]) });
    await pullChats('u1', null);
    const list = await chatListQuery('u1', 'customer');
    expect(list.map((c) => [c.id, c.unreadCount])).toEqual([['c1', 0], ['c2', 1]]);
    expect(await db.chats.get('other')).toBeDefined();
  });

  it('pullChats rejects when the call fails', async () => {
    stubApi({ 'GET /chats/company/co1': () => json(403, { message: 'Forbidden' }) });
    await expect(pullChats('u1', 'co1')).rejects.toThrow('Forbidden');
  });

  it('the start-up pull reads the customer list and each own company not deleted, dropping scopes no longer owned', async () => {
    await db.ownCompanies.bulkPut([
      { ...ownedCompany('co3', { status: CompanyStatus.Active }), userId: 'u2', fetchedAt: 1 },
    ]);
    await db.chats.put(storedChat(chat('stale', { side: 'company', companyId: 'co4' }), chatScope('co4')));
    const fetchMock = stubApi({
      'GET /company/by-user': () => json(200, [
        ownedCompany('co1', { status: CompanyStatus.Active }),
        ownedCompany('co2', { status: CompanyStatus.AwaitingApproval }),
        ownedCompany('co4', { status: CompanyStatus.Deleted }),
      ]),
      'GET /chats': () => json(200, [chat('c1')]),
      'GET /chats/company/co1': () => json(200, [chat('k1', { side: 'company', customerId: 'x' })]),
      'GET /chats/company/co2': () => json(200, [chat('k2', { side: 'company', companyId: 'co2', customerId: 'y' })]),
    });
    await chats.pull('u1');
    expect(calls(fetchMock, '/chats/company/co4')).toHaveLength(0);
    expect(calls(fetchMock, '/chats/company/co3')).toHaveLength(0);
    expect((await chatListQuery('u1', 'customer')).map((c) => c.id)).toEqual(['c1']);
    expect((await chatListQuery('u1', chatScope('co1'))).map((c) => c.id)).toEqual(['k1']);
    expect((await chatListQuery('u1', chatScope('co2'))).map((c) => c.id)).toEqual(['k2']);
    expect(await db.chats.get('stale')).toBeUndefined();
  });

  it('a device that has not stored its companies yet keeps the company chat the screen pulled (the companies are read from the server)', async () => {
    // Just logged in: the screen pulled the open company chat; the company entity's pull has not stored the company yet.
    await db.chats.put(storedChat(chat('k1', { side: 'company', customerId: 'x' }), chatScope('co1')));
    const fetchMock = stubApi({
      'GET /company/by-user': () => json(200, [ownedCompany('co1', { status: CompanyStatus.Active })]),
      'GET /chats': () => json(200, []),
      'GET /chats/company/co1': () => json(200, [chat('k1', { side: 'company', customerId: 'x' })]),
    });
    await chats.pull('u1');
    expect(calls(fetchMock, '/chats/company/co1')).toHaveLength(1);
    expect((await chatListQuery('u1', chatScope('co1'))).map((c) => c.id)).toEqual(['k1']);
  });

  it('when the companies cannot be read, the stored ones are pulled and no chat is dropped', async () => {
    await db.ownCompanies.put({ ...ownedCompany('co1', { status: CompanyStatus.Active }), userId: 'u1', fetchedAt: 1 });
    await db.chats.put(storedChat(chat('k2', { side: 'company', companyId: 'co2', customerId: 'y' }), chatScope('co2')));
    const fetchMock = stubApi({
      'GET /company/by-user': () => json(500, { message: 'Server error' }),
      'GET /chats': () => json(200, []),
      'GET /chats/company/co1': () => json(200, []),
    });
    await expect(chats.pull('u1')).rejects.toThrow();
    expect(calls(fetchMock, '/chats/company/co1')).toHaveLength(1);
    expect(await db.chats.get('k2')).toBeDefined();
  });

  it('reconcile after a drain pulls the lists at most every 30 s (a conversation drains after each message)', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const fetchMock = stubApi({ 'GET /company/by-user': () => json(200, []), 'GET /chats': () => json(200, []) });
    await chats.clear('u1');
    await chats.reconcile('u1');
    now.mockReturnValue(1_000_000 + 29_999);
    await chats.reconcile('u1');
    expect(calls(fetchMock, '/chats')).toHaveLength(1);
    now.mockReturnValue(1_000_000 + 30_000);
    await chats.reconcile('u1');
    expect(calls(fetchMock, '/chats')).toHaveLength(2);
  });

  it('startListingChat stores the chat the server answers, with its messages', async () => {
    stubApi({ 'POST /chats': () => json(201, chat('c1', { messages: [message('m1', { senderId: 'u1', text: '[[listing]]l1' })] })) });
    const made = await startListingChat('u1', { companyName: 'Company', listingId: 'l1', listingName: 'Listing' });
    expect(made.id).toBe('c1');
    expect(await db.chats.get('c1')).toMatchObject({ scope: 'customer' });
    expect((await chatMessagesQuery('u1', 'c1')).map((m) => m.id)).toEqual(['m1']);
  });

  it('startListingChat rejects offline without a request', async () => {
    offline();
    const fetchMock = stubApi({});
    await expect(startListingChat('u1', { companyName: 'C', listingId: 'l1', listingName: 'L' })).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('mark read', () => {
  it('sets 0 at once, queues one POST read per chat however often it is called offline', async () => {
    await db.chats.put(storedChat(chat('c1', { unreadCount: 2 })));
    const off = offline();
    await markChatRead('u1', 'c1');
    await markChatRead('u1', 'c1');
    expect((await db.chats.get('c1'))?.unreadCount).toBe(0);
    expect(await db.outbox.count()).toBe(1);
    off.mockReturnValue(true);
    const { fetchMock } = messageServer();
    await replayer().run();
    expect(calls(fetchMock, '/chats/c1/read')).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('ReceiveMessage', () => {
  it('replaces the pending row of the same id (no duplicate) and does not count the user\'s own message as unread', async () => {
    await db.chats.put(storedChat(chat('c1')));
    offline();
    await sendChatMessage('u1', 'c1', 'mine');
    const [pending] = await chatMessagesQuery('u1', 'c1');
    const pushed = message(pending!.id, { senderId: 'u1', text: 'mine', timestamp: '2026-03-01T00:00:00.000Z' });
    expect(await receiveChatMessage('u1', 'c1', pushed, null)).toEqual({ isNew: true, unknownChat: false });
    const rows = await chatMessagesQuery('u1', 'c1');
    expect(rows.map((m) => [m.id, m.state])).toEqual([[pending!.id, 'sent']]);
    expect((await db.chats.get('c1'))).toMatchObject({ unreadCount: 0, timestamp: '2026-03-01T00:00:00.000Z' });
  });

  it('counts a message from the other side as unread once (a repeated push is not new), but not in the open chat', async () => {
    await db.chats.bulkPut([storedChat(chat('c1')), storedChat(chat('c2'))]);
    const m = message('m1', { timestamp: '2026-03-01T00:00:00.000Z' });
    await receiveChatMessage('u1', 'c1', m, 'c2');
    expect(await receiveChatMessage('u1', 'c1', m, 'c2')).toEqual({ isNew: false, unknownChat: false });
    expect((await db.chats.get('c1'))).toMatchObject({ unreadCount: 1, lastMessage: expect.objectContaining({ id: 'm1' }) });
    await receiveChatMessage('u1', 'c2', message('m2', { chatId: 'c2' }), 'c2');
    expect((await db.chats.get('c2'))?.unreadCount).toBe(0);
  });

  it('an older message does not move the chat\'s last message back', async () => {
    await db.chats.put(storedChat(chat('c1', { lastMessage: message('new', { timestamp: '2026-05-01T00:00:00.000Z' }), timestamp: '2026-05-01T00:00:00.000Z' })));
    await receiveChatMessage('u1', 'c1', message('old', { timestamp: '2026-04-01T00:00:00.000Z' }), null);
    expect((await db.chats.get('c1'))?.lastMessage?.id).toBe('new');
  });

  it('reports a chat this device does not know', async () => {
    expect(await receiveChatMessage('u1', 'c9', message('m1', { chatId: 'c9' }), null)).toEqual({ isNew: true, unknownChat: true });
  });
});

describe('logout', () => {
  it('clears the user\'s chats and messages, not another user\'s', async () => {
    await db.chats.bulkPut([storedChat(chat('c1')), { ...storedChat(chat('c2')), userId: 'u2' }]);
    await db.chatMessages.bulkPut([{ ...message('m1'), userId: 'u1', state: 'sent' }, { ...message('m2'), userId: 'u2', state: 'sent' }]);
    await chats.clear('u1');
    await chatMessages.clear('u1');
    expect((await db.chats.toArray()).map((c) => c.id)).toEqual(['c2']);
    expect((await db.chatMessages.toArray()).map((m) => m.id)).toEqual(['m2']);
  });
});
