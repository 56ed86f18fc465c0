import { describe, expect, it } from 'vitest';
import { isUsed, usageRest } from './usage.ts';

describe('usage', () => {
  it('counts the ones not named and tells whether anything uses the entity', () => {
    expect(
      usageRest({
        kind: 'USER',
        count: 31,
        first: [
          { id: '1', label: 'A' },
          { id: '2', label: 'B' },
        ],
      }),
    ).toBe(29);
    expect(usageRest({ kind: 'APPLICATION', count: 1, first: [{ id: '1', label: 'A' }] })).toBe(0);
    expect(isUsed([])).toBe(false);
    expect(isUsed([{ kind: 'APPLICATION', count: 1, first: [{ id: '1', label: 'A' }] }])).toBe(true);
  });
});
