import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Branding } from '@portal/contract/validators';
import { decodeApplicationBranding, decodeAuthCheckResult, invalidAnswer } from './api-schemas.ts';
import { toPortalError } from '../errors/errors.ts';

describe('API answer decoders', () => {
  it('accept well-formed answers', () => {
    expect(decodeAuthCheckResult({ status: 'ok', applicationId: 'a1', url: 'http://x' })).toEqual({
      status: 'ok',
      applicationId: 'a1',
      url: 'http://x',
    });
    expect(
      decodeAuthCheckResult({
        status: 'missingAttributes',
        applicationId: 'a1',
        attributes: [{ attributeId: 'x', key: 'k', dataType: 'STRING', required: true }],
      }).status,
    ).toBe('missingAttributes');
    expect(decodeAuthCheckResult({ status: 'customFlow', applicationId: 'a1', flowKey: 'f' }).status).toBe(
      'customFlow',
    );
    expect(
      decodeAuthCheckResult({ status: 'noAccess', applicationId: 'a1', internal: true, requested: false }).status,
    ).toBe('noAccess');
    expect(decodeApplicationBranding({ clientId: 'c', label: 'L' })).toEqual({ clientId: 'c', label: 'L' });
  });
  it.each([
    ['an unknown status', () => decodeAuthCheckResult({ status: 'maybe', applicationId: 'a1' })],
    ['null', () => decodeAuthCheckResult(null)],
    ['HTML', () => decodeApplicationBranding('<html>')],
  ])('refuse %s with invalidAnswer', (_label, run) => {
    expect(run).toThrow();
    try {
      run();
    } catch (error) {
      expect(toPortalError(error)).toBe(invalidAnswer);
    }
  });
});

const requiredOf: readonly [string, Readonly<Record<string, unknown>>, (raw: unknown) => unknown, readonly string[]][] =
  [
    [
      'AuthCheck ok',
      { status: 'ok', applicationId: 'a1', url: 'http://x' },
      decodeAuthCheckResult,
      ['status', 'applicationId', 'url'],
    ],
    [
      'AuthCheck missingAttributes',
      { status: 'missingAttributes', applicationId: 'a1', attributes: [] },
      decodeAuthCheckResult,
      ['applicationId', 'attributes'],
    ],
    [
      'AuthCheck customFlow',
      { status: 'customFlow', applicationId: 'a1', flowKey: 'f' },
      decodeAuthCheckResult,
      ['applicationId', 'flowKey'],
    ],
    [
      'AuthCheck noAccess',
      { status: 'noAccess', applicationId: 'a1', internal: true, requested: false },
      decodeAuthCheckResult,
      ['applicationId', 'internal', 'requested'],
    ],
    ['branding', { clientId: 'c', label: 'L' }, decodeApplicationBranding, ['clientId', 'label']],
  ];

describe('rejection paths: every required field missing or ill-typed', () => {
  it.each(
    requiredOf.flatMap(([name, good, decode, keys]) =>
      keys.flatMap((key) => [
        [
          `${name} without ${key}`,
          Object.fromEntries(Object.entries(good).filter(([k]) => k !== key)),
          decode,
        ] as const,
        [`${name} with ${key} = {}`, { ...good, [key]: {} }, decode] as const,
      ]),
    ),
  )('%s → invalidAnswer', (_label, raw, decode) => {
    expect(() => decode(raw)).toThrow(expect.objectContaining({ error: invalidAnswer }));
  });
  it.each([
    ['an empty id', () => decodeApplicationBranding({ clientId: '', label: 'L' })],
    ['an overlong id', () => decodeApplicationBranding({ clientId: 'c'.repeat(201), label: 'L' })],
    ['an overlong text', () => decodeApplicationBranding({ clientId: 'c', label: 'L'.repeat(4097) })],
    ['a logo that is not text', () => decodeApplicationBranding({ clientId: 'c', label: 'L', logoUrl: 1 })],
    [
      'an attribute without required',
      () =>
        decodeAuthCheckResult({
          status: 'missingAttributes',
          applicationId: 'a',
          attributes: [{ attributeId: 'x', key: 'k', dataType: 'S' }],
        }),
    ],
    [
      '201 attributes',
      () =>
        decodeAuthCheckResult({
          status: 'missingAttributes',
          applicationId: 'a',
          attributes: Array.from({ length: 201 }, () => ({
            attributeId: 'x',
            key: 'k',
            dataType: 'S',
            required: false,
          })),
        }),
    ],
  ])('refuse %s', (_label, run) => {
    expect(run).toThrow(expect.objectContaining({ error: invalidAnswer }));
  });
});

describe('answers with nulls and extra fields', () => {
  it("treats null as absent and drops fields core does not name (the decoder's type is the domain type)", () => {
    expect(decodeApplicationBranding({ clientId: 'c', label: 'L', logoUrl: null, url: null, theme: 'dark' })).toEqual({
      clientId: 'c',
      label: 'L',
    });
    expect(
      decodeAuthCheckResult({
        status: 'missingAttributes',
        applicationId: 'a',
        attributes: [{ attributeId: 'x', key: 'k', dataType: 'STRING', required: true, label: null }],
      }),
    ).toEqual({
      status: 'missingAttributes',
      applicationId: 'a',
      attributes: [{ attributeId: 'x', key: 'k', dataType: 'STRING', required: true }],
    });
  });
  it('does not go deeper than needed', async () => {
    const { withoutNulls } = await import('./api-schemas.ts');
    expect(withoutNulls({ a: { b: { c: { d: { e: null } } } } })).toEqual({ a: { b: { c: { d: { e: null } } } } });
    expect(withoutNulls('x')).toBe('x');
  });
});

describe('the branding decoder against the generated validator (ADR 0015)', () => {
  // Wire-shaped samples: each key present or not, of the right type or not; core's decoder reads them with the client id beside.
  const value = fc.oneof(fc.string({ maxLength: 40 }), fc.constant(null), fc.integer(), fc.boolean(), fc.constant({}));
  const wire = fc.record({ label: value, logoUrl: value, url: value }, { requiredKeys: [] });
  const coreAccepts = (sample: object) => {
    try {
      decodeApplicationBranding({ clientId: 'c', ...sample });
      return true;
    } catch (error) {
      expect(toPortalError(error)).toBe(invalidAnswer);
      return false;
    }
  };

  it('accepts every answer the contract accepts, with the same values', () => {
    fc.assert(
      fc.property(wire, (sample) => {
        if (!Branding(sample)) return;
        expect(decodeApplicationBranding({ clientId: 'c', ...sample })).toEqual({
          clientId: 'c',
          label: sample.label,
          url: sample.url,
          ...(sample.logoUrl === null ? {} : { logoUrl: sample.logoUrl }),
        });
      }),
      { numRuns: 500 },
    );
  });

  it('accepts and refuses alike when every key is sent (core takes a missing or null address as absent, the contract does not)', () => {
    fc.assert(
      fc.property(fc.record({ label: value, logoUrl: value, url: value }), (sample) => {
        fc.pre(sample.url !== null);
        expect(coreAccepts(sample)).toBe(Branding(sample));
      }),
      { numRuns: 500 },
    );
  });
});
