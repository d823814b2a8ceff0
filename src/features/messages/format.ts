/** Times and days of the messages screen, in the device's time zone and the app's language. */

const timeFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function cached<T>(map: Map<string, T>, locale: string, make: () => T): T {
  let format = map.get(locale);
  if (!format) {
    format = make();
    map.set(locale, format);
  }
  return format;
}

const valid = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A message's time of day (14:05). */
export function formatTime(iso: string, locale: string): string {
  const date = valid(iso);
  if (!date) return '';
  return cached(timeFormats, locale, () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' })).format(date);
}

/** The calendar day a message belongs to (grouping key), in local time. */
export function dayKey(iso: string): string {
  const date = valid(iso);
  if (!date) return '';
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** 'today' / 'yesterday' for the two nearest days, otherwise the date written out. */
export function dayLabel(iso: string, locale: string, now: Date): { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string } {
  const date = valid(iso);
  if (!date) return { kind: 'date', text: '' };
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return { kind: 'today' };
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return { kind: 'yesterday' };
  return {
    kind: 'date',
    text: cached(dayFormats, locale, () => new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })).format(date),
  };
}

/**
 * How long ago, for the chat list: "now"/"5 min ago"/"3 hours ago"/"2 days ago", then the date
 * (a week-old chat reads better as a date than as "9 days ago").
 */
export function relativeTime(iso: string, locale: string, now: Date): string {
  const date = valid(iso);
  if (!date) return '';
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const rtf = cached(relativeFormats, locale, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }));
  const past = -seconds;
  if (past < 60) return rtf.format(0, 'second');
  if (past < 3600) return rtf.format(-Math.floor(past / 60), 'minute');
  if (past < 86400) return rtf.format(-Math.floor(past / 3600), 'hour');
  if (past < 7 * 86400) return rtf.format(-Math.floor(past / 86400), 'day');
  return cached(dayFormats, `${locale}:short`, () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' })).format(date);
}
