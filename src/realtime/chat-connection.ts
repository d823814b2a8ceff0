/**
 * CONTRACT (issue 13): the one owner of the hub connection. @microsoft/signalr is imported
 * dynamically here, so it loads only with the messages screen.
 */

export type ChatConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected' | 'no-token';

/**
 * Starts the hub connection while the calling screen is mounted (stops it on unmount), joins
 * `openChatId` (leaving the previous one), re-joins it and pulls it after a reconnect, and writes
 * every ReceiveMessage into Dexie. Returns the connection's status for the screen.
 */
export function useChatConnection(_userId: string | null, _openChatId: string | null): ChatConnectionStatus {
  return 'idle';
}
