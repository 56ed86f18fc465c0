import { describe, expect, it } from 'vitest';
import {
  accepts,
  array,
  boolean,
  decodeOrUndefined,
  finite,
  literals,
  number,
  optional,
  string,
  struct,
  union,
  unknownValue,
} from './decode.ts';

describe('decoders: scalars', () => {
  it('string: type, length in UTF-16 units, pattern', () => {
    expect(decodeOrUndefined(string(), '')).toBe('');
    expect(decodeOrUndefined(string(), 1)).toBeUndefined();
    expect(decodeOrUndefined(string(), new String('x'))).toBeUndefined();
    expect(decodeOrUndefined(string({ minLength: 1 }), '')).toBeUndefined();
    expect(decodeOrUndefined(string({ maxLength: 1 }), '😀')).toBeUndefined();
    expect(decodeOrUndefined(string({ maxLength: 2 }), '😀')).toBe('😀');
    expect(decodeOrUndefined(string({ pattern: /^[a-z]+$/ }), 'abc')).toBe('abc');
    expect(decodeOrUndefined(string({ pattern: /^[a-z]+$/ }), 'ab1')).toBeUndefined();
  });
  it('finite refuses NaN and infinities and honours bounds; number does not check', () => {
    expect(decodeOrUndefined(finite(), -0)).toBe(-0);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '1', null, undefined]) {
      expect(decodeOrUndefined(finite(), bad)).toBeUndefined();
    }
    expect(decodeOrUndefined(finite({ min: 0, max: 10 }), 0)).toBe(0);
    expect(decodeOrUndefined(finite({ min: 0, max: 10 }), 10)).toBe(10);
    expect(decodeOrUndefined(finite({ min: 0, max: 10 }), -1)).toBeUndefined();
    expect(decodeOrUndefined(finite({ min: 0, max: 10 }), 11)).toBeUndefined();
    expect(decodeOrUndefined(finite({ greaterThan: 0 }), 0)).toBeUndefined();
    expect(decodeOrUndefined(number, Number.NaN)).toBeNaN();
    expect(decodeOrUndefined(number, '1')).toBeUndefined();
  });
  it('boolean, literals, unknown', () => {
    expect(decodeOrUndefined(boolean, false)).toBe(false);
    expect(decodeOrUndefined(boolean, 0)).toBeUndefined();
    expect(decodeOrUndefined(literals(['a', 'b']), 'b')).toBe('b');
    expect(decodeOrUndefined(literals(['a', 'b']), 'c')).toBeUndefined();
    expect(accepts(unknownValue, undefined)).toBe(true);
  });
});

describe('decoders: arrays and unions', () => {
  it('array: a real array, every element, at most maxLength, copied', () => {
    const input = ['a', 'b'];
    const decoded = decodeOrUndefined(array(string()), input);
    expect(decoded).toEqual(['a', 'b']);
    expect(decoded).not.toBe(input);
    expect(decodeOrUndefined(array(string()), ['a', 1])).toBeUndefined();
    expect(decodeOrUndefined(array(string()), { 0: 'a', length: 1 })).toBeUndefined();
    // eslint-disable-next-line no-sparse-arrays -- a hole is undefined, not a string
    expect(decodeOrUndefined(array(string()), ['a', , 'b'])).toBeUndefined();
    expect(decodeOrUndefined(array(string(), 1), ['a', 'b'])).toBeUndefined();
    expect(decodeOrUndefined(array(string(), 1), ['a'])).toEqual(['a']);
  });
  it('union: the first member that accepts', () => {
    const decoder = union(string(), array(string()));
    expect(decodeOrUndefined(decoder, 'a')).toBe('a');
    expect(decodeOrUndefined(decoder, ['a'])).toEqual(['a']);
    expect(decodeOrUndefined(decoder, 1)).toBeUndefined();
  });
});

describe('decoders: structs', () => {
  const decoder = struct({ id: string(), any: unknownValue, note: optional(string()) });
  it('keeps the named keys that were present, drops the others', () => {
    expect(decodeOrUndefined(decoder, { id: 'a', any: 1, extra: true })).toStrictEqual({ id: 'a', any: 1 });
    expect(decodeOrUndefined(decoder, { id: 'a', any: null, note: 'n' })).toStrictEqual({
      id: 'a',
      any: null,
      note: 'n',
    });
  });
  it('an optional key may be absent or undefined (kept), never of another type', () => {
    expect(decodeOrUndefined(decoder, { id: 'a', any: 1, note: undefined })).toStrictEqual({
      id: 'a',
      any: 1,
      note: undefined,
    });
    expect(decodeOrUndefined(decoder, { id: 'a', any: 1, note: null })).toBeUndefined();
    expect(decodeOrUndefined(decoder, { id: 'a', any: 1, note: 7 })).toBeUndefined();
  });
  it('a required key must be present, even an unknown one', () => {
    expect(decodeOrUndefined(decoder, { any: 1 })).toBeUndefined();
    expect(decodeOrUndefined(decoder, { id: 'a' })).toBeUndefined();
    expect(decodeOrUndefined(decoder, { id: 'a', any: undefined })).toStrictEqual({ id: 'a', any: undefined });
    expect(decodeOrUndefined(decoder, { id: 1, any: 1 })).toBeUndefined();
  });
  it('accepts objects only (no null, arrays, functions or primitives); inherited keys count', () => {
    for (const bad of [null, undefined, 'x', 1, [], ['a'], () => 'a'])
      expect(decodeOrUndefined(decoder, bad)).toBeUndefined();
    expect(decodeOrUndefined(decoder, Object.create({ id: 'a', any: 1 }) as unknown)).toStrictEqual({
      id: 'a',
      any: 1,
    });
  });
  it('nests', () => {
    const nested = struct({ inner: struct({ n: finite() }), list: optional(array(struct({ k: literals(['x']) }))) });
    expect(decodeOrUndefined(nested, { inner: { n: 1 }, list: [{ k: 'x' }] })).toEqual({
      inner: { n: 1 },
      list: [{ k: 'x' }],
    });
    expect(decodeOrUndefined(nested, { inner: { n: 1 }, list: [{ k: 'y' }] })).toBeUndefined();
    expect(decodeOrUndefined(nested, { inner: {} })).toBeUndefined();
  });
});
