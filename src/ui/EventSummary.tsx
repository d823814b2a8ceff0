import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { EventType, type EventCategory, type EventRegion, type PlannerEvent, type SelectedServices } from '../domain/events';

/** Each event type's name (spec 3 §3); None and unknown codes read 'Not chosen'. Shared with the planner. */
export const EVENT_TYPE_LABELS: Record<number, MessageDescriptor> = {
  [EventType.Wedding]: msg`Wedding`,
  [EventType.Birthday]: msg`Birthday`,
  [EventType.TeamBuilding]: msg`Team Building`,
  [EventType.BachelorParty]: msg`Bachelor Party`,
  [EventType.Seminar]: msg`Seminar`,
  [EventType.Custom]: msg`Custom`,
};
const NO_TYPE = msg`Not chosen`;

/** The event type's label in the active language. */
export function useEventTypeLabel(): (type: number) => string {
  const { i18n } = useLingui();
  return (type) => i18n._(Object.hasOwn(EVENT_TYPE_LABELS, type) ? EVENT_TYPE_LABELS[type]! : NO_TYPE);
}

/**
 * An event date (YYYY-MM-DD, a calendar day with no time zone) as DD/MM/YYYY, read from the text:
 * going through Date would move it a day in time zones west of UTC. '' for a missing or odd value.
 */
