import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { initI18n, LOCALE_STORAGE_KEY, PSEUDO_LOCALE } from '../../../src/app/i18n';

describe('the pseudo-locale outside layout QA (src/app/i18n.ts)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    window.sessionStorage.clear();
    window.localStorage.removeItem(LOCALE_STORAGE_KEY);
  });

  it('?locale=en-XA on a server that does not serve its catalog gives the visitor’s own language, and is not asked for again', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'sv');
    window.history.replaceState(null, '', `/login?locale=${PSEUDO_LOCALE}`);
    await expect(initI18n()).resolves.toBe('sv');
    expect(i18n.locale).toBe('sv');
    expect(window.sessionStorage.getItem('pseudo-locale')).toBeNull();
  });

  it('is never detected from a browser language or a stored choice', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, PSEUDO_LOCALE);
    await expect(initI18n()).resolves.toBe('en');
  });
});
