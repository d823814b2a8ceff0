import { isIsoDate } from '../../domain/events';

/** A YYYY-MM-DD date as that calendar day on this device (never shifted by the time zone), or null. */
export function localDay(iso: string | null | undefined): Date | null {
  if (!isIsoDate(iso)) return null;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** DD/MM/YYYY (spec 3 §2: event dates in some views), or null. */
export function dayMonthYear(iso: string | null | undefined): string | null {
  return isIsoDate(iso) ? iso.split('-').reverse().join('/') : null;
}

/** The end date is before the start date (the server refuses it). */
export const endsBeforeStart = (start: string | null, end: string | null) => isIsoDate(start) && isIsoDate(end) && end < start;
