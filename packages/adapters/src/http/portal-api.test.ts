import { describe, expect, it } from 'vitest';
import type { Schema } from '@portal/contract';
import { toAccessRequest } from './portal-api.ts';

const wire: Schema<'AccessRequest'> = {
  id: 'c1000000-0000-4000-8000-000000000001',
  applicationId: 'a1000000-0000-4000-8000-000000000002',
  status: 'OPEN',
  requestedAt: '2026-11-20T08:00:00.000Z',
  user: { id: 'b1000000-0000-4000-8000-000000000009', fullName: 'Nora Neu', email: 'new@hk-demo.test', companyName: null },
  requestedAccountAccess: { id: 'd1000000-0000-4000-8000-000000000001', key: 'branch-north', label: 'Filiale Nord' },
  requestedRole: { id: 'e1000000-0000-4000-8000-000000000003', key: 'planner', label: 'Planer' },
  comment: null, decidedAt: null, decidedBy: null, reason: null, roleIds: [], accountAccessIds: [],
};

describe('an access request from the API', () => {
  it('keeps the ids of the account access and the role asked for (#17.17: both start ticked on accept)', () => {
    expect(toAccessRequest(wire)).toEqual({
      id: wire.id, applicationId: wire.applicationId, requestedAt: wire.requestedAt, userId: wire.user.id, status: 'OPEN',
      requestedAccountAccess: 'Filiale Nord', requestedAccountAccessId: 'd1000000-0000-4000-8000-000000000001',
      requestedRoleId: 'e1000000-0000-4000-8000-000000000003',
    });
  });

  it('asks for nothing when the request named nothing', () => {
    expect(toAccessRequest({ ...wire, requestedAccountAccess: null, requestedRole: null })).toEqual({
      id: wire.id, applicationId: wire.applicationId, requestedAt: wire.requestedAt, userId: wire.user.id, status: 'OPEN',
    });
  });
});