export function formatEventDate(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** 'DD/MM/YYYY – DD/MM/YYYY', one date when both are the same day, 'N/A' when none is set. */
export function useEventDates(): (event: Pick<PlannerEvent, 'eventConfig'>) => string {
  const { i18n } = useLingui();
  return ({ eventConfig }) => {
    const start = formatEventDate(eventConfig.startDate);
    const end = formatEventDate(eventConfig.endDate);
    if (!start && !end) return i18n._(msg`N/A`);
    if (!start || !end || start === end) return start || end;
    return `${start} – ${end}`;
  };
}

/** The event's name, or 'Untitled Event' when it has none yet. */
export function useEventName(): (event: Pick<PlannerEvent, 'eventConfig'>) => string {
  const { i18n } = useLingui();
  return ({ eventConfig }) => eventConfig.eventName.trim() || i18n._(msg`Untitled Event`);
}

/** One chip per chosen place: a whole region reads 'Name (All)', otherwise each chosen county. */
export function locationChips(regions: readonly EventRegion[], all: string): { key: string; label: string }[] {
  return regions.flatMap((region) => (region.isSelected
    ? [{ key: region.id, label: `${region.name} (${all})` }]
    : region.counties.filter((c) => c.isSelected).map((c) => ({ key: c.id, label: c.name }))));
}

export interface ServiceGroup {
  id: string;
  name: string;
  /** Chosen services of the category itself. */
  services: { id: string; name: string }[];
  /** Chosen sub-categories (or those with a chosen service), with their chosen services. */
  subCategories: { id: string; name: string; services: { id: string; name: string }[] }[];
}

/**
 * What the planner chose, per category: the category's chosen services and the sub-categories
 * chosen (or with a chosen service). A category is listed when it is among eventCategories or
 * anything under it is chosen; its name comes from eventCategories.
 */
export function chosenServices(categories: readonly EventCategory[], selected: SelectedServices): ServiceGroup[] {
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const ids = [...new Set([...categories.map((c) => c.id), ...Object.keys(selected)])];
  return ids.flatMap((id) => {
    const entry = selected[id];
    const services = (entry?.categoryServices ?? []).filter((s) => s.isSelected).map(({ id: sid, name }) => ({ id: sid, name }));
    const subCategories = (entry?.subCategories ?? [])
      .map((sub) => ({ id: sub.id, name: sub.name, selected: sub.isSelected, services: sub.services.filter((s) => s.isSelected).map(({ id: sid, name }) => ({ id: sid, name })) }))
      .filter((sub) => sub.selected || sub.services.length > 0)
      .map(({ id: subId, name, services: subServices }) => ({ id: subId, name, services: subServices }));
    const name = names.get(id);
    if (name === undefined && services.length === 0 && subCategories.length === 0) return [];
    return [{ id, name: name ?? id, services, subCategories }];
  });
}

function Fact({ label, children, testId }: { label: string; children: string; testId: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold" data-testid={testId}>{children}</dd>
    </div>
  );
}

export interface EventSummaryProps {
  event: PlannerEvent;
  /** The categories and services to show (all chosen ones, or only those a company matches). */
  services: ServiceGroup[];
  /** The heading level of the section titles inside the page's outline. */
  headingLevel?: 2 | 3;
  /** Show the budget (the planner and the Admin see it; a company's or the public view does not). */
  showBudget?: boolean;
}

/**
 * An event read-only: type, dates, attendees (and budget), the chosen places as chips, the
 * categories and services given, and the description. The page puts the name in its own heading.
 */
export function EventSummary({ event, services, headingLevel = 2, showBudget = false }: EventSummaryProps) {
  const { i18n } = useLingui();
  const typeLabel = useEventTypeLabel();
  const dates = useEventDates();
  const Heading = `h${headingLevel}` as const;
  const chips = locationChips(event.eventLocations, i18n._(msg`All`));
  const { budget, description, numberOfAttendees } = event.eventConfig;
  return (
    <div className="flex flex-col gap-6" data-testid="event-summary">
      <dl className="grid grid-cols-2 gap-4 rounded-lg border border-border bg-surface p-4 sm:grid-cols-4">
        <Fact label={i18n._(msg`Type`)} testId="event-type">{typeLabel(event.eventType)}</Fact>
        <Fact label={i18n._(msg`Dates`)} testId="event-dates">{dates(event)}</Fact>
        <Fact label={i18n._(msg`Attendees`)} testId="event-attendees">{new Intl.NumberFormat(i18n.locale).format(numberOfAttendees)}</Fact>
        {showBudget && (
          <Fact label={i18n._(msg`Budget`)} testId="event-budget">
            {budget === null ? i18n._(msg`N/A`) : `$${new Intl.NumberFormat(i18n.locale).format(budget)}`}
          </Fact>
        )}
      </dl>

      <section aria-labelledby="event-locations-title">
        <Heading id="event-locations-title" className="text-lg font-semibold"><Trans>Locations</Trans></Heading>
        {chips.length === 0 ? <p className="mt-2 text-muted"><Trans>No locations chosen</Trans></p> : (
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="event-locations">
            {chips.map((chip) => (
              <li key={chip.key} className="rounded-full border border-border bg-surface-2 px-3 py-1 text-sm">{chip.label}</li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="event-services-title">
        <Heading id="event-services-title" className="text-lg font-semibold"><Trans>Categories and services</Trans></Heading>
        {services.length === 0 ? <p className="mt-2 text-muted"><Trans>No categories or services</Trans></p> : (
          <ul className="mt-2 flex flex-col gap-3" data-testid="event-services">
            {services.map((group) => (
              <li key={group.id} className="rounded-lg border border-border bg-surface p-4" data-testid="event-category">
                <p className="font-semibold">{group.name}</p>
                {group.services.length > 0 && (
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {group.services.map((s) => <li key={s.id} className="rounded-full bg-surface-2 px-3 py-1 text-sm" data-testid="event-service">{s.name}</li>)}
                  </ul>
                )}
                {group.subCategories.map((sub) => (
                  <div key={sub.id} className="mt-3" data-testid="event-subcategory">
                    <p className="text-sm font-semibold">{sub.name}</p>
                    {sub.services.length > 0 && (
                      <ul className="mt-1 flex flex-wrap gap-2">
                        {sub.services.map((s) => <li key={s.id} className="rounded-full bg-surface-2 px-3 py-1 text-sm" data-testid="event-service">{s.name}</li>)}
                      </ul>
                    )}
                  </div>
                ))}
              </li>
            ))}
          </ul>
        )}
      </section>

      {description.trim() && (
        <section aria-labelledby="event-description-title">
          <Heading id="event-description-title" className="text-lg font-semibold"><Trans>Description</Trans></Heading>
          <p className="mt-2 whitespace-pre-line">{description}</p>
        </section>
      )}
    </div>
  );
}
