import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { avatarColor, avatarColorIndex, avatarInitials, avatarPalette, fullName, greeting } from './user.ts';

describe('fullName', () => {
  it.each([
    ['Dana', 'Dealer', 'Dana Dealer'],
    ['  Dana ', ' Dealer  ', 'Dana Dealer'],
    ['Dana', '', 'Dana'],
    ['', 'Dealer', 'Dealer'],
    [undefined, undefined, ''],
  ])('%j + %j = %j', (first, last, expected) => {
    expect(fullName(first, last)).toBe(expected);
  });
});

describe('avatarInitials', () => {
  it.each([
    ['Greta Gruber', 'GG'],
    ['Anna Maria von Berg', 'AB'],
    ['nora', 'N'],
    ['  ', ''],
    ['', ''],
    ['Łukasz   Żak', 'ŁŻ'],
    ['😀 smile', '😀S'],
  ])('%j → %j', (name, expected) => {
    expect(avatarInitials(name)).toBe(expected);
  });
});

describe('avatarColor', () => {
  it('is a token of the palette, stable for the same name, case and spacing insensitive', () => {
    expect(avatarPalette).toContain(avatarColor('Greta Gruber'));
    expect(avatarColor('Greta Gruber')).toBe(avatarColor(' greta gruber '));
  });

  it('spreads names over the palette', () => {
    const used = new Set(
      [
        'Greta Gruber',
        'Paul Planer',
        'Dana Dealer',
        'Chris Kunde',
        'Ilse Intern',
        'Nora Neu',
        'A',
        'B',
        'C',
        'D',
        'E',
        'F',
      ].map(avatarColor),
    );
    expect(used.size).toBeGreaterThan(3);
  });

  it('gives an index within any palette size, and refuses a bad size', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 50 }), (name, size) => {
        const i = avatarColorIndex(name, size);
        return Number.isInteger(i) && i >= 0 && i < size;
      }),
    );
    expect(() => avatarColorIndex('x', 0)).toThrow(RangeError);
  });
});

describe('greeting', () => {
  it.each([
    [0, 'evening'],
    [4, 'evening'],
    [5, 'morning'],
    [11, 'morning'],
    [12, 'day'],
    [17, 'day'],
    [18, 'evening'],
    [23, 'evening'],
  ] as const)('hour %i → %s', (hour, expected) => {
    expect(greeting(hour)).toBe(expected);
  });
});
