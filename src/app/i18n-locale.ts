/**
 * The app's languages and how a language tag maps to one: shared by the app (src/app/i18n.ts) and
 * the server's rendering of public pages (server/ssr), so both pick the same language.
 */
export const LOCALES = ['en', 'no', 'sv'] as const;
export type AppLocale = (typeof LOCALES)[number];

export const FALLBACK_LOCALE: AppLocale = 'no';

/** The language the app shows, for the server's rendering of public pages (server/ssr). */
export const LOCALE_COOKIE = 'locale';

/**
 * Maps a BCP-47 tag to a supported locale: Norwegian variants -> 'no', Swedish (sv, sv-SE, sv-FI)
 * -> 'sv', English -> 'en', anything else -> 'no'.
 */
export function normalizeLocale(tag: string | null | undefined): AppLocale {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'en') return 'en';
  if (primary === 'sv') return 'sv';
  if (primary === 'no' || primary === 'nb' || primary === 'nn') return 'no';
  return FALLBACK_LOCALE;
}
