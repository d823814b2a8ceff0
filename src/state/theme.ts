import { proxy, subscribe } from 'valtio';
import { safeGet, safeSet } from '../api/storage';
import { THEME_STORAGE_KEY } from '../api/storage-keys';
import { cookieValue, THEME_COOKIE } from '../domain/ssr';

export type Theme = 'dark' | 'light';

/**
 * The choice kept on this device; without one, the theme cookie's (what a server-rendered page
 * was drawn in: only the cookie may have survived a cleared storage), else dark.
 */
export function initialTheme(kept: string | null, cookie: string): Theme {
  if (kept === 'light' || kept === 'dark') return kept;
  return cookieValue(cookie, THEME_COOKIE) === 'light' ? 'light' : 'dark';
}

/** Dark (gold accent) by default; the choice is remembered. */
export const theme = proxy<{ current: Theme }>({
  current: initialTheme(safeGet('local', THEME_STORAGE_KEY), typeof document === 'undefined' ? '' : document.cookie),
});

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function apply(value: Theme): void {
  if (typeof document === 'undefined') return; // rendered on the server: it decides the class itself
  // The server renders public pages in this theme (server/ssr): <html> has the right class before any script runs.
  document.cookie = `${THEME_COOKIE}=${value}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  document.documentElement.classList.toggle('light', value === 'light');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', value === 'light' ? '#fafaf9' : '#0f0f10');
}

apply(theme.current);
subscribe(theme, () => {
  safeSet('local', THEME_STORAGE_KEY, theme.current);
  apply(theme.current);
});

export function toggleTheme(): void {
  theme.current = theme.current === 'dark' ? 'light' : 'dark';
}
