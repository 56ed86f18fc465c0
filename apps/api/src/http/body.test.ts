import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDuplicateKey, validate } from './body.ts';
import { ApiError } from './errors.ts';

describe('findDuplicateKey', () => {
  it('finds duplicates at any depth and ignores repeated values and keys in other objects', () => {
    expect(findDuplicateKey('{"a":1,"a":2}')).toBe('a');
    expect(findDuplicateKey('{"x":[{"b":1,"c":{"d":1,"d":2}}]}')).toBe('d');
    expect(findDuplicateKey('{"a":"a","b":{"a":1},"c":[{"a":1},{"a":2}]}')).toBeUndefined();
    expect(findDuplicateKey('{"\\u0061":1,"a":2}')).toBe('a');
    expect(findDuplicateKey('{"a\\"":1,"b":"\\"a"}')).toBeUndefined();
  });

  it('agrees with JSON.parse on documents without duplicates', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(findDuplicateKey(JSON.stringify(value))).toBeUndefined();
      }),
    );
  });
});

describe('problemsOf (#17.18)', () => {
  const problems = (value: unknown) => {
    try {
      validate('ProfileInput', value);
    } catch (error) {
      if (error instanceof ApiError) return error.problems;
      throw error;
    }
    return [];
  };

  it('an empty text where one is needed is required, not an invalid value', () => {
    expect(problems({ firstName: '', lastName: 'Decker', language: 'de' })).toEqual([
      { key: 'required', field: 'firstName' },
    ]);
    expect(problems({ lastName: 'Decker', language: 'de' })).toEqual([{ key: 'required', field: 'firstName' }]);
    expect(problems({ firstName: 'x'.repeat(101), lastName: 'Decker', language: 'de' })).toEqual([
      { key: 'tooLong', field: 'firstName', args: ['', 100] },
    ]);
  });
});
