import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { EVENT_FILTERS, type EventFilter } from './filters';

/** The planner's status filter as a radio group: arrow keys move between options, the choice is announced. */
export function StatusFilter({ value, onChange }: { value: EventFilter; onChange: (filter: EventFilter) => void }) {
  const { i18n } = useLingui();
  return (
    <fieldset className="flex flex-wrap items-center gap-2" data-testid="status-filter">
      <legend className="sr-only"><Trans>Show events</Trans></legend>
      <div className="flex flex-wrap gap-2">
        {EVENT_FILTERS.map((filter) => (
          <label key={filter.value}
            className={`cursor-pointer rounded-full border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${value === filter.value ? 'border-accent bg-accent font-semibold text-on-accent' : 'border-border bg-surface text-fg hover:bg-surface-2'}`}>
            <input type="radio" name="planner-status-filter" value={filter.value} checked={value === filter.value}
              onChange={() => onChange(filter.value)} className="sr-only" />
            {i18n._(filter.label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
