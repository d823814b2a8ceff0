import { i18n, type Messages } from '@lingui/core';
// English ships in the main bundle so a first, offline visit always has text.
import { messages as enMessages } from '../locales/en/messages.po';

export const LOCALES = ['en', 'no'] as const;
export type AppLocale = (typeof LOCALES)[number];

export const LOCALE_STORAGE_KEY = 'locale';
const FALLBACK_LOCALE: AppLocale = 'no';

/** Maps a BCP-47 tag to a supported locale: Norwegian variants -> 'no', English -> 'en', else 'no'. */
export function normalizeLocale(tag: string | null | undefined): AppLocale {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'en') return 'en';
  if (primary === 'no' || primary === 'nb' || primary === 'nn') return 'no';
  return FALLBACK_LOCALE;
}

function readStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

/** The stored choice wins; otherwise the browser language decides. */
export function detectLocale(): AppLocale {
  const stored = readStoredLocale();
  if (stored) return normalizeLocale(stored);
  return normalizeLocale(typeof navigator === 'undefined' ? undefined : navigator.language);
}

async function loadMessages(locale: AppLocale): Promise<Messages> {
  if (locale === 'en') return enMessages;
  const { messages } = await import('../locales/no/messages.po');
  return messages;
}

/** Loads the catalog for the detected locale and activates it. Resolves with the active locale. */
export async function initI18n(locale: AppLocale = detectLocale()): Promise<AppLocale> {
  let active = locale;
  let messages: Messages;
  try {
    messages = await loadMessages(locale);
  } catch {
    // The Norwegian chunk could not be fetched (e.g. offline before it was cached): use English.
    active = 'en';
    messages = enMessages;
  }
  i18n.loadAndActivate({ locale: active, messages });
  document.documentElement.lang = active;
  return active;
}

/** Stores the user's choice and reloads so every module starts in the new language. */
export function changeLocale(locale: AppLocale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Without storage the choice would not survive a reload: switch in place instead.
    void initI18n(locale);
    return;
  }
  window.location.reload();
}

export { i18n };
