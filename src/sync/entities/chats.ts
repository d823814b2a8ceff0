import { chatsApi } from '../../api/chats';
import { db, type StoredChat, type StoredChatMessage } from '../../db/database';
import { chatScope } from '../../db/chats';
import { CompanyStatus } from '../../domain/companies';
import type { Chat, ChatMessage, SendMessageResult } from '../../domain/chats';
import { pendingEntityKeys } from '../pending';
import { pullOwnCompanies } from './companies';
import { defineEntity, write } from './define';

/**
 * The user's chats (`chats`, one row per chat, tagged with the list it came from) and their
 * messages (`chatMessages`). Chats are pulled per scope: GET /chats (as customer) and GET
 * /chats/company/{id} for each Active company the user owns. Messages come from GET /chats/{id}
 * when a chat is opened, from the hub's ReceiveMessage, and from the user's own sends, which are
 * outbox writes: the row is 'pending' at once, 'sent' when the server answers, 'failed' when it
 * refuses (4xx).
 */

const CHAT = 'chat';
const MESSAGE = 'chatMessage';

/** A message as sent: the id is made on the device, so a replay lands once. */
export interface ChatMessageSend {
  id: string;
  chatId: string;
  text: string;
}
export interface ChatRead {
  chatId: string;
}

/** The list a chat belongs to, from the caller's side of it. */
export const scopeOfChat = (chat: Pick<Chat, 'side' | 'companyId'>) => chatScope(chat.side === 'company' ? chat.companyId : null);

const messageOf = (m: StoredChatMessage | ChatMessage): ChatMessage =>
  ({ id: m.id, chatId: m.chatId, senderId: m.senderId, text: m.text, timestamp: m.timestamp });

export const sentRow = (m: ChatMessage, userId: string): StoredChatMessage => ({ ...messageOf(m), userId, state: 'sent' });

const ownMessage = async (id: string, userId: string) => {
  const row = await db.chatMessages.get(id);
  return row && row.userId === userId ? row : undefined;
};
export const ownChat = async (id: string, userId: string) => {
  const row = await db.chats.get(id);
  return row && row.userId === userId ? row : undefined;
};

/** The chat's messages not yet on the server (pending or failed), in the order they were written. */
async function unsentOf(userId: string, chatId: string): Promise<StoredChatMessage[]> {
  const rows = await db.chatMessages.where('[userId+chatId]').equals([userId, chatId]).toArray();
  return rows.filter((m) => m.state !== 'sent').sort((a, b) => (a.localOrder ?? 0) - (b.localOrder ?? 0));
}

/**
 * The server's chat as this device stores it: a chat with a queued mark-read keeps its unread
 * count 0, and one with unsent messages shows the last of them as its last message (the server
 * does not have them yet).
 */
async function storedChat(chat: Chat, userId: string, readHeld: boolean, fetchedAt: number): Promise<StoredChat> {
  const { messages: _messages, ...rest } = chat;
  const row: StoredChat = { ...rest, userId, scope: scopeOfChat(chat), fetchedAt };
  if (readHeld) row.unreadCount = 0;
  const last = (await unsentOf(userId, chat.id)).at(-1);
  if (last) {
    row.lastMessage = messageOf(last);
    if (last.timestamp > row.timestamp) row.timestamp = last.timestamp;
  }
  return row;
}

/**
 * Stores one chat and, when the answer has them, its messages: the sent rows of the chat are
 * replaced by the server's (the newest 1000), pending and failed ones stay unless the server
 * already has them (a send whose answer was lost).
 */
export async function storeChat(chat: Chat, userId: string): Promise<void> {
  await db.transaction('rw', [db.chats, db.chatMessages, db.outbox], async () => {
    if (chat.messages) {
      const served = new Map(chat.messages.map((m) => [m.id, m]));
      const existing = await db.chatMessages.where('[userId+chatId]').equals([userId, chat.id]).toArray();
      await db.chatMessages.bulkDelete(existing.filter((m) => m.state === 'sent' && !served.has(m.id)).map((m) => m.id));
      await db.chatMessages.bulkPut(chat.messages.map((m) => sentRow(m, userId)));
    }
    const held = await pendingEntityKeys(CHAT, userId);
    await db.chats.put(await storedChat(chat, userId, held.has(chat.id), Date.now()));
  });
}

