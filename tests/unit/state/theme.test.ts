import { describe, expect, it } from 'vitest';
import { initialTheme } from '../../../src/state/theme';

describe('the theme at start', () => {
  it('is the choice kept on this device, whatever the cookie says', () => {
    expect(initialTheme('dark', 'theme=light')).toBe('dark');
    expect(initialTheme('light', '')).toBe('light');
  });

  it("without a kept choice, is the cookie's (the theme a server-rendered page was drawn in)", () => {
    expect(initialTheme(null, 'theme=light')).toBe('light');
    expect(initialTheme(null, 'feedSeed=12; theme=light; locale=no')).toBe('light');
    expect(initialTheme(null, 'theme=dark')).toBe('dark');
  });

  it('is dark without either, or with a cookie that only looks like one', () => {
    expect(initialTheme(null, '')).toBe('dark');
    expect(initialTheme(null, 'mytheme=light')).toBe('dark');
    expect(initialTheme(null, 'theme=lightish')).toBe('dark');
    expect(initialTheme('purple', 'x=1')).toBe('dark');
  });
});
