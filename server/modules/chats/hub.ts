import type { ChatMessage } from '../../../src/domain/chats';
import { CHAT_HUB } from '../../../src/domain/chats';
import type { AppDeps } from '../../deps';
import { httpErrorFromDatabase } from '../../lib/db-errors';
import { loggableError } from '../../lib/error-log';
import { HttpError } from '../../lib/errors';
import type { ChatBus, ChatBusEvent } from '../../platform/chat-bus';
import { HubError, type HubCaller, type HubDefinition, type HubMethod, type HubServer } from '../../realtime/types';
import { announce } from './routes';
import { chatIdParam, sendMessageBody } from './schemas';
import { ChatErrors, chatService } from './service';

export const userGroup = (userId: string) => `user:${userId}`;
export const chatGroup = (chatId: string) => `chat:${chatId}`;

/**
 * A method whose refusals reach the caller: an HttpError (or a database refusal mapped to one)
 * becomes a HubError with the same message the REST call would answer; anything else stays a
 * generic error for the host to hide.
 */
const refusing = (method: HubMethod): HubMethod => async (caller, args) => {
  try {
    return await method(caller, args);
  } catch (error) {
    const http = error instanceof HttpError ? error : httpErrorFromDatabase(error);
    if (http) throw new HubError(http.message);
    throw error;
  }
};

/** The chat id argument; a malformed one is as unknown as a missing chat. */
function chatIdArg(value: unknown): string {
  const parsed = chatIdParam.safeParse({ chatId: value });
  if (!parsed.success) throw new HubError(ChatErrors.NotFound);
  return parsed.data.chatId;
}

/**
 * The chat hub (docs/api.md "Chats", SIGNALR.md §4.3): a connection joins its user's group on
 * connect, so every message of the user's chats reaches it; JoinChat adds the open chat's group.
 * Every message announced on the bus, by any process, is pushed as ReceiveMessage(chatId, message)
 * to the chat's group and both parties' user groups, each connection once, the sender's included
 * (clients drop a message whose id they already have).
 */
export function chatHub(server: HubServer, deps: AppDeps, bus: ChatBus): HubDefinition {
  const service = chatService(deps);

  async function push(event: ChatBusEvent): Promise<void> {
    const found = await service.messageForPush(event.chatId, event.messageId);
    // Gone since it was announced (the chat deleted with its company or customer): nothing to send.
    if (!found) return;
    const { message, parties } = found;
    const groups = [chatGroup(message.chatId), userGroup(parties.customerId)];
    if (parties.companyOwnerId) groups.push(userGroup(parties.companyOwnerId));
    server.sendToGroups(groups, CHAT_HUB.receiveMessage, [message.chatId, message]);
  }

  // Pushes missed while the bus was down would be lost silently: the clients reconnect instead,
  // and a reconnecting client re-joins and pulls what it missed.
  bus.onGap(() => server.reconnectAll());
  // For the app's lifetime: the bus is closed (and its listeners dropped) when the app closes.
  bus.subscribe((event) => {
    push(event).catch((error: unknown) => {
      console.warn(`Chat message ${event.messageId} could not be pushed: ${loggableError(error).message}`);
    });
  });

  const joinChat: HubMethod = async (caller: HubCaller, args) => {
    const chatId = chatIdArg(args[0]);
    await service.sideOf(caller.auth.userId, chatId);
    server.addToGroup(caller.connectionId, chatGroup(chatId));
  };

  const leaveChat: HubMethod = (caller: HubCaller, args) => {
    const parsed = chatIdParam.safeParse({ chatId: args[0] });
    // Leaving a chat one is not in (or that does not exist) changes nothing.
    if (parsed.success) server.removeFromGroup(caller.connectionId, chatGroup(parsed.data.chatId));
  };

  const sendMessage: HubMethod = async (caller: HubCaller, args): Promise<ChatMessage> => {
    const chatId = chatIdArg(args[0]);
    const body = sendMessageBody.safeParse({ text: args[1], id: args[2] ?? undefined });
    if (!body.success) throw new HubError(body.error.issues[0]?.message ?? 'Invalid message');
    const { message, created } = await service.send(caller.auth.userId, chatId, body.data);
    if (created) await announce(bus, { chatId, messageId: message.id }, null);
    return message;
  };

  return {
    methods: {
      [CHAT_HUB.joinChat]: refusing(joinChat),
      [CHAT_HUB.leaveChat]: refusing(leaveChat),
      [CHAT_HUB.sendMessage]: refusing(sendMessage),
    },
    onConnected(caller) {
      server.addToGroup(caller.connectionId, userGroup(caller.auth.userId));
    },
  };
}
