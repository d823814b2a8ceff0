import { proxy, subscribe } from 'valtio';
import { safeGet, safeSet } from '../api/storage';

export type Theme = 'dark' | 'light';

/** Dark (gold accent) by default; the choice is remembered. */
export const theme = proxy<{ current: Theme }>({ current: safeGet('local', 'theme') === 'light' ? 'light' : 'dark' });

function apply(value: Theme): void {
  document.documentElement.classList.toggle('light', value === 'light');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', value === 'light' ? '#fafaf9' : '#0f0f10');
}

apply(theme.current);
subscribe(theme, () => {
  safeSet('local', 'theme', theme.current);
  apply(theme.current);
});

export function toggleTheme(): void {
  theme.current = theme.current === 'dark' ? 'light' : 'dark';
}
