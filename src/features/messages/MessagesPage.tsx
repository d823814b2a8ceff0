import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearch } from 'wouter';
import { paths } from '../../config/paths';
import { chatScope, useChat, useChatList, useChatMessages } from '../../db/chats';
import { parseMessagesQuery, type Chat } from '../../domain/chats';
import { useChatConnection } from '../../realtime/chat-connection';
import { session } from '../../state/session';
import { markChatRead, pullChat, pullChats, sendChatMessage } from '../../sync/chats';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { ChatList } from './ChatList';
import { ConnectionNote } from './ConnectionNote';
import { Conversation } from './Conversation';
import { useChatStart } from './useChatStart';
import { useNow } from './useNow';

/** Drafts per chat while the screen is open (switching chats keeps what was typed). */
function useDrafts() {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const setDraft = useCallback((chatId: string, text: string) => setDrafts((d) => ({ ...d, [chatId]: text })), []);
  return { drafts, setDraft };
}

function EmptyList({ company }: { company: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-10 text-center" data-testid="chats-empty">
      {company ? (
        <p className="text-muted"><Trans>No customer messages yet. When a customer writes about one of your listings, the chat shows here.</Trans></p>
      ) : (
        <>
          <p><Trans>You have no chats yet.</Trans></p>
          <p className="text-sm text-muted"><Trans>Find a listing you like and press Send message to ask the company.</Trans></p>
          <Link href={paths.listings.href()} className={buttonClass('secondary')}><Trans>Browse Listings</Trans></Link>
        </>
      )}
    </div>
  );
}

/**
 * Messages (spec 3 §2): the user's chats (as a customer, or of one company with isCompany) next to
 * the open conversation; on a phone one pane at a time. Lists and conversations read from Dexie
 * (pulled on open, pushed by the hub), so past chats show offline and sending queues.
 */
