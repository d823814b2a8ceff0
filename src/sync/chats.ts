import type { Chat, CreateChatInput, CreateEventChatInput } from '../domain/chats';

/**
 * CONTRACT (issue 13): what the messages screen calls. Implemented by the chats entity
 * (src/sync/entities/chats.ts) and the API client (src/api/chats.ts).
 */

/** Pulls the chat list of one scope (chatScope() of src/db/chats) into Dexie. Rejects when the call fails (the screen shows the error with Retry). */
export async function pullChats(_userId: string, _companyId: string | null): Promise<void> {
  throw new Error('not implemented');
}

/** Pulls one chat with its messages into Dexie (after opening it, and after a reconnect: what was missed). */
export async function pullChat(_userId: string, _chatId: string): Promise<void> {
  throw new Error('not implemented');
}

/** POST /chats (online only): the chat about a listing, new or existing; stored in Dexie. Rejects → 'Failed to create chat'. */
export async function startListingChat(_userId: string, _input: CreateChatInput): Promise<Chat> {
  throw new Error('not implemented');
}

/** POST /chats/event-chat (online only): the company's chat with an event's organizer; stored in Dexie. */
export async function startEventChat(_userId: string, _input: CreateEventChatInput): Promise<Chat> {
  throw new Error('not implemented');
}

/** Shows the message at once as pending and queues POST /chats/{id}/messages with a device-made id (sent in order, exactly once). */
export async function sendChatMessage(_userId: string, _chatId: string, _text: string): Promise<void> {
  throw new Error('not implemented');
}

/** Queues a failed message again (same id, so it still lands once). */
export async function retryChatMessage(_userId: string, _messageId: string): Promise<void> {
  throw new Error('not implemented');
}

/** Removes a failed message that will not be sent. */
export async function discardChatMessage(_userId: string, _messageId: string): Promise<void> {
  throw new Error('not implemented');
}

/** Marks the chat read for the caller (unread count 0 locally at once, POST /chats/{id}/read when online). */
export async function markChatRead(_userId: string, _chatId: string): Promise<void> {
  throw new Error('not implemented');
}
