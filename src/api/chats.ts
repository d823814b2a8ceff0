import type {
  Chat, CreateChatInput, CreateEventChatInput, SendMessageInput, SendMessageResult, UnreadCount,
} from '../domain/chats';
import { api } from './http';

const chatPath = (chatId: string) => `/chats/${encodeURIComponent(chatId)}`;

/** A write as the outbox stores it: method, path (without /api) and JSON body. */
export interface ChatWriteRequest {
  method: 'POST';
  path: string;
  body?: SendMessageInput;
}

/**
 * The chat calls (issue 13 contract). Reads and starting a chat are plain calls (online only);
 * sending a message and marking read are queued (sync/entities/chats), so these only build their
 * requests: the replayer sends them with an Idempotency-Key.
 */
export const chatsApi = {
  /** The caller's chats as the customer, newest first, without messages. */
  list: () => api.get<Chat[]>('/chats'),
  /** The chats of a company the caller owns, newest first, without messages. */
  listOfCompany: (companyId: string) => api.get<Chat[]>(`/chats/company/${encodeURIComponent(companyId)}`),
  unread: () => api.get<UnreadCount>('/chats/unread'),
  /** One chat with its newest messages (oldest first). */
  get: (chatId: string) => api.get<Chat>(chatPath(chatId)),
  /** The chat about a listing: new (201) or the existing one (200). */
  start: (input: CreateChatInput) => api.post<Chat>('/chats', input),
  /** The company's chat with an event's organizer: new (201) or existing (200). */
  startEventChat: (input: CreateEventChatInput) => api.post<Chat>('/chats/event-chat', input),
  /** Sends a message now (not queued); the queued path is `sendRequest`. */
  send: (chatId: string, input: SendMessageInput) => api.post<SendMessageResult>(`${chatPath(chatId)}/messages`, input),
  markRead: (chatId: string) => api.post<void>(`${chatPath(chatId)}/read`),
  /** POST /chats/{id}/messages as a queued write; `id` (made on the device) makes a replay land once. */
  sendRequest: (chatId: string, input: SendMessageInput): ChatWriteRequest =>
    ({ method: 'POST', path: `${chatPath(chatId)}/messages`, body: input }),
  readRequest: (chatId: string): ChatWriteRequest => ({ method: 'POST', path: `${chatPath(chatId)}/read` }),
};
