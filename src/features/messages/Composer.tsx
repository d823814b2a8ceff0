import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHAT_LIMITS } from '../../domain/chats';
import { Button } from '../../ui/Button';

/** The box grows with its text up to this height, then scrolls (spec 3 §9). */
export const COMPOSER_MAX_HEIGHT_PX = 120;
/** The character counter shows from here on. */
const COUNTER_FROM = CHAT_LIMITS.messageText - 400;

export interface ComposerProps {
  draft: string;
  onDraftChange: (text: string) => void;
  /** Sends the trimmed text; the composer clears itself and keeps focus. */
  onSend: (text: string) => Promise<void>;
}

/** Whether a draft can be sent (spec 3 §5: non-blank after trimming, within the limit). */
export function canSend(draft: string): boolean {
  const trimmed = draft.trim();
  return trimmed.length > 0 && trimmed.length <= CHAT_LIMITS.messageText;
}

/** The message box: Enter sends, Shift+Enter adds a line; works offline (the send is queued). */
export function Composer({ draft, onDraftChange, onSend }: ComposerProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const [error, setError] = useState(false);
  const length = draft.trim().length;
  const over = length > CHAT_LIMITS.messageText;

  // Grows with the text: measured from its natural height, capped, scrolling beyond.
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${Math.min(box.scrollHeight, COMPOSER_MAX_HEIGHT_PX)}px`;
  }, [draft]);

  const send = async () => {
    if (!canSend(draft)) return;
    const text = draft.trim();
    setError(false);
    onDraftChange('');
    ref.current?.focus();
    try {
      await onSend(text);
    } catch {
      // Could not even be stored on this device: the text comes back so nothing is lost.
      onDraftChange(draft);
      setError(true);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing text uses Enter to confirm a word, not to send.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };

  return (
    <form onSubmit={onSubmit} className="border-t border-border bg-surface px-3 py-2" data-testid="composer">
      {error && <p role="alert" className="mb-1 text-xs text-danger"><Trans>The message could not be saved. Please try again.</Trans></p>}
      <div className="flex items-end gap-2">
        <textarea ref={ref} value={draft} rows={1} aria-label={t`Message`} placeholder={t`Write a message…`}
          aria-describedby={length >= COUNTER_FROM ? counterId : undefined} aria-invalid={over || undefined}
          onChange={(e) => onDraftChange(e.target.value)} onKeyDown={onKeyDown}
          style={{ maxHeight: COMPOSER_MAX_HEIGHT_PX }}
          className="min-h-10 flex-1 resize-none overflow-y-auto rounded-md border border-border bg-bg px-3 py-2 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-accent" />
        <Button type="submit" disabled={!canSend(draft)}><Trans>Send</Trans></Button>
      </div>
      {length >= COUNTER_FROM && (
        <p id={counterId} className={`mt-1 text-right text-xs ${over ? 'text-danger' : 'text-muted'}`} data-testid="composer-counter">
          {length} / {CHAT_LIMITS.messageText}
        </p>
      )}
    </form>
  );
}
