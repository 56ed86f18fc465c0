// Pure view of the app access gate (/flows/auth).

import type { SnapshotFrom } from 'xstate';
import { toastError } from '../../errors/errors.ts';
import type { PortalError, ToastModel } from '../../errors/errors.ts';
import type { MissingAttribute } from '../../ports/ports.ts';
import type { ApplicationId } from '../../domain/entities.ts';
import type { ValidationIssue } from '../../validation/validation.ts';
import type { appGateMachine } from './app-gate.machine.ts';

type AppGateViewStatus =
  'checking' | 'needsAttributes' | 'needsCustomFlow' | 'noAccess' | 'requested' | 'redirecting' | 'failed';

export interface AppGateView {
  readonly status: AppGateViewStatus;
  readonly busy: boolean;
  readonly attributes: readonly MissingAttribute[];
  readonly values: Readonly<Record<string, string>>;
  readonly validation: Readonly<Record<string, ValidationIssue>>;
  /** `/flows/{key}` when a custom flow must be completed. */
  readonly customFlowPath?: string;
  /**
   * No access, not internal: the application to request (the page shows core's request form for
   * it, #19, and sends `REQUESTED` once the form has sent the request).
   */
  readonly requestFor?: ApplicationId;
  readonly internalApplication: boolean;
  /** What went wrong (the failed page shows it; otherwise it is a toast). */
  readonly error?: PortalError;
  readonly toast?: ToastModel;
}

export function appGateView(snapshot: SnapshotFrom<typeof appGateMachine>): AppGateView {
  const { context } = snapshot;
  const value = snapshot.value;
  const status: AppGateViewStatus =
    value === 'submittingAttributes'
      ? 'needsAttributes'
      : value === 'refreshingClaims'
        ? 'redirecting'
        : value === 'starting'
          ? 'checking'
          : value;
  const result = context.result;
  const internal = result?.status === 'noAccess' && result.internal;
  return {
    status,
    busy:
      value === 'starting' ||
      value === 'checking' ||
      value === 'submittingAttributes' ||
      value === 'refreshingClaims' ||
      value === 'redirecting',
    attributes: result?.status === 'missingAttributes' ? result.attributes : [],
    values: context.values,
    validation: context.validation,
    internalApplication: internal,
    ...(value === 'noAccess' && result?.status === 'noAccess' && !result.internal
      ? { requestFor: result.applicationId }
      : {}),
    ...(result?.status === 'customFlow' ? { customFlowPath: `/flows/${encodeURIComponent(result.flowKey)}` } : {}),
    ...(context.error === undefined ? {} : { error: context.error, toast: toastError(context.error) }),
  };
}
