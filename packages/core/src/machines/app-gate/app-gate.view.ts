// Pure view of the app access gate (/flows/auth).

import type { SnapshotFrom } from 'xstate';
import { toastError } from '../../errors/errors.ts';
import type { ToastModel } from '../../errors/errors.ts';
import type { MissingAttribute } from '../../ports/ports.ts';
import type { AccessRequestChoice, Choice } from '../../domain/entities.ts';
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
  /** No access: the request button is offered unless the application is internal. */
  readonly canRequestAccess: boolean;
  readonly internalApplication: boolean;
  /** No access, requestable: the choices of the request (chosen entries first when a search hides them). */
  readonly request: GateRequestView;
  readonly toast?: ToastModel;
}

interface GateRequestView {
  /** The choices are being loaded (first load or search). */
  readonly loading: boolean;
  /** The choices could not be loaded (SEARCH_OPTIONS tries again). */
  readonly failed: boolean;
  readonly search: string;
  readonly choice: AccessRequestChoice;
  readonly accountAccesses: readonly Choice[];
  /** How many account accesses match the search (more than listed when a search would help). */
  readonly accountAccessTotal: number;
  readonly accountAccessRequired: boolean;
  readonly roles: readonly Choice[];
  readonly roleTotal: number;
  readonly roleRequired: boolean;
}

const withChosen = (
  items: readonly Choice[],
  chosen: string | undefined,
  known: Readonly<Record<string, Choice>>,
): readonly Choice[] => {
  const entry = chosen === undefined ? undefined : known[chosen];
  return entry === undefined || items.some((item) => item.id === entry.id) ? items : [entry, ...items];
};

export function appGateView(snapshot: SnapshotFrom<typeof appGateMachine>): AppGateView {
  const { context } = snapshot;
  const value = snapshot.value;
  const status: AppGateViewStatus =
    value === 'submittingAttributes'
      ? 'needsAttributes'
      : value === 'requesting' || value === 'loadingOptions'
        ? 'noAccess'
        : value === 'refreshingClaims'
          ? 'redirecting'
          : value;
  const result = context.result;
  const internal = result?.status === 'noAccess' && result.internal;
  const options = context.options;
  return {
    status,
    busy:
      value === 'checking' ||
      value === 'submittingAttributes' ||
      value === 'requesting' ||
      value === 'refreshingClaims' ||
      value === 'redirecting',
    attributes: result?.status === 'missingAttributes' ? result.attributes : [],
    values: context.values,
    validation: context.validation,
    canRequestAccess:
      value === 'noAccess' && result?.status === 'noAccess' && !result.internal && options !== undefined,
    internalApplication: internal,
    request: {
      loading: value === 'loadingOptions',
      failed: value === 'noAccess' && !internal && options === undefined,
      search: context.optionsSearch,
      choice: context.choice,
      accountAccesses: withChosen(options?.accountAccesses.items ?? [], context.choice.accountAccessId, context.known),
      accountAccessTotal: options?.accountAccesses.total ?? 0,
      accountAccessRequired: options?.accountAccessRequired ?? false,
      roles: withChosen(options?.roles.items ?? [], context.choice.roleId, context.known),
      roleTotal: options?.roles.total ?? 0,
      roleRequired: options?.roleRequired ?? false,
    },
    ...(result?.status === 'customFlow' ? { customFlowPath: `/flows/${encodeURIComponent(result.flowKey)}` } : {}),
    ...(context.error === undefined ? {} : { toast: toastError(context.error) }),
  };
}
