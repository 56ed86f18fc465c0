import { describe, expect, it } from 'vitest';
import { decodeAccessRequest, decodeApplicationBranding, decodeApplications, decodeAuthCheckResult, invalidAnswer } from './api-schemas.ts';

const app = {
  id: 'a1', label: 'Händlerbestellung', url: 'http://localhost:4002', sortNumber: 1, accessRequestRequired: false, accessRequestAllowed: true,
  internalCopyOfAccessRequests: false, roleRequiredOnAccessRequest: true, accessRequestsAmount: 3, internal: false,
  permissions: { manageAccessRequests: true },
};

describe('API answer decoders', () => {
  it('accept well-formed answers', () => {
    expect(decodeAuthCheckResult({ status: 'ok', applicationId: 'a1', url: 'http://x' })).toEqual({ status: 'ok', applicationId: 'a1', url: 'http://x' });
    expect(decodeAuthCheckResult({ status: 'missingAttributes', applicationId: 'a1', attributes: [{ attributeId: 'x', key: 'k', dataType: 'STRING', required: true }] }).status).toBe('missingAttributes');
    expect(decodeAuthCheckResult({ status: 'customFlow', applicationId: 'a1', flowKey: 'f' }).status).toBe('customFlow');
    expect(decodeAuthCheckResult({ status: 'noAccess', applicationId: 'a1', internal: true, requested: false }).status).toBe('noAccess');
    expect(decodeApplicationBranding({ clientId: 'c', label: 'L' })).toEqual({ clientId: 'c', label: 'L' });
    expect(decodeApplications([app])).toEqual([app]);
    expect(decodeAccessRequest({ id: 'r', applicationId: 'a', requestedAt: '2026-01-01', userId: 'u', status: 'OPEN' }).status).toBe('OPEN');
  });
  it.each([
    ['an unknown status', () => decodeAuthCheckResult({ status: 'maybe', applicationId: 'a1' })],
    ['null', () => decodeAuthCheckResult(null)],
    ['HTML', () => decodeApplicationBranding('<html>')],
    ['a list with a broken entry', () => decodeApplications([app, { ...app, sortNumber: 'first' }])],
    ['an unknown request status', () => decodeAccessRequest({ id: 'r', applicationId: 'a', requestedAt: 'x', userId: 'u', status: 'MAYBE' })],
  ])('refuse %s with invalidAnswer', (_label, run) => {
    expect(run).toThrow();
    try {
      run();
    } catch (error) {
      expect(error).toBe(invalidAnswer);
    }
  });
});

const requiredOf: readonly [string, Readonly<Record<string, unknown>>, (raw: unknown) => unknown, readonly string[]][] = [
  ['AuthCheck ok', { status: 'ok', applicationId: 'a1', url: 'http://x' }, decodeAuthCheckResult, ['status', 'applicationId', 'url']],
  ['AuthCheck missingAttributes', { status: 'missingAttributes', applicationId: 'a1', attributes: [] }, decodeAuthCheckResult, ['applicationId', 'attributes']],
  ['AuthCheck customFlow', { status: 'customFlow', applicationId: 'a1', flowKey: 'f' }, decodeAuthCheckResult, ['applicationId', 'flowKey']],
  ['AuthCheck noAccess', { status: 'noAccess', applicationId: 'a1', internal: true, requested: false }, decodeAuthCheckResult, ['applicationId', 'internal', 'requested']],
  ['branding', { clientId: 'c', label: 'L' }, decodeApplicationBranding, ['clientId', 'label']],
  ['access request', { id: 'r', applicationId: 'a', requestedAt: 'x', userId: 'u', status: 'OPEN' }, decodeAccessRequest, ['id', 'applicationId', 'requestedAt', 'userId', 'status']],
  ['application', app, (raw) => decodeApplications([raw]), [
    'id', 'label', 'url', 'sortNumber', 'accessRequestRequired', 'accessRequestAllowed', 'internalCopyOfAccessRequests', 'roleRequiredOnAccessRequest',
    'accessRequestsAmount', 'internal',
  ]],
];

describe('rejection paths: every required field missing or ill-typed', () => {
  it.each(requiredOf.flatMap(([name, good, decode, keys]) => keys.flatMap((key) => [
    [`${name} without ${key}`, Object.fromEntries(Object.entries(good).filter(([k]) => k !== key)), decode] as const,
    [`${name} with ${key} = {}`, { ...good, [key]: {} }, decode] as const,
  ])))('%s → invalidAnswer', (_label, raw, decode) => {
    expect(() => decode(raw)).toThrow(expect.objectContaining(invalidAnswer));
  });
  it.each([
    ['an empty id', () => decodeAccessRequest({ id: '', applicationId: 'a', requestedAt: 'x', userId: 'u', status: 'OPEN' })],
    ['an overlong id', () => decodeApplicationBranding({ clientId: 'c'.repeat(201), label: 'L' })],
    ['an overlong text', () => decodeApplicationBranding({ clientId: 'c', label: 'L'.repeat(4097) })],
    ['a logo that is not text', () => decodeApplicationBranding({ clientId: 'c', label: 'L', logoUrl: 1 })],
    ['an attribute without required', () => decodeAuthCheckResult({ status: 'missingAttributes', applicationId: 'a', attributes: [{ attributeId: 'x', key: 'k', dataType: 'S' }] })],
    ['201 attributes', () => decodeAuthCheckResult({ status: 'missingAttributes', applicationId: 'a', attributes: Array.from({ length: 201 }, () => ({ attributeId: 'x', key: 'k', dataType: 'S', required: false })) })],
    ['permissions without manageAccessRequests', () => decodeApplications([{ ...app, permissions: {} }])],
    ['a sort number of Infinity', () => decodeApplications([{ ...app, sortNumber: Number.POSITIVE_INFINITY }])],
    ['not a list', () => decodeApplications(app)],
  ])('refuse %s', (_label, run) => {
    expect(run).toThrow(expect.objectContaining(invalidAnswer));
  });
});

describe('answers with nulls and extra fields', () => {
  it('treats null as absent and keeps fields core does not check', () => {
    expect(decodeApplicationBranding({ clientId: 'c', label: 'L', logoUrl: null, url: null, theme: 'dark' })).toEqual({ clientId: 'c', label: 'L', theme: 'dark' });
    expect(decodeApplications([{ ...app, description: null, accessStatus: 'granted' }])).toEqual([{ ...app, accessStatus: 'granted' }]);
    expect(decodeAuthCheckResult({ status: 'missingAttributes', applicationId: 'a', attributes: [{ attributeId: 'x', key: 'k', dataType: 'STRING', required: true, label: null }] }))
      .toEqual({ status: 'missingAttributes', applicationId: 'a', attributes: [{ attributeId: 'x', key: 'k', dataType: 'STRING', required: true }] });
  });
  it('does not go deeper than needed', async () => {
    const { withoutNulls } = await import('./api-schemas.ts');
    expect(withoutNulls({ a: { b: { c: { d: { e: null } } } } })).toEqual({ a: { b: { c: { d: { e: null } } } } });
    expect(withoutNulls('x')).toBe('x');
  });
});
