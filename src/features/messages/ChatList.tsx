import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { StoredChat } from '../../db/database';
import { listingIdOfMessage } from '../../domain/chats';
import { relativeTime } from './format';

/** The other party's name: the company for the customer, the customer for the company. */
export const otherPartyName = (chat: StoredChat) => (chat.side === 'customer' ? chat.companyName : chat.userFullName);

/** What the chat is about: the listing or the event. */
export const chatSubject = (chat: StoredChat) => chat.listingName ?? chat.eventName ?? '';

/** The unread count; its name says what the number is ("2 unread messages"). */
export function UnreadBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span role="img" aria-label={label} title={label} data-testid="unread-badge"
      className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-semibold leading-5 text-on-accent">
      {count > 99 ? '99+' : count}
    </span>
  );
}

function Preview({ chat, userId }: { chat: StoredChat; userId: string }) {
  const { t } = useLingui();
  const last = chat.lastMessage;
  if (!last) return <Trans>No messages yet</Trans>;
  // A listing card previews as what it shows, not as its marker.
  const text = listingIdOfMessage(last.text) ? chat.listingName ?? t`Listing` : last.text;
  return last.senderId === userId ? <Trans>You: {text}</Trans> : <>{text}</>;
}

export interface ChatListProps {
  chats: StoredChat[];
  userId: string;
  selectedId: string | null;
  /** The company whose chats these are (company side), kept in each chat's address. */
  companyId: string | null;
  now: Date;
}

/** The chats as a list of links (newest first), the open one marked current. */
export function ChatList({ chats, userId, selectedId, companyId, now }: ChatListProps) {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Chats`} className="min-h-0 flex-1 overflow-y-auto">
      <ul className="divide-y divide-border" data-testid="chat-list">
        {chats.map((chat) => {
          const selected = chat.id === selectedId;
          const subject = chatSubject(chat);
          return (
            <li key={chat.id}>
              <Link href={paths.chat.href(chat.id, companyId)} aria-current={selected ? 'page' : undefined}
                data-testid="chat-item" data-chat-id={chat.id}
                className={`flex gap-3 px-4 py-3 outline-none hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent ${selected ? 'bg-surface-2' : ''}`}>
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className={`truncate ${chat.unreadCount > 0 ? 'font-bold' : 'font-semibold'}`} data-testid="chat-name">{otherPartyName(chat)}</span>
                    <time dateTime={chat.timestamp} className="shrink-0 text-xs text-muted">{relativeTime(chat.timestamp, i18n.locale, now)}</time>
                  </span>
                  {subject && <span className="block truncate text-sm text-accent" data-testid="chat-subject">{subject}</span>}
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate text-sm text-muted" data-testid="chat-preview"><Preview chat={chat} userId={userId} /></span>
                    <UnreadBadge count={chat.unreadCount} label={plural(chat.unreadCount, { one: '# unread message', other: '# unread messages' })} />
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
