import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Redirect, useParams, useSearchParams } from 'wouter';
import { companyEventsApi } from '../../api/company-events';
import { ApiError } from '../../api/http';
import { listingsApi } from '../../api/listings';
import { paths } from '../../config/paths';
import type { PlannerEvent } from '../../domain/events';
import type { Listing } from '../../domain/listings';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { chosenServices, EventSummary, useEventName } from '../../ui/EventSummary';
import { ListingCard } from '../../ui/ListingCard';
import { Spinner } from '../../ui/Spinner';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { matchingServices } from './matching';

interface CompanyEvent {
  event: PlannerEvent;
  /** The company's public listings that match the event, in the server's order. */
  listings: Listing[];
}

/**
 * The event, and the company's listings it matches: the match comes from the company's events
 * (GET /PlannerEvent/company/{id} carries matchingListingIds); each listing is read through the
 * public listing read, and one that is no longer public is left out.
 */
async function loadCompanyEvent(eventId: string, companyId: string): Promise<CompanyEvent> {
  const [event, companyEvents] = await Promise.all([companyEventsApi.get(eventId), companyEventsApi.forCompany(companyId)]);
  const ids = companyEvents.find((e) => e.id === eventId)?.matchingListingIds ?? [];
  const listings = await Promise.all(ids.map((id) => listingsApi.get(id).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  })));
  return { event, listings: listings.filter((l): l is Listing => l !== null) };
}

/**
 * /company/event/{eventId}?companyId (and /events/{eventId}): a company's view of an event (spec 3
 * §2): the event with only the categories and services its listings match, the matching listings,
 * and Open Chat with the planner. Without an event (or a company) there is nothing to show: to
 * /companies.
 */
export default function CompanyEventPage() {
  const { eventId = '' } = useParams<{ eventId?: string }>();
  const [search] = useSearchParams();
  const companyId = search.get('companyId') ?? '';
  if (!eventId.trim() || !companyId.trim()) return <Redirect to={paths.companies.href()} replace />;
  return <CompanyEventScreen key={`${eventId}:${companyId}`} eventId={eventId} companyId={companyId} />;
}

function CompanyEventScreen({ eventId, companyId }: { eventId: string; companyId: string }) {
  const { t } = useLingui();
  const online = useOnline();
  const eventName = useEventName();
  const { status, value, error, retry } = usePulled(`${eventId}:${companyId}`, () => loadCompanyEvent(eventId, companyId));

  const back = (
    <Link href={paths.company.href(companyId, 'events')} className="inline-flex items-center gap-1 text-sm text-accent hover:underline">
      <span aria-hidden="true">←</span> <Trans>Back to events</Trans>
    </Link>
  );

  if (status === 'loading') {
    return <div className="flex justify-center py-20"><Spinner size="lg" label={t`Loading...`} /></div>;
  }
  if (!value) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-10">
        {back}
        {notFound ? (
          <h1 className="text-2xl font-semibold" data-testid="event-not-found"><Trans>Event not found</Trans></h1>
        ) : (
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

  const { event, listings } = value;
  const services = matchingServices(chosenServices(event.eventCategories, event.selectedServices), listings);
  const chatHref = paths.eventChat.href({ eventId: event.id, companyId, customerId: event.createdBy });
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      {back}
      <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold break-words">{eventName(event)}</h1>
        <Link href={chatHref} className={buttonClass('primary', 'min-h-12 sm:w-auto')} data-testid="open-chat">
          <Trans>Open Chat</Trans>
        </Link>
      </header>
      <p className="text-muted"><Trans>The categories and services below are those your listings match.</Trans></p>
      <EventSummary event={event} services={services} />
      <section aria-labelledby="matching-listings-title">
        <h2 id="matching-listings-title" className="text-lg font-semibold"><Trans>Matching listings</Trans></h2>
        {listings.length === 0 ? (
          <p className="mt-2 text-muted" data-testid="no-matching-listings"><Trans>None of this company's listings match this event.</Trans></p>
        ) : (
          <ul className="mt-3 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="matching-listings">
            {listings.map((listing) => <li key={listing.id} className="flex"><ListingCard listing={listing} className="w-full" /></li>)}
          </ul>
        )}
      </section>
    </div>
  );
}
