// The application form (spec §3 fields, §5 rules): values from the API's application, the
// PUT/POST body from the values, and the client-side checks before saving.
import { validateWebhookEndpoint, validateWebhookHeaderName, validateWebhookHeaderValue } from '@portal/core';
import type { ActivationGroup, ApplicationDetail, ApplicationInput, AttributeLink, RoleLink, WebhookHeader, WebhookInput } from '@portal/adapters/admin';
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
}

export interface ApplicationValues {
  readonly label: string;
  readonly logoUrl: string | null;
  readonly description: string;
  readonly url: string;
  readonly homePageUrl: string;
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
}

export const emptyWebhook: WebhookValues = {
  enabled: true, endpointUrl: '', username: '', password: '', removePassword: false, passwordSet: false,
  onGrant: true, onRemove: true, onUpdate: true, headers: [], keyVaultReference: '',
};

export function applicationValues(app: ApplicationDetail | undefined): ApplicationValues {
  const hook = app?.webhook ?? null;
  return {
    label: app?.label ?? '',
    logoUrl: app?.logoUrl ?? null,
    description: app?.description ?? '',
    url: app?.url ?? '',
    homePageUrl: text(app?.homePageUrl),
    sortNumber: String(app?.sortNumber ?? 0),
    adminPermissionId: app?.adminPermissionId ?? null,
    notificationEmail: text(app?.notificationEmail),
    accessRequestRequired: app?.accessRequestRequired ?? false,
    accessRequestAllowed: app?.accessRequestAllowed ?? true,
    internalCopyOfAccessRequests: app?.internalCopyOfAccessRequests ?? false,
    roleRequiredOnAccessRequest: app?.roleRequiredOnAccessRequest ?? false,
    internal: app?.internal ?? false,
    attributes: app?.attributes ?? [],
    roles: app?.roles ?? [],
    accountAccessIds: app?.accountAccessIds ?? [],
    customFlowIds: app?.customFlowIds ?? [],
    activationGroups: app?.activationGroups ?? [],
    webhook: hook === null ? null : {
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
  };
}

export function applicationInput(values: ApplicationValues): ApplicationInput {
  return {
    label: values.label.trim(),
    logoUrl: values.logoUrl,
    description: values.description.trim(),
    url: values.url.trim(),
    homePageUrl: orNull(values.homePageUrl),
    sortNumber: toInteger(values.sortNumber),
    adminPermissionId: values.adminPermissionId,
    notificationEmail: orNull(values.notificationEmail),
    accessRequestRequired: values.accessRequestRequired,
    // Internal applications cannot be requested (spec §6).
    accessRequestAllowed: values.internal ? false : values.accessRequestAllowed,
    internalCopyOfAccessRequests: values.internalCopyOfAccessRequests,
    roleRequiredOnAccessRequest: values.roleRequiredOnAccessRequest,
    internal: values.internal,
    attributes: values.attributes,
    roles: values.roles,
    accountAccessIds: values.accountAccessIds,
    customFlowIds: values.customFlowIds,
    activationGroups: values.activationGroups.map((group) => ({ ...group, directoryGroupName: group.directoryGroupName.trim() })),
    webhook: values.webhook === null ? null : webhookInput(values.webhook),
  };
}

/** Client-side rules of the application form; keys are the API's field paths. */
export function validateApplication(values: ApplicationValues, options: { readonly development: boolean }): FieldErrors {
  const errors: Record<string, FieldError> = {
    ...validateFields(
      { label: values.label, url: values.url, homePageUrl: values.homePageUrl, sortNumber: values.sortNumber, notificationEmail: values.notificationEmail },
      { label: ['required'], url: ['required', 'url'], homePageUrl: ['url'], sortNumber: ['required', 'numeric'], notificationEmail: ['email'] },
    ),
  };
  values.activationGroups.forEach((group, index) => {
    if (group.directoryGroupName.trim() === '') errors[`activationGroups.${index}.directoryGroupName`] = { code: 'validations.required' };
  });
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
  }
  return errors;
}
