import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { StoredPlannerEvent } from '../../db/database';
import { EventStatus, canCancelEvent, canDeleteEvent } from '../../domain/events';
import { Button, buttonClass } from '../../ui/Button';
import { localDay } from './dates';
import { EventSyncState } from './EventSyncState';
import { EventTypeVisual } from './EventTypeVisual';
import { LocationChips } from './LocationChips';
import { STATUS_LABELS, STATUS_TONES } from './eventLabels';

/** Card size (spec 3 §9): 600 px tall with a 220 px picture. */
export const CARD_HEIGHT_PX = 600;
export const CARD_IMAGE_PX = 220;

/** Editing is over for a cancelled or completed event. */
export const canEditEvent = (status: number) => status !== EventStatus.Cancelled && status !== EventStatus.Completed;

export function EventStatusChip({ status }: { status: number }) {
  const { i18n } = useLinguiRuntime();
  const label = Object.hasOwn(STATUS_LABELS, status) ? i18n._(STATUS_LABELS[status]!) : String(status);
  return (
    <span data-testid="event-status" data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[status] ?? 'border-border text-muted'}`}>
      {label}
    </span>
  );
}

/** One of the planner's events (spec 3 §2): type picture, name, dates, status, locations, and its actions. */
export function EventCard({ event, userId, onCancel, onDelete }: {
  event: StoredPlannerEvent; userId: string; onCancel: (e: StoredPlannerEvent) => void; onDelete: (e: StoredPlannerEvent) => void;
}) {
  const { t, i18n } = useLingui();
  const name = event.eventConfig.eventName.trim() || t`Untitled Event`;
  const date = (iso: string | null) => {
    const day = localDay(iso);
    return day ? i18n.date(day, { month: 'short', day: 'numeric', year: 'numeric' }) : t`N/A`;
  };
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface shadow-sm"
      style={{ height: CARD_HEIGHT_PX }} data-testid="event-card" data-event-id={event.id} aria-label={name}>
      <EventTypeVisual type={event.eventType} height={CARD_IMAGE_PX} className="shrink-0" />
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg font-semibold break-words" data-testid="event-name">{name}</h2>
          <EventStatusChip status={event.status} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted"><Trans>Start</Trans></dt>
          <dd data-testid="event-start">{date(event.eventConfig.startDate)}</dd>
          <dt className="text-muted"><Trans>End</Trans></dt>
          <dd data-testid="event-end">{date(event.eventConfig.endDate)}</dd>
        </dl>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <LocationChips locations={event.eventLocations} />
          {event.status === EventStatus.Rejected && event.rejectionMessage && (
            <p className="mt-3 rounded-md border border-danger px-3 py-2 text-sm text-danger" data-testid="rejection-reason">
              <span className="font-semibold"><Trans>Rejected:</Trans></span> {event.rejectionMessage}
            </p>
          )}
        </div>
        <EventSyncState eventId={event.id} userId={userId} />
        <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-3">
          {canEditEvent(event.status) && (
            <Link href={paths.plannerEvent.href(event.id)} className={buttonClass('secondary')} aria-label={t`Edit ${name}`}>
              <Trans>Edit</Trans>
            </Link>
          )}
          {canCancelEvent(event.status) && (
            <Button variant="danger" onClick={() => onCancel(event)} aria-label={t`Cancel ${name}`}><Trans>Cancel</Trans></Button>
          )}
          {canDeleteEvent(event.status) && (
            <Button variant="danger" onClick={() => onDelete(event)} aria-label={t`Delete ${name}`}><Trans>Delete</Trans></Button>
          )}
        </div>
      </div>
    </article>
  );
}
