import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { companyEventsApi } from '../../api/company-events';
import { ApiError } from '../../api/http';
import { EventStatus } from '../../domain/events';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { chosenServices, EventSummary, useEventName } from '../../ui/EventSummary';
import { Spinner } from '../../ui/Spinner';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';

/**
 * /event/{eventId}: the public page of an Approved event (spec 3 §2). Any other status reads
 * 'Event not found', even for its planner or an Admin who may read it: this page is what the
 * public sees.
 */
export default function EventPage() {
  const { eventId = '' } = useParams<{ eventId: string }>();
  return <EventScreen key={eventId} eventId={eventId} />;
}

function EventScreen({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const online = useOnline();
  const eventName = useEventName();
  const { status, value: event, error, retry } = usePulled(`event:${eventId}`, () => companyEventsApi.get(eventId));

  if (status === 'loading') return <div className="flex justify-center py-20"><Spinner size="lg" label={t`Loading...`} /></div>;
  const notFound = (error instanceof ApiError && error.status === 404) || (event && event.status !== EventStatus.Approved);
  if (notFound || !event) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-10">
        {notFound ? <h1 className="text-2xl font-semibold" data-testid="event-not-found"><Trans>Event not found</Trans></h1> : (
          <>
            <Alert tone="error" title={t`Failed to fetch event`}>
              {status === 'offline' && <p>{online ? t`The server could not be reached.` : t`You are offline.`}</p>}
            </Alert>
            <Button variant="secondary" onClick={retry}><Trans>Try Again</Trans></Button>
          </>
        )}
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold break-words">{eventName(event)}</h1>
      <EventSummary event={event} services={chosenServices(event.eventCategories, event.selectedServices)} />
    </div>
  );
}
