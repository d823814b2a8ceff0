import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { ChatBus } from '../../platform/chat-bus';

/** CONTRACT (issue 13): GET /chats, GET /chats/company/{companyId}, GET /chats/unread, GET /chats/{chatId}, POST /chats, POST /chats/event-chat, POST /chats/{chatId}/messages, POST /chats/{chatId}/read. */
export function chatRoutes(_app: FastifyInstance, _deps: AppDeps, _bus: ChatBus): void {}
