// The application form (spec §3 fields, §5 rules): values from the API's application, the
// PUT/POST body from the values, and the client-side checks before saving.
import {
  validateApplicationLinks,
  validateTag,
  validateWebhookEndpoint,
  validateWebhookHeaderName,
  validateWebhookHeaderValue,
} from '@portal/core';
import type {
  ActivationGroup,
  ApplicationDetail,
  ApplicationInput,
  AttributeLink,
  RoleLink,
  WebhookHeader,
  WebhookInput,
} from '@portal/adapters/admin';
import { orNull, text, toInteger, validateFields, type FieldError, type FieldErrors } from './form.ts';

export interface WebhookValues {
  readonly enabled: boolean;
  readonly endpointUrl: string;
  readonly username: string;
  /** A new password ('' keeps the stored one). */
  readonly password: string;
  readonly removePassword: boolean;
  readonly passwordSet: boolean;
  readonly onGrant: boolean;
  readonly onRemove: boolean;
  readonly onUpdate: boolean;
  readonly headers: readonly WebhookHeader[];
  readonly keyVaultReference: string;
  /** Failed deliveries in a row after which the webhook pauses itself ('' never), one of `pauseChoices` or the stored number. */
  readonly pauseAfterFailures: string;
}

/** The numbers of failed deliveries in a row the form offers to pause after (the API takes 1–100). */
export const pauseChoices: readonly number[] = [3, 5, 10, 25];

export interface ApplicationValues {
  readonly label: string;
  readonly logoUrl: string | null;
  readonly description: string;
  readonly url: string;
  readonly homePageUrl: string;
  /** Where the application starts its own sign-in (third-party initiated login, #30.5); '' none. */
  readonly initiateLoginUri: string;
  readonly sortNumber: string;
  readonly adminPermissionId: string | null;
  readonly notificationEmail: string;
  readonly accessRequestRequired: boolean;
  readonly accessRequestAllowed: boolean;
  readonly internalCopyOfAccessRequests: boolean;
  readonly roleRequiredOnAccessRequest: boolean;
  readonly internal: boolean;
  readonly attributes: readonly AttributeLink[];
  readonly roles: readonly RoleLink[];
  readonly accountAccessIds: readonly string[];
  readonly customFlowIds: readonly string[];
  readonly activationGroups: readonly ActivationGroup[];
  readonly webhook: WebhookValues | null;
  /** The request rules (#19, #30.2): a justification required or optional, time-bound access and its longest days ('' none). */
  readonly requestJustification: RequestJustification;
  readonly timeBoundAccess: boolean;
  readonly maxDays: string;
  /** The linked account-access groups a request may name (a subset of `accountAccessIds`). */
  readonly requestableAccountAccessIds: readonly string[];
}

/** Whether a request must give a reason, as the API names it. */
export type RequestJustification = ApplicationDetail['requestJustification'];
export const requestJustifications: readonly RequestJustification[] = ['optional', 'required'];

/** The longest access as the API takes it: '' none, else the number typed (core's rule checks it is 1 to 3650 days). */
const maxAccessDaysOf = (days: string): number | null => (days.trim() === '' ? null : Number(days.trim()));

/**
 * The form with other linked account-access groups (#30.2): a group that stays linked stays requestable or not,
 * a newly linked one is requestable (as the API does with one it did not know), an unlinked one is not.
 */
export function withAccountAccesses(values: ApplicationValues, accountAccessIds: readonly string[]): ApplicationValues {
  const added = accountAccessIds.filter((id) => !values.accountAccessIds.includes(id));
  return {
    ...values,
    accountAccessIds,
    requestableAccountAccessIds: [
      ...values.requestableAccountAccessIds.filter((id) => accountAccessIds.includes(id)),
      ...added,
    ],
  };
}

export const emptyWebhook: WebhookValues = {
  enabled: true,
  endpointUrl: '',
  username: '',
  password: '',
  removePassword: false,
  passwordSet: false,
  onGrant: true,
  onRemove: true,
  onUpdate: true,
  headers: [],
  keyVaultReference: '',
  pauseAfterFailures: '',
};

