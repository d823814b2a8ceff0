/**
 * Chats and messages (spec 3 §2 Messages, §3 Chat/Message, §9): wire types, limits and the
 * listing-marker rule, shared by the app and the server. The real-time hub's method names and
 * reconnect timing live here too, so both ends spell them the same way.
 */

/** A message as stored and sent. `id` is made on the sending device (a UUID) and kept by the server. */
export interface ChatMessage {
  id: string;
  chatId: string;
  senderId: string;
  text: string;
  /** ISO time the server stored it. */
  timestamp: string;
}

/** Which side of a chat the caller is on: the customer who asked, or the company's owner. */
export type ChatSide = 'customer' | 'company';

/**
 * A chat between one customer and one company, about a listing (started by the customer) or an
 * event (started by the company). Lists carry `lastMessage` and no `messages`; GET /chats/{id}
 * carries the messages too.
 */
export interface Chat {
  id: string;
  /** The listing the customer asked about; null for an event chat. */
  listingId: string | null;
  listingName: string | null;
  /** The planner event the company wrote about; null for a listing chat. */
  eventId: string | null;
  eventName: string | null;
  companyId: string;
  companyName: string;
  companyLogoId: string | null;
  customerId: string;
  userFullName: string;
  /** The caller's side, so one client shows "mine" and "theirs" and the right name. */
  side: ChatSide;
  lastMessage: ChatMessage | null;
  /** Messages from the other side newer than the caller's last read. */
  unreadCount: number;
  /** ISO time of the last message, or of creation when there is none (lists sort by it, newest first). */
  timestamp: string;
  createdAt: string;
  messages?: ChatMessage[];
}

/** POST /chats: the customer starts (or reopens) the chat about a listing. */
export interface CreateChatInput {
  companyName: string;
  listingId: string;
  listingName: string;
}

/** POST /chats/event-chat: the company side starts (or reopens) the chat with an event's organizer. */
export interface CreateEventChatInput {
  userId: string;
  companyId: string;
  eventId: string;
}

/** POST /chats/{chatId}/messages. `id` (UUID) makes a replay land once. */
export interface SendMessageInput {
  text: string;
  id?: string;
}

export interface SendMessageResult {
  chatId: string;
  message: ChatMessage;
}

/** GET /chats/unread: the caller's unread messages over every chat (as customer and as company owner). */
export interface UnreadCount {
  count: number;
}

export const CHAT_LIMITS = {
  /** Characters of one message, after trimming. */
  messageText: 4000,
  /** Messages GET /chats/{id} answers (the newest, oldest first). */
  messagesPerChat: 1000,
} as const;

/**
 * A message whose text starts with this marker and a listing id shows as a listing card (spec 3
 * §2). The server writes one as the first message of a listing chat.
 */
export const LISTING_MARKER = '[[listing]]';
const LISTING_MESSAGE = /^\[\[listing\]\]([0-9a-fA-F-]+)/;

/** The listing id a marker message points to, or null for an ordinary message. */
export function listingIdOfMessage(text: string): string | null {
  return LISTING_MESSAGE.exec(text)?.[1] ?? null;
}

export const listingMarkerMessage = (listingId: string): string => `${LISTING_MARKER}${listingId}`;

/** The text as stored (trimmed), or the reason it cannot be sent (spec 3 §5: non-blank). */
export function validateMessageText(text: unknown): { ok: true; text: string } | { ok: false; message: string } {
  if (typeof text !== 'string') return { ok: false, message: 'Message text must be a string' };
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, message: 'Message text is required' };
  if (trimmed.length > CHAT_LIMITS.messageText) {
    return { ok: false, message: `Message text must be at most ${CHAT_LIMITS.messageText} characters` };
  }
  return { ok: true, text: trimmed };
}

/** The hub (SIGNALR.md): path, method names both ends use, reconnect timing (spec 3 §9). */
export const CHAT_HUB = {
  path: '/chathub',
  joinChat: 'JoinChat',
  leaveChat: 'LeaveChat',
  sendMessage: 'SendMessage',
  receiveMessage: 'ReceiveMessage',
  /** The automatic reconnect's delays; after the last one the client keeps trying every `retryEveryMs`. */
  reconnectDelaysMs: [0, 2000, 5000, 10000, 20000],
  retryEveryMs: 30000,
} as const;

/** /messages query parameters (spec 3 §2). */
export interface MessagesQuery {
  mode: 'newChat' | 'new-event-chat' | null;
  companyId: string | null;
  companyName: string | null;
  listingId: string | null;
  listingName: string | null;
  isCompany: boolean;
  customerId: string | null;
  eventId: string | null;
  /** The chat to open (this app's addition: a link to one conversation). */
  chatId: string | null;
}

export function parseMessagesQuery(search: string): MessagesQuery {
  const q = new URLSearchParams(search);
  const text = (name: string) => {
    const value = q.get(name)?.trim();
    return value ? value : null;
  };
  const mode = text('mode');
  return {
    mode: mode === 'newChat' || mode === 'new-event-chat' ? mode : null,
    companyId: text('companyId'),
    companyName: text('companyName'),
    listingId: text('listingId'),
    listingName: text('listingName'),
    isCompany: q.get('isCompany') === 'true',
    customerId: text('customerId'),
    eventId: text('eventId'),
    chatId: text('chatId'),
  };
}
