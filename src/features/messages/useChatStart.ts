import { useCallback, useEffect, useRef, useState } from 'react';
import type { Chat, MessagesQuery } from '../../domain/chats';
import { startEventChat, startListingChat } from '../../sync/chats';

export type ChatStart = { state: 'none' } | { state: 'starting' } | { state: 'failed'; retry: () => void };

/** The start the query asks for, or null (a plain list, or a chat to open). Its key says when it is a new one. */
function requestOf(userId: string | null, query: MessagesQuery): { key: string; run: () => Promise<Chat> } | null {
  if (!userId) return null;
  const { mode, companyId, companyName, listingId, listingName, customerId, eventId } = query;
  if (mode === 'newChat' && listingId) {
    return {
      key: `listing:${listingId}`,
      run: () => startListingChat(userId, { listingId, companyName: companyName ?? '', listingName: listingName ?? '' }),
    };
  }
  if (mode === 'new-event-chat' && companyId && customerId && eventId) {
    return { key: `event:${companyId}:${eventId}:${customerId}`, run: () => startEventChat(userId, { userId: customerId, companyId, eventId }) };
  }
  return null;
}

/**
 * Starts (or reopens) the chat a ?mode= link asks for, once, and hands the chat to `onStarted`
 * (which replaces the address with the chat's own, so a reload does not start it again).
 * A failure stays until Retry.
 */
export function useChatStart(userId: string | null, query: MessagesQuery, onStarted: (chat: Chat) => void): ChatStart {
  const request = requestOf(userId, query);
  const key = request?.key ?? null;
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The start that ran for a key and attempt: a re-render (or StrictMode's second effect) does not send it again.
  const started = useRef<string | null>(null);
  const latest = useRef({ request, onStarted });
  useEffect(() => {
    latest.current = { request, onStarted };
  });

  useEffect(() => {
    const current = latest.current.request;
    if (!key || !current) {
      // Left the start's address: following the same link again starts (reopens) it again.
      started.current = null;
      return;
    }
    const token = `${key}#${attempt}`;
    if (started.current === token) return;
    started.current = token;
    current.run().then(
      (chat) => {
        if (started.current === token) latest.current.onStarted(chat);
      },
      () => {
        if (started.current === token) setFailedKey(token);
      },
    );
  }, [key, attempt]);

  const retry = useCallback(() => {
    setFailedKey(null);
    setAttempt((n) => n + 1);
  }, []);

  if (!key) return { state: 'none' };
  return failedKey === `${key}#${attempt}` ? { state: 'failed', retry } : { state: 'starting' };
}
