import { i18n, type Messages } from '@lingui/core';
// English ships in the main bundle so a first, offline visit always has text. Only the shell's
// half of it: the messages of the top bar, footer, home screen and what they open
// (scripts/catalog-split.ts); the other screens bring the rest with them (withCatalog).
import { messages as enShell } from 'virtual:catalog/en/shell';

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

type CatalogModule = Promise<{ messages: Messages }>;
const catalogs: Record<AppLocale, { shell: () => CatalogModule; rest: () => CatalogModule }> = {
  en: { shell: async () => ({ messages: enShell }), rest: () => import('virtual:catalog/en/rest') },
  no: { shell: () => import('virtual:catalog/no/shell'), rest: () => import('virtual:catalog/no/rest') },
};

let activeLocale: AppLocale = 'en';
let restOfCatalog: Promise<void> | null = null;

/** Loads the active locale's messages beyond the shell's, once; a failed load is tried again next time. */
export function loadRestOfCatalog(): Promise<void> {
  restOfCatalog ??= (async () => {
    const locale = activeLocale;
    const { messages } = await catalogs[locale].rest();
    if (locale === activeLocale) i18n.load(locale, messages);
  })().catch((error: unknown) => {
    restOfCatalog = null;
    throw error;
  });
  return restOfCatalog;
}

/** A lazy screen's loader that also waits for the messages beyond the shell's. */
export function withCatalog<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadRestOfCatalog()]).then(([loaded]) => loaded);
}

/** Loads the shell catalog for the detected locale and activates it. Resolves with the active locale. */
export async function initI18n(locale: AppLocale = detectLocale()): Promise<AppLocale> {
  let active = locale;
  let messages: Messages;
  try {
    ({ messages } = await catalogs[locale].shell());
  } catch {
    // The Norwegian chunk could not be fetched (e.g. offline before it was cached): use English.
    active = 'en';
    messages = enShell;
  }
  const restWasLoaded = restOfCatalog !== null;
  activeLocale = active;
  restOfCatalog = null;
  // A copy: loading the rest later merges into the active object, which must not be a module's export.
  i18n.loadAndActivate({ locale: active, messages: { ...messages } });
  document.documentElement.lang = active;
  // Switched in place (no storage to reload with): the screen on show needs all of its messages.
  if (restWasLoaded) await loadRestOfCatalog().catch(() => undefined);
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
