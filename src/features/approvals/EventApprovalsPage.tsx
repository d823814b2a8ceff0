import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { approvalsApi } from '../../api/approvals';
import { paths } from '../../config/paths';
import { buttonClass } from '../../ui/Button';
import { useEventDates, useEventName, useEventTypeLabel } from '../../ui/EventSummary';
import { formatDayMonthYear } from '../../ui/formatDate';
import { usePulled } from '../../ui/usePulled';
import { ApprovalGrid } from './ApprovalGrid';

/**
 * /admin/approvals/events (spec 3 §2): the events awaiting approval (GET /approval/300, oldest
 * first), each with Review Event to its review page.
 */
export default function EventApprovalsPage() {
  const { t } = useLingui();
  const eventName = useEventName();
  const eventDates = useEventDates();
  const typeLabel = useEventTypeLabel();
  const { status, value, retry } = usePulled('approvals:events', approvalsApi.events);
  return (
    <ApprovalGrid
      title={<Trans>Event approvals</Trans>}
      intro={<Trans>Events waiting for approval, oldest first. Review one to approve or reject it.</Trans>}
      status={status}
      items={value}
      failed={<Trans>Failed to fetch event approvals</Trans>}
      empty={<Trans>No events are waiting for approval</Trans>}
      onRetry={retry}
      itemKey={(event) => event.id}
      renderItem={(event) => {
        const name = eventName(event);
        return (
          <article className="flex w-full flex-col gap-2 rounded-lg border border-border bg-surface p-4" data-testid="approval-card">
            <h2 className="text-lg font-semibold leading-snug break-words">{name}</h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted"><Trans>Type</Trans></dt><dd data-testid="event-type">{typeLabel(event.eventType)}</dd>
              <dt className="text-muted"><Trans>Dates</Trans></dt><dd data-testid="event-dates">{eventDates(event)}</dd>
              <dt className="text-muted"><Trans>Attendees</Trans></dt><dd data-testid="event-attendees">{event.eventConfig.numberOfAttendees}</dd>
              <dt className="text-muted"><Trans>Sent for approval</Trans></dt>
              <dd><time dateTime={event.lastUpdated}>{formatDayMonthYear(event.lastUpdated)}</time></dd>
            </dl>
            <div className="mt-auto pt-3">
              {/* Named with the event: a list of bare "Review Event" links reads the same for each card. */}
              <Link href={paths.eventReview.href(event.id)} className={buttonClass('primary', 'w-full')} aria-label={t`Review Event ${name}`}>
                <Trans>Review Event</Trans>
              </Link>
            </div>
          </article>
        );
      }}
    />
  );
}
