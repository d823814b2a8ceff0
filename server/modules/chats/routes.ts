import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { SendMessageResult, UnreadCount } from '../../../src/domain/chats';
import type { AppDeps } from '../../deps';
import { requireUser, userIdOf } from '../../lib/auth';
import { loggableError } from '../../lib/error-log';
import { parse } from '../../lib/validate';
import type { ChatBus, ChatBusEvent } from '../../platform/chat-bus';
import { chatIdParam, companyIdParam, createChatBody, eventChatBody, sendMessageBody } from './schemas';
import { chatService } from './service';

/**
 * Announces a stored message to every process's hub. The message is stored either way, so a bus
 * failure is logged, not answered as an error: the parties see it on their next read.
 */
export async function announce(bus: ChatBus, event: ChatBusEvent, log: FastifyBaseLogger | null): Promise<void> {
  try {
    await bus.publish(event);
  } catch (error) {
    if (log) log.warn({ error: loggableError(error), ...event }, 'chat message stored but not announced');
    else console.warn(`Chat message ${event.messageId} stored but not announced: ${loggableError(error).message}`);
  }
}

/** The chat calls (docs/api.md "Chats"); every one needs a login and answers only the chat's two parties. */
export function chatRoutes(app: FastifyInstance, deps: AppDeps, bus: ChatBus): void {
  const service = chatService(deps);
  const guard = { preHandler: requireUser };
  const chatIdOf = (request: FastifyRequest) => parse(chatIdParam, request.params, 'params').chatId;

  app.get('/chats', guard, async (request) => service.listAsCustomer(userIdOf(request)));

  app.get('/chats/unread', guard, async (request): Promise<UnreadCount> => ({ count: await service.unreadCount(userIdOf(request)) }));

  app.get('/chats/company/:companyId', guard, async (request) => {
    const userId = userIdOf(request);
    const { companyId } = parse(companyIdParam, request.params, 'params');
    return service.listForCompany(userId, companyId);
  });

  app.get('/chats/:chatId', guard, async (request) => {
    const userId = userIdOf(request);
    return service.get(userId, chatIdOf(request));
  });

  app.post('/chats', guard, async (request, reply) => {
    const userId = userIdOf(request);
    const { chat, created, messageId } = await service.startListingChat(userId, parse(createChatBody, request.body));
    if (messageId) await announce(bus, { chatId: chat.id, messageId }, request.log);
    reply.code(created ? 201 : 200);
    return chat;
  });

  app.post('/chats/event-chat', guard, async (request, reply) => {
    const userId = userIdOf(request);
    const { chat, created } = await service.startEventChat(userId, parse(eventChatBody, request.body));
    reply.code(created ? 201 : 200);
    return chat;
  });

  app.post('/chats/:chatId/messages', guard, async (request, reply): Promise<SendMessageResult> => {
    const userId = userIdOf(request);
    const chatId = chatIdOf(request);
    const { message, created } = await service.send(userId, chatId, parse(sendMessageBody, request.body));
    // A replay was announced the first time; its parties have it already.
    if (created) await announce(bus, { chatId, messageId: message.id }, request.log);
    reply.code(created ? 201 : 200);
    return { chatId, message };
  });

  app.post('/chats/:chatId/read', guard, async (request, reply) => {
    const userId = userIdOf(request);
    await service.markRead(userId, chatIdOf(request));
    reply.code(204);
  });
}