export function applicationValues(app: ApplicationDetail | undefined): ApplicationValues {
  const hook = app?.webhook ?? null;
  return {
    label: app?.label ?? '',
    logoUrl: app?.logoUrl ?? null,
    description: app?.description ?? '',
    url: app?.url ?? '',
    homePageUrl: text(app?.homePageUrl),
    initiateLoginUri: text(app?.initiateLoginUri),
    sortNumber: String(app?.sortNumber ?? 0),
    adminPermissionId: app?.adminPermissionId ?? null,
    notificationEmail: text(app?.notificationEmail),
    accessRequestRequired: app?.accessRequestRequired ?? false,
    // A new application is not requestable until an administrator allows requests (#30.4).
    accessRequestAllowed: app?.accessRequestAllowed ?? false,
    internalCopyOfAccessRequests: app?.internalCopyOfAccessRequests ?? false,
    roleRequiredOnAccessRequest: app?.roleRequiredOnAccessRequest ?? false,
    internal: app?.internal ?? false,
    attributes: app?.attributes ?? [],
    roles: app?.roles ?? [],
    accountAccessIds: app?.accountAccessIds ?? [],
    customFlowIds: app?.customFlowIds ?? [],
    activationGroups: app?.activationGroups ?? [],
    requestJustification: app?.requestJustification ?? 'optional',
    timeBoundAccess: app?.timeBoundAccess ?? false,
    maxDays: app?.maxAccessDays === null || app?.maxAccessDays === undefined ? '' : String(app.maxAccessDays),
    requestableAccountAccessIds: app?.requestableAccountAccessIds ?? [],
    webhook:
      hook === null
        ? null
        : {
            enabled: hook.enabled,
            endpointUrl: hook.endpointUrl,
            username: text(hook.username),
            password: '',
            removePassword: false,
            passwordSet: hook.passwordSet,
            onGrant: hook.onGrant,
            onRemove: hook.onRemove,
            onUpdate: hook.onUpdate,
            headers: hook.headers,
            keyVaultReference: text(hook.keyVaultReference),
            pauseAfterFailures: hook.pauseAfterFailures === null ? '' : String(hook.pauseAfterFailures),
          },
  };
}

export function webhookInput(hook: WebhookValues): WebhookInput {
  const password = hook.removePassword ? { password: null } : hook.password === '' ? {} : { password: hook.password };
  return {
    enabled: hook.enabled,
    endpointUrl: hook.endpointUrl.trim(),
    username: orNull(hook.username),
    ...password,
    onGrant: hook.onGrant,
    onRemove: hook.onRemove,
    onUpdate: hook.onUpdate,
    headers: hook.headers.map((header) => ({ key: header.key.trim(), value: header.value })),
    keyVaultReference: orNull(hook.keyVaultReference),
    pauseAfterFailures: hook.pauseAfterFailures === '' ? null : Number(hook.pauseAfterFailures),
  };
}

/**
 * The form as the API takes it. Core's rules of an application (internal ⇒ not requestable,
 * group names trimmed) are applied by its `saveApplication`, which the page saves through.
 */
export function applicationInput(values: ApplicationValues): ApplicationInput {
  return {
    label: values.label.trim(),
    logoUrl: values.logoUrl,
    description: values.description.trim(),
    url: values.url.trim(),
    homePageUrl: orNull(values.homePageUrl),
    initiateLoginUri: orNull(values.initiateLoginUri),
    sortNumber: toInteger(values.sortNumber),
    adminPermissionId: values.adminPermissionId,
    notificationEmail: orNull(values.notificationEmail),
    accessRequestRequired: values.accessRequestRequired,
    accessRequestAllowed: values.accessRequestAllowed,
    internalCopyOfAccessRequests: values.internalCopyOfAccessRequests,
    roleRequiredOnAccessRequest: values.roleRequiredOnAccessRequest,
    internal: values.internal,
    attributes: [...values.attributes],
    roles: [...values.roles],
    accountAccessIds: [...values.accountAccessIds],
    customFlowIds: [...values.customFlowIds],
    activationGroups: [...values.activationGroups],
    webhook: values.webhook === null ? null : webhookInput(values.webhook),
    requestJustification: values.requestJustification,
    timeBoundAccess: values.timeBoundAccess,
    maxAccessDays: maxAccessDaysOf(values.maxDays),
    requestableAccountAccessIds: [...values.requestableAccountAccessIds],
  };
}

/**
 * A list edited through its names (a tag input, spec §2): the items for the new list of names,
 * each kept name with its item as it was (first unused item of exactly that name), a new
 * name with a new item. Tags are only added at the end or removed, so the order holds.
 */
function itemsForNames<T>(nameOf: (item: T) => string, create: (name: string) => T) {
  return (items: readonly T[], names: readonly string[]): readonly T[] => {
    const unused = [...items];
    return names.map((name) => {
      const index = unused.findIndex((item) => nameOf(item) === name);
      if (index === -1) return create(name);
      const [item] = unused.splice(index, 1);
      return item as T;
    });
  };
}

