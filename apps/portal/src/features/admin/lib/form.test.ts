import { describe, expect, it } from 'vitest';
import { orNull, sameValue, serverFieldErrors, text, toInteger, validateFields, withoutError } from './form.ts';

describe('sameValue', () => {
  it('compares plain values deeply and ignores undefined fields', () => {
    expect(sameValue({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameValue({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: null }, { a: undefined })).toBe(false);
    expect(sameValue([], {})).toBe(false);
  });
});

describe('validateFields (spec §5 rules)', () => {
  it('checks required first, then numeric, email and url on non-empty values', () => {
    const errors = validateFields(
      { label: ' ', sort: '12a', mail: 'nope', url: 'javascript:alert(1)', home: '' },
      { label: ['required'], sort: ['required', 'numeric'], mail: ['email'], url: ['required', 'url'], home: ['url'] },
    );
    expect(errors.label).toEqual({ code: 'validations.required' });
    expect(errors.sort).toMatchObject({ code: 'validations.numeric' });
    expect(errors.mail).toMatchObject({ code: 'validations.email' });
    expect(errors.url).toMatchObject({ code: 'validations.url' });
    expect(errors.home).toBeUndefined();
  });

  it('accepts http and https URLs only', () => {
    expect(validateFields({ url: 'https://kitchen.example' }, { url: ['url'] })).toEqual({});
    expect(validateFields({ url: 'ftp://kitchen.example' }, { url: ['url'] }).url).toMatchObject({
      code: 'validations.url',
    });
  });
});

describe('server field errors', () => {
  const error = {
    kind: 'http',
    status: 400,
    httpStatus: 400,
    server: {
      code: '400',
      message: 'Ungültig',
      errors: [
        { message: 'URL ungültig', field: 'url' },
        { message: 'Header', field: 'webhook.headers.0.key' },
        { message: 'x', field: 'secret' },
      ],
    },
  } as const;
  it('maps field errors onto the form fields (and drops unknown fields when told which exist)', () => {
    expect(serverFieldErrors(error)).toEqual({
      url: { text: 'URL ungültig' },
      'webhook.headers.0.key': { text: 'Header' },
      secret: { text: 'x' },
    });
    expect(serverFieldErrors(error, ['url', 'webhook'])).toEqual({
      url: { text: 'URL ungültig' },
      'webhook.headers.0.key': { text: 'Header' },
    });
  });
  it('gives nothing for an error without field details', () => {
    expect(serverFieldErrors({ kind: 'unexpected', status: 500 })).toEqual({});
  });
  it('removes one error when the field changes', () => {
    const errors = { a: { text: 'x' }, b: { text: 'y' } };
    expect(withoutError(errors, 'a')).toEqual({ b: { text: 'y' } });
    expect(withoutError(errors, 'c')).toBe(errors);
  });
});

describe('text helpers', () => {
  it('turns null into empty text and empty text into null', () => {
    expect(text(null)).toBe('');
    expect(orNull('  ')).toBeNull();
    expect(orNull(' a ')).toBe('a');
    expect(toInteger(' 42 ')).toBe(42);
    expect(toInteger('x', 7)).toBe(7);
  });
});
