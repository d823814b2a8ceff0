import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { StoredPlannerEvent } from '../../db/database';
import { usePlannerEvents } from '../../db/planner-events';
import { session } from '../../state/session';
import { cancelPlannerEvent, pullPlannerEvents, removePlannerEvent } from '../../sync/entities/events';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { ConfirmEventDialog } from './ConfirmEventDialog';
import { CARD_HEIGHT_PX, EventCard } from './EventCard';
import { eventToast, sendEventWrite } from './eventWrites';
import { DEFAULT_FILTER, filterEvents, type EventFilter } from './filters';
import { StatusFilter } from './StatusFilter';
import { clearEventDrafts } from './useEventWizard';

const SKELETONS = 3;
type Pending = { action: 'cancel' | 'delete'; event: StoredPlannerEvent };

/**
 * The planner (spec 3 §2): the user's events from this device (a pull refreshes them), filtered by
 * status (Approved first), each card with Edit, Cancel or Delete; Create Event opens the wizard.
 */
export default function PlannerPage() {
  const { t } = useLingui();
  const { user } = useSnapshot(session);
  const userId = user?.id ?? null;
  const events = usePlannerEvents(userId);
  const { status, retry } = usePulled(userId, () => pullPlannerEvents(userId as string), { quietReconnect: true });
  const online = useOnline();
  const [filter, setFilter] = useState<EventFilter>(DEFAULT_FILTER);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const stored = events ?? [];
  const shown = filterEvents(stored, filter);
  const failed = status === 'offline' || status === 'error';
  const waiting = events === undefined || (stored.length === 0 && status === 'loading');

  const queuedText = () => (navigator.onLine
    ? t`Saved on this device. It will be sent as soon as the server can be reached.`
    : t`Saved on this device. It will be sent when you are back online.`);

  async function confirm({ action, event }: Pending) {
    if (!userId) return;
    setBusy(true);
    try {
      const outcome = action === 'cancel'
        ? await sendEventWrite(cancelPlannerEvent, { ...event }, userId)
        : await sendEventWrite(removePlannerEvent, { id: event.id, name: event.eventConfig.eventName }, userId);
      // A deleted event is not offered back by the wizard.
      if (action === 'delete' && outcome.state !== 'failed') await clearEventDrafts(userId, event.id);
      if (outcome.state === 'sent') eventToast(action, event.id, action === 'cancel' ? t`Event cancelled` : t`Event deleted`, 'success');
      else if (outcome.state === 'pending') eventToast(action, event.id, queuedText(), 'info');
      else if (outcome.state === 'failed') eventToast(action, event.id, t`API Error: ${outcome.entry.lastError ?? ''}`, 'error');
    } catch (error) {
      eventToast(action, event.id, t`API Error: ${error instanceof Error ? error.message : String(error)}`, 'error');
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const pendingName = pending ? pending.event.eventConfig.eventName.trim() || t`Untitled Event` : '';

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold"><Trans>Event Planner</Trans></h1>
        <Link href={paths.plannerEvent.href()} className={buttonClass('primary')}><Trans>Create Event</Trans></Link>
      </div>
      <div className="mt-6">
        <StatusFilter value={filter} onChange={setFilter} />
      </div>

      {failed && stored.length > 0 && (
        <p role="status" className="mt-3 text-sm text-muted" data-testid="planner-stale">
          {online
            ? <Trans>Could not reach the server. Showing events saved on this device.</Trans>
            : <Trans>You are offline. Showing events saved on this device.</Trans>}
        </p>
      )}

      {failed && stored.length === 0 && !waiting ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <Alert tone="error" title={t`Failed to fetch events`}>
            {status === 'offline' && (online ? <Trans>The server could not be reached.</Trans> : <Trans>You are offline.</Trans>)}
          </Alert>
          <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
        </div>
      ) : !waiting && shown.length === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-4 rounded-lg border border-border bg-surface p-10 text-center" data-testid="planner-empty">
          <p className="text-lg">{stored.length === 0 ? <Trans>You have no events yet</Trans> : <Trans>No events with this status</Trans>}</p>
          <Link href={paths.plannerEvent.href()} className={buttonClass('primary')}><Trans>Create Event</Trans></Link>
        </div>
      ) : (
        <>
          {waiting && <p role="status" className="sr-only">{t`Loading...`}</p>}
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={waiting || undefined} data-testid="planner-events">
            {waiting
              ? Array.from({ length: SKELETONS }, (_, i) => (
                  <li key={i} aria-hidden="true"><Skeleton className="w-full" style={{ height: CARD_HEIGHT_PX }} /></li>
                ))
              : shown.map((event) => (
                  <li key={event.id}>
                    <EventCard event={event} userId={userId as string}
                      onCancel={(e) => setPending({ action: 'cancel', event: e })}
                      onDelete={(e) => setPending({ action: 'delete', event: e })} />
                  </li>
                ))}
          </ul>
        </>
      )}

      <ConfirmEventDialog open={pending !== null} busy={busy} onClose={() => setPending(null)}
        onConfirm={() => pending && void confirm(pending)}
        title={pending?.action === 'cancel' ? <Trans>Cancel this event?</Trans> : <Trans>Delete this event?</Trans>}
        description={pending?.action === 'cancel'
          ? <Trans>"{pendingName}" will be cancelled and no longer shown under All Events.</Trans>
          : <Trans>"{pendingName}" will be deleted. This cannot be undone.</Trans>}
        confirmLabel={pending?.action === 'cancel' ? <Trans>Cancel Event</Trans> : <Trans>Delete Event</Trans>} />
    </div>
  );
}
