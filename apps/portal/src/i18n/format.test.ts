import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format.ts';

describe('formatDate and formatNumber', () => {
  it('formats dates and numbers for the language', () => {
    expect(formatDate('de', '2026-03-05T12:00:00Z')).toBe('5. März 2026');
    expect(formatDate('en', '2026-03-05T12:00:00Z')).toBe('5 March 2026');
    expect(formatNumber('de', 1234.5)).toBe('1.234,5');
    expect(formatNumber('fr', 1234.5)).toMatch(/^1\s234,5$/);
    expect(formatDate('de', 'not a date')).toBe('');
  });
});
