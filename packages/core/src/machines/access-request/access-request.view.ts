// Pure view of the access-request decision.

import type { SnapshotFrom } from 'xstate';
import type { AccessRequestStatus } from '../../domain/entities.ts';
import { toastError } from '../../errors/errors.ts';
import type { ToastModel } from '../../errors/errors.ts';
import type { ValidationCode } from '../../validation/validation.ts';
import type { accessRequestMachine } from './access-request.machine.ts';

export interface AccessRequestView {
  readonly status: 'open' | 'accepting' | 'denying' | 'submitting' | 'failed' | 'decided';
  readonly requestStatus: AccessRequestStatus;
  readonly selectedRoleIds: readonly string[];
  readonly selectedAccountAccessIds: readonly string[];
  readonly reason: string;
  /** The role picker's error: `validations.roleRequired`. */
  readonly validation?: ValidationCode;
  readonly busy: boolean;
  readonly canAccept: boolean;
  readonly canDeny: boolean;
  readonly canSubmit: boolean;
  readonly canRetry: boolean;
  readonly toast?: ToastModel;
}

export function accessRequestView(snapshot: SnapshotFrom<typeof accessRequestMachine>): AccessRequestView {
  const { context } = snapshot;
  const status = snapshot.value === 'checking' ? 'open' : snapshot.value;
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
    ...(status === 'failed' && context.error !== undefined ? { toast: toastError(context.error) } : {}),
  };
}
