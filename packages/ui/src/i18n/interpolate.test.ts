import { describe, expect, it } from 'vitest';
import { createUiT, flattenKeys, interpolate, placeholders } from './interpolate.ts';

describe('interpolate', () => {
  it('replaces {name} placeholders and leaves unknown ones', () => {
    expect(interpolate('{from}–{to} von {total}', { from: 1, to: 25, total: 123 })).toBe('1–25 von 123');
    expect(interpolate('Fehler {code}', {})).toBe('Fehler {code}');
    expect(interpolate('Fehler {code}')).toBe('Fehler {code}');
  });

  it('translates dotted keys, falls back to German, then to the key', () => {
    const t = createUiT({ a: { b: 'B {x}' } }, { a: { c: 'C' } });
    expect(t('a.b', { x: 1 })).toBe('B 1');
    expect(t('a.c')).toBe('C');
    expect(t('a.missing')).toBe('a.missing');
    expect(t('a')).toBe('a');
  });

  it('lists keys and placeholders', () => {
    expect(flattenKeys({ b: 'x', a: { d: 'y', c: 'z' } })).toEqual(['a.c', 'a.d', 'b']);
    expect(placeholders('{b} {a} {b}')).toEqual(['a', 'b']);
  });
});
