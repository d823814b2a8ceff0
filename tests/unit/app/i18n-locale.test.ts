import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLocale, LOCALE_STORAGE_KEY, normalizeLocale } from '../../../src/app/i18n';

describe('normalizeLocale', () => {
  it.each([
    ['sv', 'sv'], ['sv-SE', 'sv'], ['sv-FI', 'sv'], ['SV_se', 'sv'],
    ['no', 'no'], ['nb', 'no'], ['nb-NO', 'no'], ['nn', 'no'], ['nn-NO', 'no'],
    ['en', 'en'], ['en-GB', 'en'], ['en-US', 'en'],
  ] as const)('%s -> %s', (tag, locale) => {
    expect(normalizeLocale(tag)).toBe(locale);
  });

  it.each([['da-DK'], ['de'], [''], [null], [undefined], ['svenska']])('falls back to Norwegian for %s', (tag) => {
    expect(normalizeLocale(tag)).toBe('no');
  });
});

describe('detectLocale', () => {
  afterEach(() => {
    localStorage.removeItem(LOCALE_STORAGE_KEY);
    vi.restoreAllMocks();
  });

  it.each([['sv-SE', 'sv'], ['sv-FI', 'sv'], ['sv', 'sv'], ['nb-NO', 'no'], ['en-US', 'en'], ['fi-FI', 'no']] as const)(
    'picks %s browsers -> %s when nothing is stored', (language, locale) => {
      vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
      expect(detectLocale()).toBe(locale);
    });

  it('prefers the stored choice over the browser language', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('nb-NO');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'sv');
    expect(detectLocale()).toBe('sv');
  });
});