/** The webhook's headers for a new list of header names (a kept header keeps its value). */
export const headersForNames = itemsForNames<WebhookHeader>(
  (header) => header.key,
  (key) => ({ key, value: '' }),
);

/** The activation groups for a new list of directory group names (a kept group keeps its roles and account accesses). */
export const activationGroupsForNames = itemsForNames<ActivationGroup>(
  (group) => group.directoryGroupName,
  (directoryGroupName) => ({ directoryGroupName, roleIds: [], accountAccessIds: [] }),
);

/** A header name the tag input takes: an HTTP token of at most 100 characters that the sender does not own. */
export const isAllowedHeaderName = (name: string): boolean =>
  name.length <= 100 && validateWebhookHeaderName(name) === undefined;

/** A directory group name the tag input takes (the contract's maximum). */
export const isAllowedDirectoryGroupName = (name: string): boolean => name.length <= 200;

/** The first error of a list's entries (`${list}.${i}${suffix}`, or the list itself), for the tag input that edits it. */
export function listError(errors: FieldErrors, list: string, suffix = ''): FieldError | undefined {
  if (errors[list] !== undefined) return errors[list];
  const indexOf = (field: string): number | undefined => {
    if (!field.startsWith(`${list}.`) || !field.endsWith(suffix)) return undefined;
    const middle = field.slice(list.length + 1, field.length - suffix.length);
    return /^\d+$/.test(middle) ? Number(middle) : undefined;
  };
  const first = Object.keys(errors)
    .map((field) => ({ field, index: indexOf(field) }))
    .filter((match): match is { field: string; index: number } => match.index !== undefined)
    .sort((a, b) => a.index - b.index)[0];
  return first === undefined ? undefined : errors[first.field];
}

/** The errors without those of a list (its entries moved: their indexes no longer fit). */
export function withoutListErrors(errors: FieldErrors, list: string): FieldErrors {
  const stale = Object.keys(errors).filter((field) => field === list || field.startsWith(`${list}.`));
  if (stale.length === 0) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !stale.includes(field)));
}

/** Each entry of a list again (the tag input's rule: trimmed, case-insensitive) is 'Doppelter Eintrag' on that entry. */
function duplicateErrors(names: readonly string[], field: (index: number) => string): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  names.forEach((name, index) => {
    if (name.trim() === '') return;
    const duplicate = validateTag(name, names.slice(0, index));
    if (duplicate?.code === 'validations.tagDuplicate') errors[field(index)] = duplicate;
  });
  return errors;
}

/** Client-side rules of the application form; keys are the API's field paths. */
export function validateApplication(
  values: ApplicationValues,
  options: { readonly development: boolean },
): FieldErrors {
  const errors: Record<string, FieldError> = {
    ...validateFields(
      {
        label: values.label,
        url: values.url,
        homePageUrl: values.homePageUrl,
        initiateLoginUri: values.initiateLoginUri,
        sortNumber: values.sortNumber,
        notificationEmail: values.notificationEmail,
      },
      {
        label: ['required'],
        url: ['required', 'url'],
        homePageUrl: ['url'],
        initiateLoginUri: ['url'],
        sortNumber: ['required', 'numeric'],
        notificationEmail: ['email'],
      },
    ),
  };
  // The links' and the request rules' rules are core's (each activation group named, each name once,
  // the longest access 1 to 3650 days): checked here to show them beside the fields; `saveApplication`
  // checks them again before anything is written.
  Object.assign(errors, validateApplicationLinks({ ...values, maxAccessDays: maxAccessDaysOf(values.maxDays) }));
  const hook = values.webhook;
  if (hook !== null) {
    const endpoint = validateWebhookEndpoint(hook.endpointUrl.trim(), options);
    if (endpoint !== undefined) errors['webhook.endpointUrl'] = endpoint;
    hook.headers.forEach((header, index) => {
      const name = validateWebhookHeaderName(header.key.trim());
      if (name !== undefined) errors[`webhook.headers.${index}.key`] = name;
      const value = validateWebhookHeaderValue(header.value);
      if (value !== undefined) errors[`webhook.headers.${index}.value`] = value;
    });
    Object.assign(
      errors,
      duplicateErrors(
        hook.headers.map((header) => header.key),
        (index) => `webhook.headers.${index}.key`,
      ),
    );
  }
  return errors;
}
