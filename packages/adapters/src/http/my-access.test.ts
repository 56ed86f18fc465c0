import { describe, expect, it } from 'vitest';
import type { Schema } from '@portal/contract';
import { toAccessRequestOptions, toCatalogueApplication, toMyAccessRequest, toMyNotification } from './my-access.ts';

describe('access governance on the user side (#19)', () => {
  it("what a request needs, for core's form: required justification, time-bound with a maximum, questions without a value (or without their required answer)", () => {
    const requirements: Schema<'MyRequestRequirements'> = {
      justification: 'required',
      justificationMaxLength: 1000,
      timeBoundAccess: true,
      maxAccessDays: 90,
      maxEndsAt: '2027-02-24T10:00:00.000Z',
      roleRequired: false,
      accountAccessRequired: true,
      accountAccesses: { items: [], total: 2 },
      questions: [
        { key: 'branch', label: 'Filiale', dataType: 'STRING', value: null, requiredValue: null },
        { key: 'phone', label: 'Telefon', dataType: 'STRING', value: '0221', requiredValue: null },
        // A Yes/No question that must be Yes (#30.1): the stored No is no answer yet.
        { key: 'terms', label: 'Bedingungen', dataType: 'BOOLEAN', value: 'false', requiredValue: 'true' },
      ],
    };
    const page = { items: [{ id: 'aa', key: 'dealer', label: 'Händler' }], total: 1 };
    expect(
      toAccessRequestOptions({
        roleRequired: false,
        accountAccessRequired: true,
        accountAccesses: page,
        roles: { items: [], total: 0 },
        requirements,
      }),
    ).toEqual({
      roleRequired: false,
      accountAccessRequired: true,
      accountAccesses: page,
      roles: { items: [], total: 0 },
      justificationRequired: true,
      justificationMaxLength: 1000,
      maxAccessDays: 90,
      questions: [
        { id: 'branch', label: 'Filiale', required: true },
        { id: 'phone', label: 'Telefon', required: false },
        { id: 'terms', label: 'Bedingungen', required: true, requiredValue: 'true' },
      ],
    });
    const catalogue = toCatalogueApplication({
      id: 'kp',
      label: 'Küchenplaner',
      logoUrl: null,
      description: 'Planen',
      url: 'https://kp.test',
      accessStatus: 'none',
      accessEndsAt: null,
      pendingRequestId: null,
      request: { ...requirements, timeBoundAccess: false },
    });
    expect(catalogue).toEqual({
      id: 'kp',
      label: 'Küchenplaner',
      description: 'Planen',
      accessStatus: 'none',
      needs: {
        justification: 'required',
        timeBound: false,
        accountAccessRequired: true,
        roleRequired: false,
        accountAccessCount: 2,
        openQuestions: 2,
      },
    });
  });

  it("the user's requests and notifications drop what is null", () => {
    expect(
      toMyAccessRequest({
        id: 'q1',
        applicationId: 'kp',
        status: 'DENIED',
        requestedAt: '2026-11-20T08:00:00Z',
        application: { id: 'kp', label: 'Küchenplaner', logoUrl: null },
        requestedAccountAccess: { id: 'aa', key: 'dealer', label: 'Händler' },
        requestedRole: null,
        justification: '',
        requestedEndsAt: null,
        answers: [],
        decidedAt: '2026-11-21T08:00:00Z',
        reason: 'Bitte über den Händler',
        endsAt: null,
        expiredAt: null,
        canRequestAgain: true,
      }),
    ).toEqual({
      id: 'q1',
      application: { id: 'kp', label: 'Küchenplaner' },
      status: 'DENIED',
      requestedAt: '2026-11-20T08:00:00Z',
      requestedAccountAccess: { id: 'aa', label: 'Händler' },
      answers: [],
      decidedAt: '2026-11-21T08:00:00Z',
      reason: 'Bitte über den Händler',
      canRequestAgain: true,
    });
    expect(
      toMyNotification({
        id: 'n1',
        kind: 'ACCESS_EXPIRED',
        application: { id: 'kp', label: 'Küchenplaner', logoUrl: '/logo.svg' },
        requestId: null,
        endsAt: '2026-12-01T00:00:00Z',
        reason: null,
        createdAt: '2026-12-01T00:00:05Z',
        readAt: null,
      }),
    ).toEqual({
      id: 'n1',
      kind: 'ACCESS_EXPIRED',
      application: { id: 'kp', label: 'Küchenplaner', logoUrl: '/logo.svg' },
      endsAt: '2026-12-01T00:00:00Z',
      createdAt: '2026-12-01T00:00:05Z',
      read: false,
    });
    // A denial carries the decider's reason (#30.6).
    expect(
      toMyNotification({
        id: 'n2',
        kind: 'REQUEST_DENIED',
        application: { id: 'kp', label: 'Küchenplaner', logoUrl: null },
        requestId: 'r1',
        endsAt: null,
        reason: 'Bitte über den Händler',
        createdAt: '2026-12-01T00:00:05Z',
        readAt: null,
      }),
    ).toMatchObject({ kind: 'REQUEST_DENIED', requestId: 'r1', reason: 'Bitte über den Händler' });
  });
});
