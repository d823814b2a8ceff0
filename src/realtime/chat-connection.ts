import { useEffect, useSyncExternalStore } from 'react';
import { safeGet } from '../api/storage';
import { refreshAccessToken, session } from '../state/session';
import { markChatRead, pullChat, receiveChatMessage } from '../sync/chats';
import { pullAllChats } from '../sync/entities/chats';
import { createChatHub, signalRConnectionFactory, TRANSPORT_SETTING, type ChatConnectionStatus, type ChatHub } from './hub-client';

/**
 * CONTRACT (issue 13): the one owner of the hub connection. @microsoft/signalr is imported
 * dynamically (hub-client's factory), so it loads only with the messages screen.
 */

export type { ChatConnectionStatus } from './hub-client';

/**
 * A pushed message into Dexie; the open chat is marked read at once (the user is looking at it),
 * and a chat this device does not know yet (just started by the other side) is pulled.
 */
export async function handleReceivedMessage(userId: string, chatId: string, message: Parameters<typeof receiveChatMessage>[2], openChatId: string | null) {
  const outcome = await receiveChatMessage(userId, chatId, message, openChatId);
  if (outcome.unknownChat) await pullChat(userId, chatId);
  else if (outcome.isNew && chatId === openChatId && message.senderId !== userId) await markChatRead(userId, chatId);
}

let hub: ChatHub | null = null;

/** The page's one hub client, made on first use. */
export function chatHub(): ChatHub {
  hub ??= createChatHub({
    factory: signalRConnectionFactory,
    getAccessToken: () => session.accessToken,
    refreshAccessToken,
    transportSetting: () => safeGet('local', TRANSPORT_SETTING),
    received: handleReceivedMessage,
    // Pushes sent while the connection was down are lost (SIGNALR.md §6): the open chat and the
    // lists (last messages, unread counts of the other chats) are pulled again.
    resumed: async (userId, openChatId) => {
      await Promise.all([openChatId ? pullChat(userId, openChatId) : null, pullAllChats(userId)]);
    },
    target: typeof window === 'undefined' ? undefined : window,
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  });
  return hub;
}

/**
 * Starts the hub connection while the calling screen is mounted (stops it on unmount), joins
 * `openChatId` (leaving the previous one), re-joins it and pulls it after a reconnect, and writes
 * every ReceiveMessage into Dexie. Returns the connection's status for the screen.
 */
export function useChatConnection(userId: string | null, openChatId: string | null): ChatConnectionStatus {
  const client = chatHub();
  const { status } = useSyncExternalStore(client.subscribe, client.getSnapshot);
  useEffect(() => (userId ? client.acquire(userId) : undefined), [client, userId]);
  useEffect(() => {
    client.setOpenChat(openChatId);
    return () => client.setOpenChat(null);
  }, [client, openChatId]);
  return userId ? status : 'no-token';
}
