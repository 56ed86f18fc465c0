import { describe, expect, it } from 'vitest';
import { themeAttribute, toTheme } from './theme.ts';

describe('the colour scheme', () => {
  it("reads a chosen theme and falls back to the system's", () => {
    expect(toTheme('dark')).toBe('dark');
    expect(toTheme('light')).toBe('light');
    for (const other of [undefined, '', 'DARK', 'blue', '"><script>', 1]) expect(toTheme(other)).toBe('system');
  });

  it('names the attribute of <html> only for a forced theme', () => {
    expect(themeAttribute('dark')).toBe('dark');
    expect(themeAttribute('light')).toBe('light');
    expect(themeAttribute('system')).toBeUndefined();
  });
});
