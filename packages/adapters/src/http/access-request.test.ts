import { describe, expect, it } from 'vitest';
import type { Schema } from '@portal/contract';
import { decisionBody, toAccessRequest } from './access-request.ts';
import { endsAtOfLastDay, lastDayOfEndsAt } from './my-access.ts';

const wire: Schema<'AccessRequest'> = {
  id: 'c1000000-0000-4000-8000-000000000001',
  applicationId: 'a1000000-0000-4000-8000-000000000002',
  status: 'OPEN',
  requestedAt: '2026-11-20T08:00:00.000Z',
  user: {
    id: 'b1000000-0000-4000-8000-000000000009',
    fullName: 'Nora Neu',
    email: 'new@hk-demo.test',
    companyName: null,
  },
  requestedAccountAccess: { id: 'd1000000-0000-4000-8000-000000000001', key: 'branch-north', label: 'Filiale Nord' },
  requestedRole: { id: 'e1000000-0000-4000-8000-000000000003', key: 'planner', label: 'Planer' },
  comment: null,
  decidedAt: null,
  decidedBy: null,
  decidedByName: null,
  reason: null,
  roleIds: [],
  accountAccessIds: [],
  justification: null,
  answers: [],
  requestedEndsAt: null,
  endsAt: null,
  expiredAt: null,
  timeBoundAccess: false,
  maxEndsAt: null,
};

describe('an access request from the API', () => {
  it('keeps the ids of the account access and the role asked for (#17.17: both start ticked on accept)', () => {
    expect(toAccessRequest(wire)).toEqual({
      id: wire.id,
      applicationId: wire.applicationId,
      requestedAt: wire.requestedAt,
      userId: wire.user.id,
      status: 'OPEN',
      requestedAccountAccess: 'Filiale Nord',
      requestedAccountAccessId: 'd1000000-0000-4000-8000-000000000001',
      requestedRoleId: 'e1000000-0000-4000-8000-000000000003',
    });
  });

  it('asks for nothing when the request named nothing', () => {
    expect(toAccessRequest({ ...wire, requestedAccountAccess: null, requestedRole: null })).toEqual({
      id: wire.id,
      applicationId: wire.applicationId,
      requestedAt: wire.requestedAt,
      userId: wire.user.id,
      status: 'OPEN',
    });
  });
});

describe('an access request with substance (#19)', () => {
  it('a justification and the end asked for reach the decision as the last day of access', () => {
    const endsAt = endsAtOfLastDay('2026-11-30');
    expect(lastDayOfEndsAt(endsAt)).toBe('2026-11-30');
    expect(toAccessRequest({ ...wire, justification: 'Küchenplanung', requestedEndsAt: endsAt })).toMatchObject({
      justification: 'Küchenplanung',
      requestedEndDate: '2026-11-30',
    });
    expect(decisionBody({ kind: 'accept', roleIds: ['r'], accountAccessIds: [], endDate: '2026-11-30' })).toEqual({
      decision: 'ACCEPT',
      roleIds: ['r'],
      endsAt,
    });
    expect(decisionBody({ kind: 'deny', reason: 'nein' })).toEqual({ decision: 'DENY', reason: 'nein' });
  });

  it("the API's latest end reaches the decision as the number of days from today an end may lie ahead", () => {
    const now = new Date('2026-11-26T10:00:00');
    const maxEndsAt = new Date(now.getTime() + 30 * 86_400_000).toISOString();
    expect(toAccessRequest({ ...wire, timeBoundAccess: true, maxEndsAt }, now).maxAccessDays).toBe(30);
    expect(toAccessRequest(wire, now)).not.toHaveProperty('maxAccessDays');
  });
});

describe('a decision on the wire', () => {
  it('names account accesses only when some are ticked, and a denial its reason only when there is one', () => {
    expect(decisionBody({ kind: 'accept', roleIds: ['r1'], accountAccessIds: [] })).toEqual({
      decision: 'ACCEPT',
      roleIds: ['r1'],
    });
    expect(decisionBody({ kind: 'accept', roleIds: ['r1'], accountAccessIds: ['a1'] })).toEqual({
      decision: 'ACCEPT',
      roleIds: ['r1'],
      accountAccessIds: ['a1'],
    });
    expect(decisionBody({ kind: 'deny' })).toEqual({ decision: 'DENY' });
    expect(decisionBody({ kind: 'deny', reason: 'no' })).toEqual({ decision: 'DENY', reason: 'no' });
  });
});
