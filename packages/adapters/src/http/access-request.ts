// An access request between the API and core's decision (spec §5, #19): the request as core's
// decision machine takes it, and core's decision as the wire's body. The console reads and
// decides through the admin calls; core's PortalApi port sends the same body.

import type { AccessRequest, AccessRequestDecision } from '@portal/core';
import type { Schema } from '@portal/contract';
import { daysUntilLocalDay, endsAtOfLastDay, lastDayOfEndsAt } from './my-access.ts';

/**
 * The request as core's decision machine takes it: the role and account access asked for start
 * ticked (#17.17); the last day asked for is the end date it starts with, and the API's latest end
 * (`maxEndsAt`) is the number of days from `now` an end may lie ahead (#19).
 */
export function toAccessRequest(wire: Schema<'AccessRequest'>, now: Date = new Date()): AccessRequest {
  return {
    id: wire.id,
    applicationId: wire.applicationId,
    ...(wire.requestedAccountAccess === null
      ? {}
      : {
          requestedAccountAccess: wire.requestedAccountAccess.label,
          requestedAccountAccessId: wire.requestedAccountAccess.id,
        }),
    ...(wire.requestedRole === null ? {} : { requestedRoleId: wire.requestedRole.id }),
    requestedAt: wire.requestedAt,
    userId: wire.user.id,
    status: wire.status,
    ...(wire.justification === null || wire.justification === '' ? {} : { justification: wire.justification }),
    ...(wire.requestedEndsAt === null ? {} : { requestedEndDate: lastDayOfEndsAt(wire.requestedEndsAt) }),
    ...(wire.maxEndsAt === null ? {} : { maxAccessDays: daysUntilLocalDay(wire.maxEndsAt, now) }),
  };
}

/** Core's decision as the wire's body: the last day of access (#19) ends at the local midnight after it. */
export function decisionBody(decision: AccessRequestDecision): Schema<'AccessRequestDecision'> {
  if (decision.kind === 'accept') {
    return {
      decision: 'ACCEPT',
      roleIds: [...decision.roleIds],
      ...(decision.accountAccessIds.length === 0 ? {} : { accountAccessIds: [...decision.accountAccessIds] }),
      ...(decision.endDate === undefined ? {} : { endsAt: endsAtOfLastDay(decision.endDate) }),
    };
  }
  return { decision: 'DENY', ...(decision.reason === undefined ? {} : { reason: decision.reason }) };
}
