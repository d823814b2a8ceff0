import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { companyEventsApi } from '../../api/company-events';
import { paths } from '../../config/paths';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { useEventDates, useEventName, useEventTypeLabel } from '../../ui/EventSummary';
import { Skeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';

/**
 * The company hub's Events view (spec 3 §2): the Approved events that match the company's public
 * listings (GET /PlannerEvent/company/{id}, newest first), each opening the company's view of it.
 * Read from the server each time: matches change with every listing and event, nothing is kept
 * on the device, so offline it says so and tries again on reconnect.
 */
export default function CompanyEventsView({ companyId }: { companyId: string }) {
  const { t } = useLingui();
  const online = useOnline();
  const eventName = useEventName();
  const eventDates = useEventDates();
  const typeLabel = useEventTypeLabel();
  const { status, value: events, retry } = usePulled(`company-events:${companyId}`, () => companyEventsApi.forCompany(companyId));

  let body;
  if (status === 'loading') {
    body = (
      <>
        <p role="status" className="sr-only"><Trans>Loading…</Trans></p>
        <ul className="grid gap-4 sm:grid-cols-2" aria-hidden="true">
          {[0, 1].map((i) => <li key={i}><Skeleton className="h-40 w-full" /></li>)}
        </ul>
      </>
    );
  } else if (!events) {
    body = (
      <div className="flex flex-col items-start gap-3" data-testid="company-events-error">
        <Alert tone="error" title={t`Failed to fetch company events`}>
          {status === 'offline' && <p>{online ? t`The server could not be reached.` : t`You are offline. Events show when you are back online.`}</p>}
        </Alert>
        <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
      </div>
    );
  } else if (events.length === 0) {
    body = (
      <p role="status" className="rounded-lg border border-border bg-surface p-6 text-center text-muted" data-testid="company-events-empty">
        <Trans>No events currently match this company's listings.</Trans>
      </p>
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2" data-testid="company-events">
        {events.map((event) => {
          const name = eventName(event);
          const matches = event.matchingListingIds?.length ?? 0;
          return (
            <li key={event.id} className="flex">
              <article className="flex w-full flex-col gap-2 rounded-lg border border-border bg-surface p-4" data-testid="company-event">
                <h3 className="text-lg font-semibold break-words">{name}</h3>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted"><Trans>Type</Trans></dt><dd data-testid="event-type">{typeLabel(event.eventType)}</dd>
                  <dt className="text-muted"><Trans>Dates</Trans></dt><dd data-testid="event-dates">{eventDates(event)}</dd>
                  <dt className="text-muted"><Trans>Attendees</Trans></dt><dd data-testid="event-attendees">{event.eventConfig.numberOfAttendees}</dd>
                  <dt className="text-muted"><Trans>Matching listings</Trans></dt><dd data-testid="event-matches">{matches}</dd>
                </dl>
                <div className="mt-auto pt-2">
                  {/* Named with the event: a list of bare "Open Event" links reads the same for each card. */}
                  <Link href={paths.companyEvent.href(event.id, companyId)} className={buttonClass('primary', 'w-full sm:w-auto')}
                    aria-label={t`Open Event ${name}`}>
                    <Trans>Open Event</Trans>
                  </Link>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="company-events-title" aria-busy={status === 'loading' || undefined}>
      <h2 id="company-events-title" className="mb-4 text-xl font-semibold"><Trans>Matching events</Trans></h2>
      {body}
    </section>
  );
}
