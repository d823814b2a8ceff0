import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/http';
import type { Chat, MessagesQuery } from '../../domain/chats';
import { EventClickMessages } from '../../domain/products';
import { startEventChat, startListingChat } from '../../sync/chats';

/**
 * `eventClicksUsedUp` is the company whose event chat the server refused because it has no
 * event clicks left (409 EventClickMessages.NoneLeft): buying more is the way on, not Retry.
 */
export type ChatStart = { state: 'none' } | { state: 'starting' }
  | { state: 'failed'; retry: () => void; eventClicksUsedUp: { companyId: string } | null };

const noEventClicksLeft = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.message === EventClickMessages.NoneLeft;

/** The start the query asks for, or null (a plain list, or a chat to open). Its key says when it is a new one. */
function requestOf(userId: string | null, query: MessagesQuery): { key: string; companyId: string | null; run: () => Promise<Chat> } | null {
  if (!userId) return null;
  const { mode, companyId, companyName, listingId, listingName, customerId, eventId } = query;
  if (mode === 'newChat' && listingId) {
    return {
      key: `listing:${listingId}`,
      companyId: null,
      run: () => startListingChat(userId, { listingId, companyName: companyName ?? '', listingName: listingName ?? '' }),
    };
  }
  if (mode === 'new-event-chat' && companyId && customerId && eventId) {
    return {
      key: `event:${companyId}:${eventId}:${customerId}`,
      companyId,
      run: () => startEventChat(userId, { userId: customerId, companyId, eventId }),
    };
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
  const [failed, setFailed] = useState<{ token: string; eventClicksUsedUp: boolean } | null>(null);
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
      (error: unknown) => {
        if (started.current === token) setFailed({ token, eventClicksUsedUp: noEventClicksLeft(error) });
      },
    );
  }, [key, attempt]);

  const retry = useCallback(() => {
    setFailed(null);
    setAttempt((n) => n + 1);
  }, []);

  if (!key) return { state: 'none' };
  if (failed?.token !== `${key}#${attempt}`) return { state: 'starting' };
  const companyId = request?.companyId ?? null;
  return { state: 'failed', retry, eventClicksUsedUp: failed.eventClicksUsedUp && companyId ? { companyId } : null };
}
