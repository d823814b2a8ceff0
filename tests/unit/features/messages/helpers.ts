import { db, type StoredChat, type StoredChatMessage } from '../../../../src/db/database';
import { chatScope } from '../../../../src/db/chats';

export const NOW = new Date();
const iso = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();

export function chatRow(id: string, extra: Partial<StoredChat> = {}): StoredChat {
  return {
    id, listingId: `l-${id}`, listingName: `Listing ${id}`, eventId: null, eventName: null,
    companyId: 'co-1', companyName: `Company ${id}`, companyLogoId: null,
    customerId: 'u1', userFullName: `Customer ${id}`, side: 'customer', lastMessage: null, unreadCount: 0,
    timestamp: iso(5), createdAt: iso(60), userId: 'u1', scope: chatScope(null), fetchedAt: 1, ...extra,
  };
}

export function messageRow(id: string, chatId: string, extra: Partial<StoredChatMessage> = {}): StoredChatMessage {
  return { id, chatId, senderId: 'u1', text: `Text ${id}`, timestamp: iso(10), userId: 'u1', state: 'sent', ...extra };
}

export async function store(chats: StoredChat[], messages: StoredChatMessage[] = []): Promise<void> {
  await db.chats.bulkPut(chats);
  await db.chatMessages.bulkPut(messages);
}
