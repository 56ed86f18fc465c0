// What a history entry's field and values are called on screen (#17.14): the label of each
// field the API records (by table), of the properties inside link records, the webhook and
// activation groups, and of enumerated values. Never the internal name.
import type { HistoryRefKind } from '@portal/core';
import type { AdminKey } from './i18n.ts';
import type { EntityKind } from './links.ts';

/** The fields the API records per table (its answer's field names), with their labels. */
const historyFieldLabels: Readonly<Record<string, Readonly<Record<string, AdminKey>>>> = {
  applications: {
    label: 'applications.fields.label',
    logoUrl: 'applications.fields.logo',
    description: 'applications.fields.description',
    url: 'applications.fields.url',
    homePageUrl: 'applications.fields.homePageUrl',
    initiateLoginUri: 'applications.fields.initiateLoginUri',
    sortNumber: 'applications.fields.sortNumber',
    adminPermissionId: 'applications.fields.adminPermission',
    notificationEmail: 'applications.fields.notificationEmail',
    accessRequestRequired: 'applications.fields.accessRequestRequired',
    accessRequestAllowed: 'applications.fields.accessRequestAllowed',
    internalCopyOfAccessRequests: 'applications.fields.internalCopyOfAccessRequests',
    roleRequiredOnAccessRequest: 'applications.fields.roleRequiredOnAccessRequest',
    internal: 'applications.fields.internal',
    released: 'applications.fields.released',
    attributes: 'applications.sections.attributes',
    roles: 'applications.sections.roles',
    accountAccessIds: 'applications.sections.accountAccesses',
    customFlowIds: 'applications.sections.customFlows',
    activationGroups: 'applications.sections.activationGroups',
    webhook: 'webhook.title',
    // The request rules (#19, #30.2).
    requestJustification: 'applications.fields.requestJustification',
    timeBoundAccess: 'applications.fields.timeBoundAccess',
    maxAccessDays: 'applications.fields.maxAccessDays',
    requestableAccountAccessIds: 'applications.fields.requestableAccountAccesses',
    // What was done to the webhook outside the form (its value: a date or the id concerned).
    'webhook.passwordChanged': 'webhook.historyActions.passwordChanged',
    'webhook.replayed': 'webhook.historyActions.replayed',
    'webhook.signingSecretCreated': 'webhook.historyActions.signingSecretCreated',
    'webhook.signingSecretDeleted': 'webhook.historyActions.signingSecretDeleted',
    'webhook.resumed': 'webhook.historyActions.resumed',
  },
  attributes: {
    key: 'attributes.fields.key',
    label: 'attributes.fields.label',
    dataType: 'attributes.fields.dataType',
    requiredValue: 'attributes.fields.requiredValue',
    permissionId: 'attributes.fields.permission',
    directoryLink: 'attributes.fields.directoryLink',
    editableByUser: 'attributes.fields.editableByUser',
    editableByOthers: 'attributes.fields.editableByOthers',
  },
  permissions: { key: 'permissions.fields.key', description: 'permissions.fields.description' },
  roles: {
    key: 'roles.fields.key',
    label: 'roles.fields.label',
    description: 'roles.fields.description',
    permissionIds: 'roles.sections.permissions',
    applicationIds: 'roles.sections.applications',
  },
  account_accesses: {
    key: 'accountAccesses.fields.key',
    label: 'accountAccesses.fields.label',
    parentId: 'accountAccesses.fields.parent',
    parentDeterminationMethod: 'accountAccesses.fields.parentDeterminationMethod',
    childDeterminationMethod: 'accountAccesses.fields.childDeterminationMethod',
    attributeId: 'accountAccesses.fields.attribute',
  },
  custom_flows: {
    key: 'customFlows.fields.key',
    label: 'customFlows.fields.label',
    description: 'customFlows.fields.description',
    attributeIds: 'customFlows.sections.attributes',
  },
};

/** Properties inside a value: link records, the webhook, activation groups. */
export const historyPropertyLabels: Readonly<Record<string, AdminKey>> = {
  attributeId: 'applications.links.attribute',
  roleId: 'history.properties.role',
  permissionId: 'applications.links.permission',
  outputInToken: 'applications.links.outputInToken',
  required: 'applications.links.required',
  visible: 'applications.links.visible',
  default: 'applications.links.default',
  enabled: 'webhook.enabled',
  endpointUrl: 'webhook.endpointUrl',
  username: 'webhook.username',
  passwordSet: 'history.properties.passwordSet',
  onGrant: 'webhook.onGrant',
  onRemove: 'webhook.onRemove',
  onUpdate: 'webhook.onUpdate',
  onAccessRequest: 'history.properties.onAccessRequest',
  headers: 'webhook.headers',
  keyVaultReference: 'webhook.keyVaultReference',
  pauseAfterFailures: 'webhook.pause.label',
  directoryGroupName: 'applications.fields.directoryGroupName',
  roleIds: 'applications.fields.activationRoles',
  accountAccessIds: 'applications.fields.activationAccountAccesses',
};

/** The label of a field of a table; undefined for a field this console does not know. */
export function historyFieldLabel(table: string, field: string): AdminKey | undefined {
  return historyFieldLabels[table]?.[field] ?? historyPropertyLabels[field];
}

/** Enumerated values shown by their label (data types, determination methods, a required answer). */
export function historyEnumLabel(field: string, value: string): AdminKey | undefined {
  if (field === 'dataType' && /^[A-Z]+$/.test(value)) return `attributes.dataTypes.${value}` as AdminKey;
  if (field === 'requiredValue' && (value === 'true' || value === 'false')) return `attributes.requiredValues.${value}`;
  if (field === 'requestJustification' && (value === 'optional' || value === 'required'))
    return `applications.requestJustifications.${value}`;
  if ((field === 'parentDeterminationMethod' || field === 'childDeterminationMethod') && /^[A-Z]+$/.test(value))
    return `accountAccesses.methods.${value}` as AdminKey;
  return undefined;
}

/** The console's page of a referenced entity. */
export const entityKindOfRef: Readonly<Record<HistoryRefKind, EntityKind>> = {
  APPLICATION: 'applications',
  ATTRIBUTE: 'attributes',
  PERMISSION: 'permissions',
  ROLE: 'roles',
  ACCOUNT_ACCESS: 'accountAccesses',
  CUSTOM_FLOW: 'customFlows',
};
