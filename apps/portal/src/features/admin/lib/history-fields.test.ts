import { describe, expect, it } from 'vitest';
import de from '../../../locales/de/admin.json';
import { historyFieldLabel, historyPropertyLabels } from './history-fields.ts';

/** The fields the API records per table (the entity's answer without id, usages and read-only figures). */
const recorded: Record<string, string[]> = {
  applications: [
    'label',
    'logoUrl',
    'description',
    'url',
    'homePageUrl',
    'initiateLoginUri',
    'sortNumber',
    'adminPermissionId',
    'notificationEmail',
    'accessRequestRequired',
    'accessRequestAllowed',
    'internalCopyOfAccessRequests',
    'roleRequiredOnAccessRequest',
    'internal',
    'attributes',
    'roles',
    'accountAccessIds',
    'customFlowIds',
    'activationGroups',
    'webhook',
    'requestJustification',
    'timeBoundAccess',
    'maxAccessDays',
    'requestableAccountAccessIds',
    'webhook.passwordChanged',
    'webhook.replayed',
    'webhook.signingSecretCreated',
    'webhook.signingSecretDeleted',
    'webhook.resumed',
  ],
  attributes: [
    'key',
    'label',
    'dataType',
    'requiredValue',
    'permissionId',
    'directoryLink',
    'editableByUser',
    'editableByOthers',
  ],
  permissions: ['key', 'description'],
  roles: ['key', 'label', 'description', 'permissionIds', 'applicationIds'],
  account_accesses: [
    'key',
    'label',
    'parentId',
    'parentDeterminationMethod',
    'childDeterminationMethod',
    'attributeId',
  ],
  custom_flows: ['key', 'label', 'description', 'attributeIds'],
};
/** Properties inside values: application links, the webhook, activation groups. */
const properties = [
  'attributeId',
  'outputInToken',
  'required',
  'visible',
  'roleId',
  'permissionId',
  'default',
  'enabled',
  'endpointUrl',
  'username',
  'passwordSet',
  'onGrant',
  'onRemove',
  'onUpdate',
  'headers',
  'keyVaultReference',
  'pauseAfterFailures',
  'directoryGroupName',
  'roleIds',
  'accountAccessIds',
];

const german = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], de);

describe('history field labels', () => {
  it.each(Object.entries(recorded))('every recorded field of %s has a German label', (table, fields) => {
    for (const field of fields) {
      const key = historyFieldLabel(table, field);
      expect(key, `${table}.${field}`).toBeDefined();
      expect(typeof german(key ?? ''), `${table}.${field} → ${key}`).toBe('string');
    }
  });

  it('every property inside a value has a German label', () => {
    for (const property of properties) {
      const key = historyPropertyLabels[property];
      expect(key, property).toBeDefined();
      expect(typeof german(key ?? ''), property).toBe('string');
    }
  });
});
