import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import type { EventInput } from '../../../domain/events';
import { LocationChips } from '../LocationChips';
import { dayMonthYear } from '../dates';
import { typeLabel } from '../eventLabels';
import { chosenNames } from '../serviceSelection';

/** Step 5: the event as it will be saved, with the spec's fallbacks ('Untitled Event', 'No Date Set', 'No Type Selected'). */
export function OverviewStep({ input }: { input: EventInput }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { eventConfig: c } = input;
  const type = typeLabel(input.eventType);
  const date = (iso: string | null) => dayMonthYear(iso) ?? t`No Date Set`;
  const budget = c.budget === null ? t`Not set` : i18n.number(c.budget, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  return (
    <div className="flex flex-col gap-4" data-testid="event-overview">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted"><Trans>Name</Trans></dt>
        <dd className="font-semibold" data-testid="overview-name">{c.eventName.trim() || t`Untitled Event`}</dd>
        <dt className="text-muted"><Trans>Type</Trans></dt>
        <dd data-testid="overview-type">{type ? i18n._(type) : t`No Type Selected`}</dd>
        <dt className="text-muted"><Trans>Start Date</Trans></dt>
        <dd data-testid="overview-start">{date(c.startDate)}</dd>
        <dt className="text-muted"><Trans>End Date</Trans></dt>
        <dd data-testid="overview-end">{date(c.endDate)}</dd>
        <dt className="text-muted"><Trans>Attendees</Trans></dt>
        <dd>{c.numberOfAttendees}</dd>
        <dt className="text-muted"><Trans>Budget</Trans></dt>
        <dd data-testid="overview-budget">{budget}</dd>
        {c.description.trim() && (
          <>
            <dt className="text-muted"><Trans>Description</Trans></dt>
            <dd className="whitespace-pre-line">{c.description}</dd>
          </>
        )}
      </dl>
      <section aria-label={t`Locations`} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold"><Trans>Locations</Trans></h3>
        {input.eventLocations.length ? <LocationChips locations={input.eventLocations} /> : <p className="text-sm text-muted"><Trans>No locations chosen</Trans></p>}
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold"><Trans>Services</Trans></h3>
        {input.eventCategories.length === 0 && <p className="text-sm text-muted"><Trans>No services chosen</Trans></p>}
        <ul className="flex flex-col gap-1 text-sm">
          {input.eventCategories.map((category) => (
            <li key={category.id}><span className="font-medium">{category.name}:</span> {chosenNames(input.selectedServices, category.id).join(', ')}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
