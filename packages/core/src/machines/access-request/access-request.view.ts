// Pure view of the access-request decision.

import type { SnapshotFrom } from 'xstate';
import type { AccessRequestDecision, AccessRequestStatus } from '../../domain/entities.ts';
import { toastError } from '../../errors/errors.ts';
import type { PortalError, ToastModel } from '../../errors/errors.ts';
import type { ValidationCode, ValidationIssue } from '../../validation/validation.ts';
import { latestEndDate } from '../../domain/access-governance.ts';
import type { accessRequestMachine } from './access-request.machine.ts';

export interface AccessRequestView {
  readonly status: 'open' | 'accepting' | 'denying' | 'submitting' | 'failed' | 'decided';
  readonly requestStatus: AccessRequestStatus;
  readonly selectedRoleIds: readonly string[];
  readonly selectedAccountAccessIds: readonly string[];
  readonly reason: string;
  /** The role picker's error: `validations.roleRequired`. */
  readonly validation?: ValidationCode;
  /** The end date of an accept (ISO day or empty, #19), its issue and the latest day allowed. */
  readonly endDate: string;
  readonly endDateValidation?: ValidationIssue;
  readonly latestEndDate?: string;
  /** The denial's reason issue (required, #19). */
  readonly reasonValidation?: ValidationIssue;
  readonly busy: boolean;
  readonly canAccept: boolean;
  readonly canDeny: boolean;
  readonly canSubmit: boolean;
  readonly canRetry: boolean;
  readonly toast?: ToastModel;
  /** The decision being sent or that failed (accept or deny): the page keeps its form open. */
  readonly decision?: AccessRequestDecision['kind'];
  /** Why the last send failed (the same object until the next failure: a page shows it once). */
  readonly error?: PortalError;
}

export function accessRequestView(snapshot: SnapshotFrom<typeof accessRequestMachine>): AccessRequestView {
  const { context } = snapshot;
  const status = snapshot.value === 'checking' ? 'open' : snapshot.value;
  const latest = context.today === undefined ? undefined : latestEndDate(context.today, context.request.maxAccessDays);
  return {
    status,
    requestStatus: context.request.status,
    selectedRoleIds: context.roleIds,
    selectedAccountAccessIds: context.accountAccessIds,
    reason: context.reason,
    busy: status === 'submitting',
    canAccept: status === 'open',
    canDeny: status === 'open',
    canSubmit: status === 'accepting' || status === 'denying',
    canRetry: status === 'failed',
    ...(context.validation === undefined ? {} : { validation: context.validation.code }),
    endDate: context.endDate,
    ...(context.endDateValidation === undefined ? {} : { endDateValidation: context.endDateValidation }),
    ...(latest === undefined ? {} : { latestEndDate: latest }),
    ...(context.reasonValidation === undefined ? {} : { reasonValidation: context.reasonValidation }),
    ...(status === 'failed' && context.error !== undefined
      ? { toast: toastError(context.error), error: context.error }
      : {}),
    ...(context.decision === undefined ? {} : { decision: context.decision.kind }),
  };
}
