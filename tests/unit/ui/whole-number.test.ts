import { describe, expect, it } from 'vitest';
import { formatWholeNumber } from '../../../src/ui/wholeNumber';

const intl = (value: number, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);

describe('formatWholeNumber', () => {
  it('writes what Intl.NumberFormat writes for en, no and sv', () => {
    const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 12_345, 99_999, 100_000, 123_456, 999_999, 1_000_000,
      1_234_567, 75_000, 2 ** 31, Number.MAX_SAFE_INTEGER - 1, 0.4, 0.5, 1.5, 2.5, 999.5, 999_999.49, 1234.5678];
    for (const locale of ['en', 'no', 'sv']) {
      for (const value of values) expect(formatWholeNumber(value, locale), `${value} in ${locale}`).toBe(intl(value, locale));
    }
  });

  it('groups with a comma in English and a no-break space in Norwegian and Swedish', () => {
    expect(formatWholeNumber(1_234_567, 'en')).toBe('1,234,567');
    expect(formatWholeNumber(1_234_567, 'no')).toBe('1\u00a0234\u00a0567');
    expect(formatWholeNumber(1_234_567, 'sv')).toBe('1\u00a0234\u00a0567');
    expect(formatWholeNumber(999, 'no')).toBe('999');
  });

  it('leaves other locales, negative, non-finite and unsafe numbers to Intl', () => {
    // A name an object has by inheritance is not a locale with a separator.
    expect(() => formatWholeNumber(1234, 'constructor')).toThrow(RangeError);
    for (const [value, locale] of [[1234, 'en-XA'], [1234, 'de'], [-1234, 'no'], [-0.5, 'en'], [Number.NaN, 'en'], [Infinity, 'no'],
      [1e21, 'en'], [2 ** 60, 'sv'], [1234, 'en-US']] as const) {
      expect(formatWholeNumber(value, locale), `${value} in ${locale}`).toBe(intl(value, locale));
    }
  });
});
