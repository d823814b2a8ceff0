import { isoDate, parseIsoDay, validateDateRange } from '../../domain/statistics';
import type { StatisticsRange } from '../../api/statistics';

/**
 * The dashboard's date range lives in the query string, so a reload or a shared link keeps it:
 *
 * | param   | meaning                                               | default |
 * |---------|-------------------------------------------------------|---------|
 * | `range` | `7`, `30`, `90`, `365` (days up to today) or `custom` | `7`     |
 * | `from`  | first day of a custom range (YYYY-MM-DD)              | none    |
 * | `to`    | last day of a custom range (YYYY-MM-DD)               | none    |
 *
 * e.g. `/company-statistics?companyId=…&listingId=…&range=custom&from=2025-01-01&to=2025-03-31`.
 * Days are UTC days, as the server counts them.
 */
export type PresetDays = 7 | 30 | 90 | 365;
export type RangeChoice = { kind: 'preset'; days: PresetDays } | { kind: 'custom'; from: string; to: string };

export const PRESET_DAYS: readonly PresetDays[] = [7, 30, 90, 365];
export const DEFAULT_CHOICE = { kind: 'preset', days: 7 } as const satisfies RangeChoice;

const DAY_MS = 86_400_000;

/** The choice a query string holds; anything unknown is the default preset. */
export function readChoice(params: URLSearchParams): RangeChoice {
  const range = params.get('range');
  if (range === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    // A hand-edited custom range that does not validate opens as the custom form with those dates.
    return { kind: 'custom', from, to };
  }
  const days = Number(range);
  if ((PRESET_DAYS as readonly number[]).includes(days)) return { kind: 'preset', days: days as PresetDays };
  return DEFAULT_CHOICE;
}

/** Writes the choice into `params` (the default preset is left out of the address). */
export function writeChoice(params: URLSearchParams, choice: RangeChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('range');
  next.delete('from');
  next.delete('to');
  if (choice.kind === 'custom') {
    next.set('range', 'custom');
    next.set('from', choice.from);
    next.set('to', choice.to);
  } else if (choice.days !== DEFAULT_CHOICE.days) {
    next.set('range', String(choice.days));
  }
  return next;
}

/** The last `days` days up to today (UTC), both ends included. */
export function presetRange(days: PresetDays, now: Date): StatisticsRange {
  const end = parseIsoDay(isoDate(now))!;
  return { startDate: isoDate(new Date(end.getTime() - (days - 1) * DAY_MS)), endDate: isoDate(end) };
}

export type CustomRangeError = 'startMissing' | 'endMissing' | 'startInvalid' | 'endInvalid' | 'startAfterEnd' | 'tooLong';

/** A custom range's problems, per field (validateDateRange's rules); none when it can be asked for. */
export function customRangeErrors(from: string, to: string, now: Date): { start?: CustomRangeError; end?: CustomRangeError } {
  const errors: { start?: CustomRangeError; end?: CustomRangeError } = {};
  if (!from) errors.start = 'startMissing';
  else if (!parseIsoDay(from)) errors.start = 'startInvalid';
  if (!to) errors.end = 'endMissing';
  else if (!parseIsoDay(to)) errors.end = 'endInvalid';
  if (errors.start || errors.end) return errors;
  const result = validateDateRange(from, to, now);
  if (result.ok) return {};
  for (const error of result.errors) {
    if (error.field === 'startDate') errors.start = 'startAfterEnd';
    else errors.end = 'tooLong';
  }
  return errors;
}

/** The range a choice asks for, or null for a custom range that does not validate (nothing is fetched). */
export function rangeOf(choice: RangeChoice, now: Date): StatisticsRange | null {
  if (choice.kind === 'preset') return presetRange(choice.days, now);
  const errors = customRangeErrors(choice.from, choice.to, now);
  return errors.start || errors.end ? null : { startDate: choice.from, endDate: choice.to };
}

/** A choice in the saved views' keys: a preset by its name (its dates move with the days). */
const savedRange = (choice: RangeChoice) => (choice.kind === 'preset' ? `last-${choice.days}` : `custom:${choice.from}:${choice.to}`);

/** Where the counts of a choice are kept on the device. */
export function savedViewKey(companyId: string, listingId: string | null, choice: RangeChoice): string {
  return `statistics:${companyId}:${listingId ?? 'all'}:${savedRange(choice)}`;
}

/** Where the unique visitors of a choice are kept on the device (one answer for every listing choice). */
export function savedUniqueVisitorsKey(companyId: string, choice: RangeChoice): string {
  return `statistics-unique:${companyId}:${savedRange(choice)}`;
}
