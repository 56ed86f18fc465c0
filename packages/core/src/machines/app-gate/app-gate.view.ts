// Pure view of the app access gate (/flows/auth).

import type { SnapshotFrom } from 'xstate';
import { toastError } from '../../errors/errors.ts';
import type { ToastModel } from '../../errors/errors.ts';
import type { MissingAttribute } from '../../ports/ports.ts';
import type { ValidationIssue } from '../../validation/validation.ts';
import type { appGateMachine } from './app-gate.machine.ts';

export type AppGateViewStatus =
  | 'checking' | 'needsAttributes' | 'needsCustomFlow' | 'noAccess' | 'requested' | 'redirecting' | 'failed';

export interface AppGateView {
  readonly status: AppGateViewStatus;
  readonly busy: boolean;
  readonly attributes: readonly MissingAttribute[];
  readonly values: Readonly<Record<string, string>>;
  readonly validation: Readonly<Record<string, ValidationIssue>>;
  /** `/flows/{key}` when a custom flow must be completed. */
  readonly customFlowPath?: string;
  /** No access: the request button is offered unless the application is internal. */
  readonly canRequestAccess: boolean;
  readonly internalApplication: boolean;
  readonly toast?: ToastModel;
}

export function appGateView(snapshot: SnapshotFrom<typeof appGateMachine>): AppGateView {
  const { context } = snapshot;
  const value = snapshot.value;
  const status: AppGateViewStatus =
    value === 'submittingAttributes' ? 'needsAttributes'
    : value === 'requesting' ? 'noAccess'
    : value === 'refreshingClaims' ? 'redirecting'
    : value;
  const result = context.result;
  const internal = result?.status === 'noAccess' && result.internal;
  return {
    status,
    busy: value === 'checking' || value === 'submittingAttributes' || value === 'requesting' || value === 'refreshingClaims' || value === 'redirecting',
    attributes: result?.status === 'missingAttributes' ? result.attributes : [],
    values: context.values,
    validation: context.validation,
    canRequestAccess: value === 'noAccess' && result?.status === 'noAccess' && !result.internal,
    internalApplication: internal,
    ...(result?.status === 'customFlow' ? { customFlowPath: `/flows/${encodeURIComponent(result.flowKey)}` } : {}),
    ...(context.error === undefined ? {} : { toast: toastError(context.error) }),
  };
}
