import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type StoredChat } from '../../../src/db/database';
import type { Chat, ChatMessage } from '../../../src/domain/chats';
import { handleReceivedMessage, useChatConnection } from '../../../src/realtime/chat-connection';
import { json, stubApi } from '../sync/fixtures';

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const chat = (id: string, extra: Partial<Chat> = {}): Chat => ({
  id, listingId: 'l1', listingName: 'Listing', eventId: null, eventName: null, companyId: 'co1', companyName: 'Company',
  companyLogoId: null, customerId: 'u1', userFullName: 'Una User', side: 'customer', lastMessage: null, unreadCount: 0,
  timestamp: '2026-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', ...extra,
});
const stored = (c: Chat): StoredChat => ({ ...c, userId: 'u1', scope: 'customer', fetchedAt: 1 });
const message = (id: string, chatId: string, senderId = 'u2'): ChatMessage =>
  ({ id, chatId, senderId, text: 'hi', timestamp: '2026-02-01T00:00:00.000Z' });

describe('a pushed message', () => {
  it('in the open chat from the other side: stays read and marks the chat read on the server', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await db.chats.put(stored(chat('c1', { unreadCount: 2 })));
    await handleReceivedMessage('u1', 'c1', message('m1', 'c1'), 'c1');
    expect((await db.chats.get('c1'))?.unreadCount).toBe(0);
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.path])).toEqual([['chat.read', '/chats/c1/read']]);
    // The same push again (the chat group and the user group are one connection, but a pull may have brought it): nothing more.
    await db.outbox.clear();
    await handleReceivedMessage('u1', 'c1', message('m1', 'c1'), 'c1');
    expect(await db.outbox.count()).toBe(0);
  });

  it('in another chat: counts as unread, no read is sent', async () => {
    await db.chats.put(stored(chat('c1')));
    await handleReceivedMessage('u1', 'c1', message('m1', 'c1'), 'c2');
    expect((await db.chats.get('c1'))?.unreadCount).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('in a chat this device does not know: the chat is pulled', async () => {
    stubApi({ 'GET /chats/c9': () => json(200, chat('c9', { unreadCount: 1, messages: [message('m1', 'c9')], lastMessage: message('m1', 'c9') })) });
    await handleReceivedMessage('u1', 'c9', message('m1', 'c9'), null);
    expect(await db.chats.get('c9')).toMatchObject({ unreadCount: 1, scope: 'customer' });
    expect((await db.chatMessages.get('m1'))?.state).toBe('sent');
  });
});

describe('useChatConnection', () => {
  it('is no-token without a signed-in user, and starts nothing', () => {
    const fetchMock = stubApi({});
    const { result } = renderHook(() => useChatConnection(null, 'c1'));
    expect(result.current).toBe('no-token');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
