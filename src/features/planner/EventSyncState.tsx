import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OutboxEntry } from '../../db/database';
import { useEntitySync, useRowSyncState } from '../../sync/hooks';
import { discardChange, keepMine, retryChange, takeTheirs } from '../../sync/resolve';
import { notify } from '../../state/snackbar';
import { Button } from '../../ui/Button';
import { SyncStateNote } from '../../ui/SyncStateNote';

/** What the planner can do about a change the server did not take: the unsent-changes panel's actions, on the card. */
function Resolve({ eventId, userId }: { eventId: string; userId: string }) {
  const { t } = useLingui();
  const { entries } = useEntitySync('plannerEvent', eventId, userId);
  const [busy, setBusy] = useState(false);
  const entry = entries.find((e) => e.state === 'conflict') ?? entries.find((e) => e.state === 'failed');
  if (!entry) return null;
  const act = async (action: (e: OutboxEntry) => Promise<void>) => {
    setBusy(true);
    try {
      await action(entry);
    } catch {
      notify(t`That did not work. Check your connection and try again.`, { severity: 'error', key: `event:resolve:${eventId}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2" data-testid="event-resolve">
      {entry.lastError && (
        <p className="text-xs text-muted">
          {entry.state === 'conflict'
            ? <Trans>Someone changed this event on another device before your change arrived.</Trans>
            : t`API Error: ${entry.lastError}`}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {entry.state === 'conflict' ? (
          <>
            <Button variant="primary" className="min-h-8 px-3 py-1" loading={busy} onClick={() => void act(keepMine)}><Trans>Keep mine</Trans></Button>
            <Button variant="secondary" className="min-h-8 px-3 py-1" disabled={busy} onClick={() => void act(takeTheirs)}><Trans>Take theirs</Trans></Button>
          </>
        ) : (
          <>
            <Button variant="primary" className="min-h-8 px-3 py-1" loading={busy} onClick={() => void act(retryChange)}><Trans>Try again</Trans></Button>
            <Button variant="danger" className="min-h-8 px-3 py-1" disabled={busy} onClick={() => void act(discardChange)}><Trans>Discard</Trans></Button>
          </>
        )}
      </div>
    </div>
  );
}

/** The card's sync state: waiting, not saved (with Try again / Discard) or a conflict (with Keep mine / Take theirs). */
export function EventSyncState({ eventId, userId }: { eventId: string; userId: string }) {
  const state = useRowSyncState('plannerEvent', eventId, userId);
  if (state === 'synced') return null;
  return (
    <div className="flex flex-col gap-2" data-testid="event-sync" data-state={state}>
      <SyncStateNote state={state} />
      {(state === 'conflict' || state === 'failed') && <Resolve eventId={eventId} userId={userId} />}
    </div>
  );
}