/** Replaces the user's rows of one scope with the server's list (see `storedChat` for what stays local). */
export async function storeChatList(userId: string, scope: string, chats: Chat[]): Promise<void> {
  const fetchedAt = Date.now();
  await db.transaction('rw', [db.chats, db.chatMessages, db.outbox], async () => {
    const held = await pendingEntityKeys(CHAT, userId);
    const existing = await db.chats.where('[userId+scope]').equals([userId, scope]).toArray();
    const served = new Set(chats.map((c) => c.id));
    await db.chats.bulkDelete(existing.filter((c) => !served.has(c.id) && !held.has(c.id)).map((c) => c.id));
    const rows: StoredChat[] = [];
    for (const chat of chats) rows.push(await storedChat(chat, userId, held.has(chat.id), fetchedAt));
    await db.chats.bulkPut(rows);
  });
}

/** GET /chats or GET /chats/company/{id} into the scope's rows. */
export async function pullChatList(userId: string, companyId: string | null): Promise<void> {
  const chats = companyId ? await chatsApi.listOfCompany(companyId) : await chatsApi.list();
  await storeChatList(userId, chatScope(companyId), chats);
}

/**
 * Start-up, online, focus, after the queue drained, after the hub (re)connected: the customer list
 * and the list of each company the user owns but has not deleted. Rows of company scopes the user
 * no longer has such a company for go.
 */
export async function pullAllChats(userId: string): Promise<void> {
  const startedAt = Date.now();
  // The companies as the server has them now (one request with the companies and listings pulls
  // when they run at the same time), not as this device last stored them: a device that has not
  // stored them yet (just logged in; the company entity's pull runs beside this one) would drop
  // the company's chats, the one open on screen included, as if the user no longer had the company.
  // When they cannot be read, the stored ones are pulled and no scope is dropped.
  const [fresh] = await Promise.allSettled([pullOwnCompanies(userId)]);
  const owned = fresh.status === 'fulfilled' ? fresh.value : await db.ownCompanies.where('userId').equals(userId).toArray();
  // The server lists the chats of every owned company but a Deleted one (a company awaiting
  // approval again after an edit keeps its conversations), so the badge counts the same.
  const companies = owned.filter((c) => c.status !== CompanyStatus.Deleted);
  const results = await Promise.allSettled([pullChatList(userId, null), ...companies.map((c) => pullChatList(userId, c.id))]);
  if (fresh.status === 'rejected') throw fresh.reason;
  const scopes = new Set([chatScope(null), ...companies.map((c) => chatScope(c.id))]);
  await db.transaction('rw', [db.chats, db.outbox], async () => {
    const held = await pendingEntityKeys(CHAT, userId);
    const stale = (await db.chats.where('userId').equals(userId).toArray()).filter((c) => !scopes.has(c.scope) && !held.has(c.id));
    await db.chats.bulkDelete(stale.map((c) => c.id));
  });
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  listsPulledAt.set(userId, startedAt);
}

/** When the lists were last pulled in full, per user (this page's memory). */
const listsPulledAt = new Map<string, number>();
/** Reconcile after a drain pulls the lists at most this often. */
export const CHAT_RECONCILE_MIN_MS = 30_000;

/**
 * After the queue drained. A send or a mark-read settles its own rows (the server's message, the
 * chat's last message, unread 0), so the lists need no pull for them; a conversation drains after
 * every message, and pulling every list each time would be a burst of requests per message sent.
 */
async function reconcileChats(userId: string): Promise<void> {
  if (Date.now() - (listsPulledAt.get(userId) ?? -Infinity) < CHAT_RECONCILE_MIN_MS) return;
  await pullAllChats(userId);
}

/**
 * The messages entity has no list of its own to pull (a chat's messages come with the chat): its
 * pull drops unsent rows whose outbox entry is gone (given up in the review of unsent changes),
 * so no message shows as waiting for a send that will never happen.
 */
async function dropOrphanedMessages(userId: string): Promise<void> {
  await db.transaction('rw', [db.chatMessages, db.outbox], async () => {
    const held = await pendingEntityKeys(MESSAGE, userId);
    const rows = await db.chatMessages.where('userId').equals(userId).toArray();
    await db.chatMessages.bulkDelete(rows.filter((m) => m.state !== 'sent' && !held.has(m.id)).map((m) => m.id));
  });
}

