import type { AppDeps } from '../../deps';
import type { ChatBus } from '../../platform/chat-bus';
import type { HubDefinition, HubServer } from '../../realtime/types';

/** CONTRACT (issue 13): JoinChat, LeaveChat, SendMessage; pushes ReceiveMessage(chatId, message) for every bus event. */
export function chatHub(_server: HubServer, _deps: AppDeps, _bus: ChatBus): HubDefinition {
  return { methods: {} };
}
