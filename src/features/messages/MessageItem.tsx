import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StoredChatMessage } from '../../db/database';
import { listingIdOfMessage } from '../../domain/chats';
import { discardChatMessage, retryChatMessage } from '../../sync/chats';
import { Button } from '../../ui/Button';
import { formatTime } from './format';
import { ListingMessageCard } from './ListingMessageCard';

export interface MessageItemProps {
  message: StoredChatMessage;
  userId: string;
  mine: boolean;
  listingName: string | null;
}

function FailedActions({ message, userId }: { message: StoredChatMessage; userId: string }) {
  const [busy, setBusy] = useState(false);
  const run = (action: typeof retryChatMessage) => {
    setBusy(true);
    action(userId, message.id).catch(() => {}).finally(() => setBusy(false));
  };
  return (
    <span className="mt-1 flex flex-wrap items-center justify-end gap-2 text-xs text-danger" data-testid="message-failed">
      <span><Trans>Not sent: {message.error ?? ''}</Trans></span>
      <Button variant="secondary" className="min-h-8 px-2 py-1 text-xs" disabled={busy} onClick={() => run(retryChatMessage)}><Trans>Retry</Trans></Button>
      <Button variant="ghost" className="min-h-8 px-2 py-1 text-xs" disabled={busy} onClick={() => run(discardChatMessage)}><Trans>Discard</Trans></Button>
    </span>
  );
}

/** One message: mine on the right, theirs on the left; a listing marker as a listing card; text as text. */
export function MessageItem({ message, userId, mine, listingName }: MessageItemProps) {
  const { t, i18n } = useLingui();
  const listingId = listingIdOfMessage(message.text);
  const time = formatTime(message.timestamp, i18n.locale);
  return (
    <div className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`} data-testid="message" data-mine={mine || undefined}
      data-state={message.state}>
      {listingId ? (
        <ListingMessageCard listingId={listingId} fallbackName={listingName} />
      ) : (
        // Plain text: React escapes it; pre-wrap keeps the line breaks, anywhere-wrapping long words.
        <p className={`max-w-[85%] whitespace-pre-wrap rounded-2xl px-3 py-2 text-sm [overflow-wrap:anywhere] sm:max-w-[70%] ${mine ? 'rounded-br-sm bg-accent text-on-accent' : 'rounded-bl-sm border border-border bg-surface text-fg'} ${message.state === 'failed' ? 'opacity-70' : ''}`}
          data-testid="message-text">
          {message.text}
        </p>
      )}
      <span className="mt-0.5 flex items-center gap-1 text-xs text-muted">
        {message.state === 'pending' ? (
          <span data-testid="message-pending" title={t`Sending…`}><span aria-hidden="true">🕓 </span><Trans>Sending…</Trans></span>
        ) : message.state === 'sent' ? (
          <time dateTime={message.timestamp}>{time}</time>
        ) : null}
      </span>
      {message.state === 'failed' && <FailedActions message={message} userId={userId} />}
    </div>
  );
}
