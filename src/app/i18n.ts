import { i18n, type Messages } from '@lingui/core';
// English ships in the main bundle so a first, offline visit always has text. Only the shell's
// half of it: the messages of the top bar, footer, home screen and what they open
// (scripts/catalog-split.ts); the other screens bring the rest with them (withCatalog).
import { messages as enShell } from 'virtual:catalog/en/shell';

import { LOCALE_STORAGE_KEY } from '../api/storage-keys';
import { LOCALE_COOKIE, normalizeLocale, type AppLocale } from './i18n-locale';

export { LOCALES, LOCALE_COOKIE, normalizeLocale, type AppLocale } from './i18n-locale';

export { LOCALE_STORAGE_KEY };

/**
 * Layout QA: English accented and padded ~35 % longer (scripts/pseudo-locale.ts), Android's and
 * Chrome's tag for it. Not in LOCALES, so the footer never offers it and no browser language picks
 * it: only ?locale=en-XA asks for it, and only a server started with PSEUDO_LOCALE serves its
 * catalog (anywhere else the visitor's own language is used).
 */
export const PSEUDO_LOCALE = 'en-XA';
type ActiveLocale = AppLocale | typeof PSEUDO_LOCALE;
const PSEUDO_CATALOG_PATH = '/dev/pseudo-locale/messages.js';
/** Keeps the pseudo-locale for the tab once asked for, so a reload or a typed address stays in it. */
const PSEUDO_SESSION_KEY = 'pseudo-locale';

function readStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

function pseudoSession(keep: boolean | null): boolean {
  try {
    if (keep === true) window.sessionStorage.setItem(PSEUDO_SESSION_KEY, '1');
    if (keep === false) window.sessionStorage.removeItem(PSEUDO_SESSION_KEY);
    return window.sessionStorage.getItem(PSEUDO_SESSION_KEY) === '1';
  } catch {
    return keep === true; // storage disabled: the address alone decides
  }
}

/** ?locale=en-XA turns the pseudo-locale on for the tab; ?locale= anything else turns it off. */
function pseudoRequested(): boolean {
  const asked = new URLSearchParams(window.location.search).get('locale');
  return pseudoSession(asked === null ? null : asked === PSEUDO_LOCALE);
}

/** The stored choice wins; otherwise the browser language decides. */
export function detectLocale(): AppLocale {
  const stored = readStoredLocale();
  if (stored) return normalizeLocale(stored);
  return normalizeLocale(typeof navigator === 'undefined' ? undefined : navigator.language);
}

type CatalogModule = Promise<{ messages: Messages }>;
const catalogs: Record<ActiveLocale, { shell: () => CatalogModule; rest: () => CatalogModule }> = {
  en: { shell: async () => ({ messages: enShell }), rest: () => import('virtual:catalog/en/rest') },
  no: { shell: () => import('virtual:catalog/no/shell'), rest: () => import('virtual:catalog/no/rest') },
  sv: { shell: () => import('virtual:catalog/sv/shell'), rest: () => import('virtual:catalog/sv/rest') },
  // One whole catalog, served by the API (not part of the build): the address is made at run time
  // so the bundler leaves the import alone.
  [PSEUDO_LOCALE]: {
    shell: () => import(/* @vite-ignore */ new URL(PSEUDO_CATALOG_PATH, window.location.origin).href) as CatalogModule,
    rest: async () => ({ messages: {} }),
  },
};

let activeLocale: ActiveLocale = 'en';
/** The rest of each locale's catalog, loaded at most once (a failed load is forgotten, to be tried again). */
const restLoads = new Map<ActiveLocale, Promise<void>>();
/** The last initI18n: the rest of the catalog waits for it, so it is fetched for the right language. */
let initialised: Promise<unknown> = Promise.resolve();

function loadRest(locale: ActiveLocale): Promise<void> {
  let load = restLoads.get(locale);
  if (!load) {
    load = catalogs[locale].rest().then(({ messages }) => i18n.load(locale, messages));
    load.catch(() => restLoads.delete(locale));
    restLoads.set(locale, load);
  }
  return load;
}

/**
 * Loads the active locale's messages beyond the shell's. Called before initI18n has settled (a
 * screen preloaded at start-up), it waits for it.
 */
export function loadRestOfCatalog(): Promise<void> {
  return initialised.then(() => loadRest(activeLocale));
}

/** A lazy screen's loader that also waits for the messages beyond the shell's. */
export function withCatalog<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadRestOfCatalog()]).then(([loaded]) => loaded);
}

/**
 * Loads the shell catalog for the detected locale (or the pseudo-locale, when asked for) and
 * activates it. Resolves with the active locale.
 */
export function initI18n(locale: ActiveLocale = pseudoRequested() ? PSEUDO_LOCALE : detectLocale()): Promise<ActiveLocale> {
  const done = activate(locale);
  initialised = done.catch(() => undefined);
  return done;
}

async function activate(locale: ActiveLocale): Promise<ActiveLocale> {
  let active = locale;
  let messages: Messages;
  try {
    ({ messages } = await catalogs[locale].shell());
  } catch {
    if (locale === PSEUDO_LOCALE) {
      // Not served here (production): the visitor's own language, and no asking again in this tab.
      pseudoSession(false);
      return activate(detectLocale());
    }
    // The Norwegian or Swedish chunk could not be fetched (e.g. offline before it was cached): use English.
    active = 'en';
    messages = enShell;
  }
  // Merged, not replaced: a rest of this locale loaded earlier stays. Copied first, so the merge
  // never writes into a catalog module's export.
  i18n.load(active, { ...messages });
  // Switched in place (no storage to reload with): the screen on show needs all of its messages.
  if (restLoads.size > 0 && active !== activeLocale) await loadRest(active).catch(() => undefined);
  activeLocale = active;
  i18n.activate(active);
  document.documentElement.lang = active;
  // The server renders public pages in this language from now on (server/ssr reads the cookie).
  if (active !== PSEUDO_LOCALE) document.cookie = `${LOCALE_COOKIE}=${active}; path=/; max-age=${365 * 24 * 60 * 60}; samesite=lax`;
  return active;
}

/** Stores the user's choice and reloads so every module starts in the new language. */
export function changeLocale(locale: AppLocale): void {
  pseudoSession(false);
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
