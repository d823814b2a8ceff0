import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredChat, type StoredChatMessage } from './database';

/**
 * Live reads of the user's chats and messages (filled by the chats sync module's pulls, the hub's
 * pushes and the user's own writes). Undefined while the first read runs.
 */

/** 'customer' or 'company:{companyId}': the list a chat was pulled for. */
export const chatScope = (companyId: string | null): string => (companyId ? `company:${companyId}` : 'customer');

const newestFirst = (a: StoredChat, b: StoredChat) => b.timestamp.localeCompare(a.timestamp) || a.id.localeCompare(b.id);

/** Sent messages by the server's time; pending and failed ones after them, in the order they were written. */
export function byConversationOrder(a: StoredChatMessage, b: StoredChatMessage): number {
  const local = (m: StoredChatMessage) => (m.state === 'sent' ? 0 : 1);
  return local(a) - local(b)
    || (local(a) ? (a.localOrder ?? 0) - (b.localOrder ?? 0) : a.timestamp.localeCompare(b.timestamp))
    || a.id.localeCompare(b.id);
}

export async function chatListQuery(userId: string, scope: string): Promise<StoredChat[]> {
  return (await db.chats.where('[userId+scope]').equals([userId, scope]).toArray()).sort(newestFirst);
}

export async function chatMessagesQuery(userId: string, chatId: string): Promise<StoredChatMessage[]> {
  return (await db.chatMessages.where('[userId+chatId]').equals([userId, chatId]).toArray()).sort(byConversationOrder);
}

export const useChatList = (userId: string | null | undefined, scope: string) =>
  useLiveQuery(() => (userId ? chatListQuery(userId, scope) : []), [userId, scope]);

/** Undefined while reading, null when this device has no such chat of the user. */
export const useChat = (userId: string | null | undefined, chatId: string | null | undefined) =>
  useLiveQuery(async () => {
    if (!userId || !chatId) return null;
    const row = await db.chats.get(chatId);
    return row && row.userId === userId ? row : null;
  }, [userId, chatId]);

export const useChatMessages = (userId: string | null | undefined, chatId: string | null | undefined) =>
  useLiveQuery(() => (userId && chatId ? chatMessagesQuery(userId, chatId) : []), [userId, chatId]);

/** Unread messages over every chat this device knows of the user (the Messages menu entry's badge). */
export const useUnreadMessageCount = (userId: string | null | undefined) =>
  useLiveQuery(async () => {
    if (!userId) return 0;
    const chats = await db.chats.where('userId').equals(userId).toArray();
    return chats.reduce((sum, chat) => sum + chat.unreadCount, 0);
  }, [userId]) ?? 0;
