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
