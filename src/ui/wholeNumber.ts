/**
 * Whole numbers grouped by thousands as Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
 * writes them, without Intl for the app's own locales. A page's first NumberFormat loads ICU's
 * number data: 12–39 ms in this Chromium, unthrottled, inside the hydration of the first grid of
 * priced cards (bench/README.md, "Session 14"). The separators are ICU's: a comma in English, a
 * no-break space (U+00A0) in Norwegian and Swedish.
 */
const GROUP_SEPARATORS: ReadonlyMap<string, string> = new Map([['en', ','], ['no', '\u00a0'], ['sv', '\u00a0']]);

// Any other locale (the pseudo-locale, a caller's own) is left to Intl, one formatter each.
const fallbackFormats = new Map<string, Intl.NumberFormat>();

function viaIntl(value: number, locale: string): string {
  let format = fallbackFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    fallbackFormats.set(locale, format);
  }
  return format.format(value);
}

/**
 * `value` rounded half up to a whole number (Intl's default for non-negative numbers) and grouped
 * by thousands in `locale`. Negative, non-finite and unsafe numbers go through Intl: its minus
 * sign and exponent handling differ by locale, and prices are never any of those.
 */
export function formatWholeNumber(value: number, locale: string): string {
  const separator = GROUP_SEPARATORS.get(locale);
  const whole = Math.round(value);
  if (separator === undefined || !(value >= 0) || !Number.isSafeInteger(whole)) return viaIntl(value, locale);
  // A separator before every digit followed by a multiple of three digits to the end.
  return String(whole).replace(/\B(?=(\d{3})+$)/g, separator);
}
