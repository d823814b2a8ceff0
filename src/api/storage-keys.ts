/**
 * The web-storage keys read before the app's modules run, as well as by them: the start snapshot's
 * inline script (src/ui/start-snapshot-script.ts) checks a snapshot against the same values the
 * app keeps here, so both sides name them from one place.
 */
/** The signed-in session (local storage when remembered, session storage otherwise): src/state/session.ts. */
export const AUTH_STORAGE_KEY = 'auth';
/** The language chosen on this device: src/app/i18n.ts. */
export const LOCALE_STORAGE_KEY = 'locale';
/** The theme chosen on this device: src/state/theme.ts. */
export const THEME_STORAGE_KEY = 'theme';
/** The start page as last drawn, shown at once by an offline start: src/ui/start-snapshot.ts. */
export const START_SNAPSHOT_STORAGE_KEY = 'start-snapshot';