/** Moves the chat's last message and time forward to `message` (never back to an older one). */
export async function bumpChat(userId: string, message: ChatMessage): Promise<StoredChat | undefined> {
  const chat = await ownChat(message.chatId, userId);
  if (!chat) return undefined;
  // The same message confirmed by the server: its time replaces the device's.
  const same = chat.lastMessage?.id === message.id;
  const newer = !chat.lastMessage || same || message.timestamp >= chat.lastMessage.timestamp;
  if (!newer) return chat;
  const next: StoredChat = {
    ...chat,
    lastMessage: messageOf(message),
    timestamp: same || message.timestamp > chat.timestamp ? message.timestamp : chat.timestamp,
  };
  await db.chats.put(next);
  return next;
}

/** The next `localOrder`: above every message of the user on this device, so sends keep their order. */
async function nextLocalOrder(userId: string): Promise<number> {
  const rows = await db.chatMessages.where('userId').equals(userId).toArray();
  return rows.reduce((max, m) => Math.max(max, m.localOrder ?? 0), 0) + 1;
}

const snippet = (text: unknown) => (typeof text === 'string' && text.trim() ? text.trim().slice(0, 60) : null);

export const chats = defineEntity({
  name: CHAT,
  table: 'chats',
  key: (p) => p.chatId,
  pull: pullAllChats,
  reconcile: reconcileChats,
  clear: async (userId) => {
    listsPulledAt.delete(userId);
    await db.chats.where('userId').equals(userId).delete();
  },
  actionPrefix: 'chat',
  writes: {
    /** POST /chats/{id}/read; applying it drops an earlier read of the chat not yet on its way. */
    read: write<ChatRead>({
      request: (p) => chatsApi.readRequest(p.chatId),
      async apply(p, userId) {
        const queued = await db.outbox.where('[entity+entityId]').equals([CHAT, p.chatId]).toArray();
        const earlier = queued.filter((e) => e.userId === userId && e.kind === 'chat.read' && e.state === 'pending');
        await db.outbox.bulkDelete(earlier.map((e) => e.seq!));
        const chat = await ownChat(p.chatId, userId);
        if (chat && chat.unreadCount !== 0) await db.chats.put({ ...chat, unreadCount: 0 });
      },
      async subject(p) {
        const chat = typeof p.chatId === 'string' ? await db.chats.get(p.chatId) : undefined;
        if (!chat) return null;
        return chat.side === 'company' ? chat.userFullName : chat.companyName;
      },
    }),
  },
});

export const chatMessages = defineEntity({
  name: MESSAGE,
  table: 'chatMessages',
  key: (p) => p.id,
  pull: dropOrphanedMessages,
  clear: async (userId) => {
    await db.chatMessages.where('userId').equals(userId).delete();
  },
  actionPrefix: 'chatMessage',
  writes: {
    /**
     * POST /chats/{chatId}/messages {text, id}. Shown at once as pending (device time, next local
     * order) and as the chat's last message; the FIFO outbox sends messages in the order written,
     * and the id makes a replay land once (the server answers the stored message again).
     */
    send: write<ChatMessageSend>({
      request: (p) => chatsApi.sendRequest(p.chatId, { text: p.text, id: p.id }),
      alsoTables: () => [db.chats],
      async apply(p, userId) {
        const existing = await ownMessage(p.id, userId);
        if (existing?.state === 'sent') return;
        const row: StoredChatMessage = {
          id: p.id,
          chatId: p.chatId,
          senderId: userId,
          text: p.text,
          timestamp: new Date().toISOString(),
          userId,
          state: 'pending',
          localOrder: await nextLocalOrder(userId),
        };
        await db.chatMessages.put(row);
        await bumpChat(userId, row);
      },
      async settle(_p, userId, answer) {
        const result = answer.body as SendMessageResult | undefined;
        const message = result?.message;
        if (!message || typeof message.id !== 'string') return;
        await db.chatMessages.put(sentRow(message, userId));
        await bumpChat(userId, message);
      },
      async fail(p, userId, message) {
        const row = await ownMessage(p.id, userId);
        if (row && row.state !== 'sent') await db.chatMessages.put({ ...row, state: 'failed', error: message });
      },
      subject: async (p) => snippet(p.text),
    }),
  },
});

export const sendChatMessageWrite = chatMessages.writes.send;
export const markChatReadWrite = chats.writes.read;
