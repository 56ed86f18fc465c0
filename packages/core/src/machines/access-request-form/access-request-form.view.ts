// Pure view of a user's access request form (#19): what the page shows, from the snapshot alone.

import type { SnapshotFrom } from 'xstate';
import { addDays, latestEndDate } from '../../domain/access-governance.ts';
import type { AccessRequestChoice, AccessRequestQuestion, Choice } from '../../domain/entities.ts';
import { toastError } from '../../errors/errors.ts';
import type { PortalError, ToastModel } from '../../errors/errors.ts';
import { justificationMaxLength, type AccessRequestField, type ValidationIssue } from '../../validation/validation.ts';
import type { accessRequestFormMachine } from './access-request-form.machine.ts';

export interface AccessRequestFormView {
  readonly status: 'loading' | 'loadFailed' | 'editing' | 'submitting' | 'failed' | 'submitted';
  /** Nothing loaded yet (the first load, or its retry): a placeholder instead of the form; a search keeps the form. */
  readonly firstLoad: boolean;
  /** The account accesses offered (the last page loaded), the chosen one first when a search left it out. */
  readonly accountAccesses: readonly Choice[];
  readonly roles: readonly Choice[];
  readonly accountAccessRequired: boolean;
  readonly roleRequired: boolean;
  /** The application asks for account access groups or roles at all. */
  readonly asksAccountAccess: boolean;
  readonly asksRole: boolean;
  readonly justificationRequired: boolean;
  readonly justificationMaxLength: number;
  /** Time-bound access: an end date may be named, up to `latestEndDate` (ISO day). */
  readonly timeBound: boolean;
  readonly latestEndDate?: string;
  readonly earliestEndDate: string;
  readonly questions: readonly AccessRequestQuestion[];
  readonly choice: AccessRequestChoice;
  readonly search: string;
  /** More choices than one page, or a search typed: the page offers the search field. */
  readonly searchable: boolean;
  readonly issues: Readonly<Partial<Record<AccessRequestField, ValidationIssue>>>;
  readonly busy: boolean;
  readonly canSubmit: boolean;
  /** The load (first load: page error) or the send failed (the form keeps everything). */
  readonly error?: PortalError;
  readonly toast?: ToastModel;
}

const withChosen = (
  items: readonly Choice[],
  chosen: string | undefined,
  known: Readonly<Record<string, Choice>>,
): readonly Choice[] => {
  const entry = chosen === undefined ? undefined : known[chosen];
  return entry === undefined || items.some((item) => item.id === entry.id) ? items : [entry, ...items];
};

export function accessRequestFormView(snapshot: SnapshotFrom<typeof accessRequestFormMachine>): AccessRequestFormView {
  const { context } = snapshot;
  const status = snapshot.value;
  const options = context.options;
  const latest = latestEndDate(context.today, options?.maxAccessDays);
  // The earliest end date is tomorrow (validated by core's rule; the date field's `min`).
  const earliest = addDays(context.today, 1) ?? context.today;
  return {
    status,
    firstLoad: options === undefined && (status === 'loading' || status === 'loadFailed'),
    accountAccesses: withChosen(options?.accountAccesses.items ?? [], context.choice.accountAccessId, context.known),
    roles: withChosen(options?.roles.items ?? [], context.choice.roleId, context.known),
    accountAccessRequired: options?.accountAccessRequired ?? false,
    roleRequired: options?.roleRequired ?? false,
    asksAccountAccess:
      (options?.accountAccesses.total ?? 0) > 0 || context.search !== '' || (options?.accountAccessRequired ?? false),
    asksRole: (options?.roles.total ?? 0) > 0 || context.search !== '' || (options?.roleRequired ?? false),
    justificationRequired: options?.justificationRequired ?? false,
    justificationMaxLength: options?.justificationMaxLength ?? justificationMaxLength,
    timeBound: options?.maxAccessDays !== undefined,
    ...(latest === undefined ? {} : { latestEndDate: latest }),
    earliestEndDate: earliest,
    questions: options?.questions ?? [],
    choice: context.choice,
    search: context.search,
    searchable:
      context.search !== '' ||
      (options !== undefined &&
        (options.accountAccesses.total > options.accountAccesses.items.length ||
          options.roles.total > options.roles.items.length)),
    issues: context.validation,
    busy: status === 'submitting' || status === 'loading',
    canSubmit: status === 'editing' || status === 'failed',
    ...(context.error === undefined ? {} : { error: context.error }),
    ...((status === 'failed' || status === 'editing') && context.error !== undefined
      ? { toast: toastError(context.error) }
      : {}),
  };
}
