import { chatsApi } from '../api/chats';
import { db } from '../db/database';
import { validateMessageText, type Chat, type ChatMessage, type CreateChatInput, type CreateEventChatInput } from '../domain/chats';
import {
  bumpChat, markChatReadWrite, ownChat, pullChatList, sendChatMessageWrite, sentRow, storeChat,
} from './entities/chats';
import { queueWrite } from './outbox';

/**
 * What the messages screen and the hub connection call. Reads land in Dexie (the screen renders
 * what db/chats reads back); sends and mark-read are outbox writes (sync/entities/chats).
 */

/** Pulls the chat list of one scope (chatScope() of src/db/chats) into Dexie. Rejects when the call fails (the screen shows the error with Retry). */
export async function pullChats(userId: string, companyId: string | null): Promise<void> {
  await pullChatList(userId, companyId);
}

/** Pulls one chat with its messages into Dexie (after opening it, and after a reconnect: what was missed). */
export async function pullChat(userId: string, chatId: string): Promise<void> {
  await storeChat(await chatsApi.get(chatId), userId);
}

/**
 * POST /chats (online only): the chat about a listing, new or existing; stored in Dexie. Rejects
 * with the API's error (its message is the server's, e.g. 'Listing not found'); the screen may
 * show 'Failed to create chat' instead.
 */
export async function startListingChat(userId: string, input: CreateChatInput): Promise<Chat> {
  const chat = await chatsApi.start(input);
  await storeChat(chat, userId);
  return chat;
}

/** POST /chats/event-chat (online only): the company's chat with an event's organizer; stored in Dexie. */
export async function startEventChat(userId: string, input: CreateEventChatInput): Promise<Chat> {
  const chat = await chatsApi.startEventChat(input);
  await storeChat(chat, userId);
  return chat;
}

/**
 * Shows the message at once as pending and queues POST /chats/{id}/messages with a device-made id
 * (sent in order, exactly once). Throws the validation message for a blank or too long text.
 */
export async function sendChatMessage(userId: string, chatId: string, text: string): Promise<void> {
  const valid = validateMessageText(text);
  if (!valid.ok) throw new Error(valid.message);
  await queueWrite(sendChatMessageWrite, { id: crypto.randomUUID(), chatId, text: valid.text }, userId);
}

/** The user's outbox entries sending one message (at most one, unless a retry raced). */
const entriesOf = async (userId: string, messageId: string) =>
  (await db.outbox.where('[entity+entityId]').equals([sendChatMessageWrite.entity, messageId]).toArray())
    .filter((e) => e.userId === userId);

/**
 * Queues a failed message again (same id, so it still lands once). Its refused entry is replaced
 * by a new one at the end of the queue, so it goes after what was written meanwhile, as its new
 * place in the conversation shows.
 */
export async function retryChatMessage(userId: string, messageId: string): Promise<void> {
  await db.transaction('rw', [db.outbox, db.chatMessages, db.chats], async () => {
    const row = await db.chatMessages.get(messageId);
    if (!row || row.userId !== userId) throw new Error('Message not found');
    if (row.state !== 'failed') return;
    const entries = await entriesOf(userId, messageId);
    if (entries.some((e) => e.state === 'pending' || e.state === 'sending')) return;
    await db.outbox.bulkDelete(entries.map((e) => e.seq!));
    await queueWrite(sendChatMessageWrite, { id: row.id, chatId: row.chatId, text: row.text }, userId);
  });
}

/** Removes a failed message that will not be sent (and its refused outbox entry). */
export async function discardChatMessage(userId: string, messageId: string): Promise<void> {
  await db.transaction('rw', [db.outbox, db.chatMessages, db.chats], async () => {
    const row = await db.chatMessages.get(messageId);
    if (!row || row.userId !== userId || row.state === 'sent') return;
    await db.outbox.bulkDelete((await entriesOf(userId, messageId)).map((e) => e.seq!));
    await db.chatMessages.delete(messageId);
    const chat = await ownChat(row.chatId, userId);
    if (chat?.lastMessage?.id === messageId) {
      // The chat's last message was the discarded one: the newest message left takes its place.
      const rest = await db.chatMessages.where('[userId+chatId]').equals([userId, row.chatId]).toArray();
      const newest = rest.sort((a, b) => a.timestamp.localeCompare(b.timestamp)).at(-1);
      await db.chats.put({ ...chat, lastMessage: newest ? { id: newest.id, chatId: newest.chatId, senderId: newest.senderId, text: newest.text, timestamp: newest.timestamp } : null });
    }
  });
}

/**
 * Marks the chat read for the caller: unread count 0 locally at once, and POST /chats/{id}/read
 * queued in the outbox (sent now when online, later when not; an earlier unsent read of the chat
 * is dropped, so at most one waits per chat, and pulls keep the 0 while it waits).
 */
export async function markChatRead(userId: string, chatId: string): Promise<void> {
  await queueWrite(markChatReadWrite, { chatId }, userId);
}

/** What `receiveChatMessage` did, for the hub connection to follow up. */
export interface ReceivedMessage {
  /** False when this device already had the message as sent (a pull or an earlier push brought it). */
  isNew: boolean;
  /** This device has no row of the chat (someone started it meanwhile): pull it. */
  unknownChat: boolean;
}

/**
 * The hub's ReceiveMessage: the message is stored as sent (replacing the pending row of the same
 * id: the server confirms the user's own send), the chat's last message and time move forward,
 * and its unread count grows by one for a new message from the other side in a chat that is not
 * open (the open one is marked read by the caller).
 */
export async function receiveChatMessage(
  userId: string, chatId: string, message: ChatMessage, openChatId: string | null,
): Promise<ReceivedMessage> {
  return db.transaction('rw', [db.chats, db.chatMessages], async () => {
    const received: ChatMessage = { ...message, chatId };
    const previous = await db.chatMessages.get(received.id);
    if (previous && previous.userId !== userId) return { isNew: false, unknownChat: false };
    const isNew = previous?.state !== 'sent';
    await db.chatMessages.put(sentRow(received, userId));
    const chat = await bumpChat(userId, received);
    if (!chat) return { isNew, unknownChat: true };
    const fromOtherSide = received.senderId !== userId;
    if (isNew && fromOtherSide && chatId !== openChatId) await db.chats.put({ ...chat, unreadCount: chat.unreadCount + 1 });
    return { isNew, unknownChat: false };
  });
}