export default function MessagesPage() {
  const { t } = useLingui();
  const { user } = useSnapshot(session);
  const userId = user?.id ?? null;
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = parseMessagesQuery(search);
  // An event chat is the company's side even when its link leaves out isCompany.
  const companyId = query.isCompany || query.mode === 'new-event-chat' ? query.companyId : null;
  const scope = chatScope(companyId);
  const openChatId = query.mode ? null : query.chatId;
  const online = useOnline();
  const now = useNow();

  const chats = useChatList(userId, scope);
  const list = usePulled(userId ? `${userId}|${scope}` : null, () => pullChats(userId as string, companyId), { quietReconnect: true });
  const chat = useChat(userId, openChatId);
  const messages = useChatMessages(userId, openChatId);
  const opened = usePulled(userId && openChatId ? `${userId}|${openChatId}` : null, () => pullChat(userId as string, openChatId as string),
    { quietReconnect: true });
  const connection = useChatConnection(userId, openChatId);
  const { drafts, setDraft } = useDrafts();

  const onStarted = useCallback((started: Chat) => navigate(paths.chat.href(started.id, companyId), { replace: true }), [navigate, companyId]);
  const start = useChatStart(userId, query, onStarted);

  // Shown means read: on opening, and again whenever messages arrive while it is open.
  // Once per opening, then only when something unread arrives (not again for the 0 it wrote).
  const unread = chat?.unreadCount ?? 0;
  const chatHere = Boolean(chat);
  const markedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || !openChatId || !chatHere) return;
    if (markedFor.current === openChatId && unread === 0) return;
    markedFor.current = openChatId;
    markChatRead(userId, openChatId).catch(() => {});
  }, [userId, openChatId, chatHere, unread]);

  if (!userId) return null;

  const listHref = companyId ? paths.companyMessages.href(companyId) : paths.messages.href();
  const stored = chats ?? [];
  const listFailed = list.status === 'offline' || list.status === 'error';
  const listWaiting = chats === undefined || (stored.length === 0 && list.status === 'loading');
  const chatOpen = openChatId !== null || start.state !== 'none';

  const listPane = listFailed && stored.length === 0 ? (
    <div className="flex flex-col items-start gap-3 p-4" data-testid="chats-error">
      <Alert tone="error" title={t`Failed to load chats`}>
        {list.status === 'offline' && (online ? <Trans>The server could not be reached.</Trans> : <Trans>You are offline.</Trans>)}
      </Alert>
      <Button variant="secondary" onClick={list.retry}><Trans>Retry</Trans></Button>
    </div>
  ) : listWaiting ? (
    <div className="flex justify-center py-10" data-testid="chats-loading"><Spinner label={t`Loading chats…`} /></div>
  ) : stored.length === 0 ? (
    <EmptyList company={companyId !== null} />
  ) : (
    <>
      {listFailed && (
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2 text-xs text-muted" role="status" data-testid="chats-stale">
          <span>{online ? <Trans>Could not reach the server. Showing chats saved on this device.</Trans> : <Trans>You are offline. Showing chats saved on this device.</Trans>}</span>
          {online && <Button variant="ghost" className="min-h-8 px-2 py-1 text-xs" onClick={list.retry}><Trans>Retry</Trans></Button>}
        </div>
      )}
      <ChatList chats={stored} userId={userId} selectedId={openChatId} companyId={companyId} now={now} />
    </>
  );

  let conversationPane;
  if (start.state === 'starting') {
    conversationPane = <div className="flex flex-1 items-center justify-center" data-testid="chat-starting"><Spinner label={t`Opening the chat…`} /></div>;
  } else if (start.state === 'failed') {
    conversationPane = (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6" data-testid="chat-start-failed">
        <Alert tone="error" title={t`Failed to create chat`}>
          {!online && <Trans>You are offline. A chat can be started when you are back online.</Trans>}
          {start.eventClicksUsedUp && <Trans>No event clicks left: buy a plan or a token pack to contact more event planners</Trans>}
        </Alert>
        <div className="flex flex-wrap justify-center gap-2">
          {start.eventClicksUsedUp && (
            <Link href={paths.company.href(start.eventClicksUsedUp.companyId, 'subscription')} className={buttonClass('primary')}>
              <Trans>See plans and token packs</Trans>
            </Link>
          )}
          <Button variant="secondary" onClick={start.retry}><Trans>Retry</Trans></Button>
          <Link href={listHref} className={buttonClass('ghost', 'md:hidden')}><Trans>Back</Trans></Link>
        </div>
      </div>
    );
  } else if (openChatId && chat) {
    const openFailed = opened.status === 'offline' || opened.status === 'error';
    conversationPane = (
      <Conversation chat={chat} messages={messages ?? []} userId={userId} backHref={listHref} now={now}
        draft={drafts[chat.id] ?? ''} onDraftChange={(text) => setDraft(chat.id, text)}
        onSend={(text) => sendChatMessage(userId, chat.id, text)}
        notice={openFailed && (
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-1.5 text-xs text-muted" role="status" data-testid="chat-stale">
            <span>{online ? <Trans>Could not load the newest messages.</Trans> : <Trans>You are offline. New messages are sent when you are back online.</Trans>}</span>
            {online && <Button variant="ghost" className="min-h-8 px-2 py-1 text-xs" onClick={opened.retry}><Trans>Retry</Trans></Button>}
          </div>
        )} />
    );
  } else if (openChatId && (chat === undefined || opened.status === 'loading')) {
    conversationPane = <div className="flex flex-1 items-center justify-center"><Spinner label={t`Loading messages…`} /></div>;
  } else if (openChatId) {
    // Not on this device and the server did not give it: gone, not ours, or unreachable.
    conversationPane = (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6" data-testid="chat-not-found">
        <Alert tone="error" title={t`Failed to load the chat`}>
          {opened.status === 'offline' && (online ? <Trans>The server could not be reached.</Trans> : <Trans>You are offline.</Trans>)}
        </Alert>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={opened.retry}><Trans>Retry</Trans></Button>
          <Link href={listHref} className={buttonClass('ghost', 'md:hidden')}><Trans>Back</Trans></Link>
        </div>
      </div>
    );
  } else {
    conversationPane = (
      <div className="flex flex-1 items-center justify-center p-6 text-center text-muted" data-testid="chat-none">
        <p><Trans>Select a chat to start messaging</Trans></p>
      </div>
    );
  }

  return (
    // The screen fills what the shell leaves under the top bar (App.tsx): the panes scroll, never the page.
    <div className="mx-auto flex min-h-0 w-full max-w-7xl flex-1 flex-col md:px-4 md:py-4" data-testid="messages-page">
      <h1 className="sr-only">{companyId ? <Trans>Customer messages</Trans> : <Trans>Messages</Trans>}</h1>
      <ConnectionNote status={connection} online={online} />
      <div className="flex min-h-0 flex-1 overflow-hidden border-border bg-bg md:rounded-lg md:border">
        {/* On a phone one pane at a time: the list, or the open chat (with Back). */}
        <div className={`min-h-0 w-full flex-col border-border md:flex md:w-80 md:shrink-0 md:border-r lg:w-96 ${chatOpen ? 'hidden' : 'flex'}`}
          data-testid="chats-pane" data-shown-on-phone={!chatOpen || undefined}>
          <h2 className="border-b border-border px-4 py-3 text-lg font-semibold">
            {companyId ? <Trans>Customer chats</Trans> : <Trans>Chats</Trans>}
          </h2>
          {listPane}
        </div>
        <div className={`min-h-0 min-w-0 flex-1 flex-col md:flex ${chatOpen ? 'flex' : 'hidden'}`}
          data-testid="conversation-pane" data-shown-on-phone={chatOpen || undefined}>
          {conversationPane}
        </div>
      </div>
    </div>
  );
}
