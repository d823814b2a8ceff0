import { Fragment, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { StoredChat, StoredChatMessage } from '../../db/database';
import { FileImage } from '../../ui/FileImage';
import { chatSubject, otherPartyName } from './ChatList';
import { Composer } from './Composer';
import { dayKey, dayLabel } from './format';
import { MessageItem } from './MessageItem';

/** How close to the bottom (px) still counts as "at the bottom" for following new messages. */
const FOLLOW_SLACK_PX = 48;
/** How long a newly opened chat's log stays silent while its history is read in. */
const LIVE_AFTER_MS = 1000;

function DayLabel({ iso, now }: { iso: string; now: Date }) {
  const { i18n } = useLingui();
  const label = dayLabel(iso, i18n.locale, now);
  return (
    <p className="my-2 text-center text-xs font-medium text-muted" data-testid="day-label">
      {label.kind === 'today' ? <Trans>Today</Trans> : label.kind === 'yesterday' ? <Trans>Yesterday</Trans> : label.text}
    </p>
  );
}

/**
 * The message log: oldest at the top, newest at the bottom, grouped by day. It follows new
 * messages while the reader is at the bottom and stays put when they scrolled up to read.
 */
function MessageLog({ chat, messages, userId, now }: { chat: StoredChat; messages: StoredChatMessage[]; userId: string; now: Date }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // Where the log last scrolled itself. Its scroll event comes a frame later, and content that grew
  // meanwhile (a listing card's image) would make that event look like the reader scrolling up.
  const followedTo = useRef<number | null>(null);
  const follow = (log: HTMLDivElement) => {
    log.scrollTop = log.scrollHeight;
    followedTo.current = log.scrollTop;
  };
  const shownChat = useRef<string | null>(null);
  // A screen reader announces what is added to the log, so the log starts silent while a chat's
  // history loads (up to 1,000 messages) and speaks only for what arrives after that.
  const [live, setLive] = useState(false);
  useEffect(() => {
    // The log is keyed by the chat: each chat starts silent again.
    const timer = setTimeout(() => setLive(true), LIVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  useLayoutEffect(() => {
    const log = ref.current;
    if (!log) return;
    // A newly opened chat starts at its newest message.
    if (shownChat.current !== chat.id) {
      shownChat.current = chat.id;
      atBottom.current = true;
    }
    if (atBottom.current) follow(log);
  }, [chat.id, messages]);

  // Content that grows after it is shown (a listing card's image, a wrapped line after a resize)
  // must not leave the newest message below the fold when the reader was at the bottom.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const log = ref.current;
    const inner = content.current;
    if (!log || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) follow(log);
    });
    observer.observe(inner);
    observer.observe(log);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const log = ref.current;
    if (!log) return;
    // The event of the log's own scroll: the reader did not move, so it still follows.
    if (log.scrollTop === followedTo.current) return;
    followedTo.current = null;
    atBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight <= FOLLOW_SLACK_PX;
  };

  return (
    <div ref={ref} onScroll={onScroll} role="log" aria-live={live ? 'polite' : 'off'} aria-label={t`Messages with ${otherPartyName(chat)}`}
      tabIndex={0} className="min-h-0 flex-1 overflow-y-auto px-4 py-3 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent"
      data-testid="message-log">
      {messages.length === 0 && <p className="py-6 text-center text-sm text-muted"><Trans>No messages yet. Say hello!</Trans></p>}
      <div ref={content} className="flex flex-col gap-2">
        {messages.map((message, i) => (
          <Fragment key={message.id}>
            {(i === 0 || dayKey(messages[i - 1]!.timestamp) !== dayKey(message.timestamp)) && <DayLabel iso={message.timestamp} now={now} />}
            <MessageItem message={message} userId={userId} mine={message.senderId === userId} listingName={chat.listingName} />
          </Fragment>
        ))}
      </div>
    </div>
  );
}

function ChatHeader({ chat, backHref }: { chat: StoredChat; backHref: string }) {
  const { t } = useLingui();
  const subject = chatSubject(chat);
  return (
    <header className="flex items-center gap-3 border-b border-border bg-surface px-3 py-2">
      <Link href={backHref} className="shrink-0 whitespace-nowrap rounded-md px-2 py-1 text-sm font-medium text-accent outline-none hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent md:hidden"
        data-testid="chat-back">
        <span aria-hidden="true">← </span><Trans>Back</Trans>
      </Link>
      {/* Our public company page: the company's logo (or an icon) leads there (spec 3 §2). */}
      <Link href={paths.companyOverview.href(chat.companyId)} aria-label={t`Open the page of ${chat.companyName}`} title={chat.companyName}
        className="shrink-0 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-accent" data-testid="chat-company-link">
        {chat.companyLogoId
          ? <FileImage fileId={chat.companyLogoId} width={64} alt="" aspectRatio="1 / 1" className="h-10 w-10 rounded-full" />
          : (
            // The name's initial, not an emoji: a device without an emoji font would show an empty circle.
            <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-surface-2 text-lg font-semibold text-fg">
              {chat.companyName.trim().charAt(0).toUpperCase() || '?'}
            </span>
          )}
      </Link>
      <div className="min-w-0">
        <h2 id="chat-title" className="truncate font-semibold" data-testid="chat-title">{otherPartyName(chat)}</h2>
        {subject && <p className="truncate text-sm text-muted" data-testid="chat-title-subject">{subject}</p>}
      </div>
    </header>
  );
}

export interface ConversationProps {
  chat: StoredChat;
  messages: StoredChatMessage[];
  userId: string;
  backHref: string;
  now: Date;
  draft: string;
  onDraftChange: (text: string) => void;
  onSend: (text: string) => Promise<void>;
  /** A note above the messages (the chat could not be refreshed). */
  notice?: ReactNode;
}

/** The open chat: header with the company link, the log, the composer. */
export function Conversation({ chat, messages, userId, backHref, now, draft, onDraftChange, onSend, notice }: ConversationProps) {
  return (
    <section aria-labelledby="chat-title" className="flex min-h-0 flex-1 flex-col" data-testid="conversation">
      <ChatHeader chat={chat} backHref={backHref} />
      {notice}
      <MessageLog key={`log:${chat.id}`} chat={chat} messages={messages} userId={userId} now={now} />
      <Composer key={chat.id} draft={draft} onDraftChange={onDraftChange} onSend={onSend} />
    </section>
  );
}
