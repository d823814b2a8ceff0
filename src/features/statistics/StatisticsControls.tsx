import { Trans, useLingui } from '@lingui/react/macro';
import { STATISTICS_MAX_YEARS } from '../../domain/statistics';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { customRangeErrors, PRESET_DAYS, type CustomRangeError, type PresetDays, type RangeChoice } from './range';
import type { StatisticsRange } from '../../api/statistics';

type ChoiceId = PresetDays | 'custom';

/** The date presets (spec 2: 7 days default, 30, 90, one year, custom) as one radio group. */
export function RangePicker({ choice, range, now, onChange }: {
  choice: RangeChoice;
  /** The range shown now, which a switch to Custom starts from. */
  range: StatisticsRange | null;
  now: Date;
  onChange: (next: RangeChoice) => void;
}) {
  const { t } = useLingui();
  const labels: Record<ChoiceId, string> = { 7: t`7 days`, 30: t`30 days`, 90: t`90 days`, 365: t`1 year`, custom: t`Custom` };
  const selected: ChoiceId = choice.kind === 'custom' ? 'custom' : choice.days;
  const pick = (id: ChoiceId) => {
    if (id === 'custom') onChange({ kind: 'custom', from: range?.startDate ?? '', to: range?.endDate ?? '' });
    else onChange({ kind: 'preset', days: id });
  };
  const errors = choice.kind === 'custom' ? customRangeErrors(choice.from, choice.to, now) : {};
  const message = (error: CustomRangeError | undefined): string | null => {
    switch (error) {
      case 'startMissing': return t`Enter a start date`;
      case 'endMissing': return t`Enter an end date`;
      case 'startInvalid':
      case 'endInvalid': return t`Enter a valid date (YYYY-MM-DD)`;
      case 'startAfterEnd': return t`The start date must not be after the end date`;
      case 'tooLong': return t`The range must be shorter than ${STATISTICS_MAX_YEARS} years`;
      default: return null;
    }
  };

  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-fg"><Trans>Date range</Trans></legend>
      <div className="flex flex-wrap gap-2" data-testid="range-presets">
        {[...PRESET_DAYS, 'custom' as const].map((id) => (
          <label key={id}
            className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-border bg-surface px-3 text-sm font-medium text-fg has-[:checked]:border-accent has-[:checked]:bg-accent has-[:checked]:text-on-accent has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent">
            <input type="radio" name="statistics-range" value={String(id)} checked={selected === id} onChange={() => pick(id)} className="sr-only" />
            {labels[id]}
          </label>
        ))}
      </div>
      {choice.kind === 'custom' && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2 sm:max-w-md" data-testid="custom-range">
          <TextField label={t`From`} type="date" value={choice.from} max={choice.to || undefined}
            error={message(errors.start)} onChange={(e) => onChange({ ...choice, from: e.target.value })} />
          <TextField label={t`To`} type="date" value={choice.to} min={choice.from || undefined}
            error={message(errors.end)} onChange={(e) => onChange({ ...choice, to: e.target.value })} />
        </div>
      )}
    </fieldset>
  );
}

/** 'All listings' and each of the company's listings; the choice is `listingId` in the address. */
export function ListingPicker({ listings, listingId, onChange }: {
  listings: { listingId: string; listingName: string }[];
  listingId: string | null;
  onChange: (listingId: string | null) => void;
}) {
  const { t } = useLingui();
  // A listing from the address that the answer does not name (yet, or any more) stays choosable.
  const unknown = listingId && !listings.some((l) => l.listingId === listingId);
  return (
    <SelectField label={t`Listing`} value={listingId ?? ''} className="sm:max-w-xs"
      onChange={(e) => onChange(e.target.value || null)}>
      <option value="">{t`All listings`}</option>
      {unknown && <option value={listingId}>{t`Selected listing`}</option>}
      {listings.map((l) => <option key={l.listingId} value={l.listingId}>{l.listingName}</option>)}
    </SelectField>
  );
}
