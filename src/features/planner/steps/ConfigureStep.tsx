import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EVENT_LIMITS, isIsoDate, type EventConfig } from '../../../domain/events';
import { TextField, inputClass } from '../../../ui/TextField';
import { endsBeforeStart } from '../dates';

/** A whole number from a number input, or null when it is empty or not one. */
const wholeNumber = (raw: string): number | null => {
  if (raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? Math.trunc(n) : null;
};
const clamp = (n: number, max: number) => Math.min(Math.max(n, 0), max);

/** Step 2: name, dates (only valid ones are kept), attendees, budget in dollars and description. */
export function ConfigureStep({ config, onChange }: { config: EventConfig; onChange: (config: EventConfig) => void }) {
  const { t } = useLingui();
  const descriptionId = useId();
  const set = (patch: Partial<EventConfig>) => onChange({ ...config, ...patch });
  // A date input gives '' until its date is whole and real: only a valid date is kept.
  const date = (raw: string) => (isIsoDate(raw) ? raw : null);
  const order = endsBeforeStart(config.startDate, config.endDate);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField className="sm:col-span-2" label={t`Event Name`} name="eventName" required value={config.eventName}
        maxLength={EVENT_LIMITS.name} onChange={(e) => set({ eventName: e.target.value })} />
      <TextField label={t`Start Date`} name="startDate" type="date" required value={config.startDate ?? ''}
        onChange={(e) => set({ startDate: date(e.target.value) })} />
      <TextField label={t`End Date`} name="endDate" type="date" required value={config.endDate ?? ''} min={config.startDate ?? undefined}
        error={order ? t`The end date cannot be before the start date` : null}
        onChange={(e) => set({ endDate: date(e.target.value) })} />
      <TextField label={t`Number of Attendees`} name="numberOfAttendees" type="number" inputMode="numeric" required min={1}
        max={EVENT_LIMITS.attendeesMax} step={1} value={config.numberOfAttendees > 0 ? String(config.numberOfAttendees) : ''}
        onChange={(e) => set({ numberOfAttendees: clamp(wholeNumber(e.target.value) ?? 0, EVENT_LIMITS.attendeesMax) })} />
      <TextField label={t`Budget ($)`} name="budget" type="number" inputMode="numeric" min={0} max={EVENT_LIMITS.budgetMax} step={1}
        value={config.budget === null ? '' : String(config.budget)}
        onChange={(e) => {
          const n = wholeNumber(e.target.value);
          set({ budget: n === null ? null : clamp(n, EVENT_LIMITS.budgetMax) });
        }} />
      <div className="sm:col-span-2">
        <label htmlFor={descriptionId} className="mb-1 block text-sm font-medium text-fg"><Trans>Description</Trans></label>
        <textarea id={descriptionId} name="description" rows={4} maxLength={EVENT_LIMITS.description} className={inputClass}
          value={config.description} onChange={(e) => set({ description: e.target.value })} />
      </div>
    </div>
  );
}
