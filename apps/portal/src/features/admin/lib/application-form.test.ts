import { describe, expect, it } from 'vitest';
import type { ApplicationDetail } from '@portal/adapters/admin';
import {
  activationGroupsForNames,
  applicationInput,
  applicationValues,
  emptyWebhook,
  headersForNames,
  isAllowedHeaderName,
  listError,
  validateApplication,
  webhookInput,
  withAccountAccesses,
  withoutListErrors,
} from './application-form.ts';

const app: ApplicationDetail = {
  id: 'kitchen-planner',
  label: 'Küchenplaner',
  logoUrl: null,
  description: 'Plan',
  url: 'https://planner.example',
  homePageUrl: null,
  initiateLoginUri: 'https://planner.example/oidc/initiate',
  sortNumber: 2,
  adminPermissionId: null,
  adminPermissionKey: null,
  notificationEmail: null,
  accessRequestRequired: false,
  accessRequestAllowed: true,
  internalCopyOfAccessRequests: false,
  roleRequiredOnAccessRequest: true,
  internal: false,
  released: true,
  accessRequestsAmount: 1,
  attributes: [{ attributeId: 'a1', outputInToken: true, required: true, visible: true }],
  roles: [{ roleId: 'r1', permissionId: null, visible: true, default: true }],
  accountAccessIds: ['g1'],
  customFlowIds: [],
  activationGroups: [],
  requestJustification: 'optional',
  timeBoundAccess: false,
  maxAccessDays: null,
  requestableAccountAccessIds: [],
  webhook: {
    enabled: true,
    endpointUrl: 'https://hook.example',
    username: 'bot',
    passwordSet: true,
    onGrant: true,
    onRemove: false,
    onUpdate: true,
    onAccessRequest: false,
    headers: [{ key: 'X-Kitchen', value: '1' }],
    keyVaultReference: null,
    pauseAfterFailures: 5,
    consecutiveFailures: 0,
    pausedAt: null,
  },
};

describe('application form', () => {
  it('round-trips an application through the form', () => {
    const input = applicationInput(applicationValues(app));
    expect(input).toMatchObject({
      label: 'Küchenplaner',
      url: 'https://planner.example',
      homePageUrl: null,
      sortNumber: 2,
      notificationEmail: null,
      attributes: app.attributes,
      roles: app.roles,
    });
    // The stored password is kept: no password field is sent.
    expect(input.webhook).not.toHaveProperty('password');
    expect(input.webhook).toMatchObject({
      username: 'bot',
      headers: [{ key: 'X-Kitchen', value: '1' }],
      keyVaultReference: null,
      pauseAfterFailures: 5,
    });
    expect(webhookInput(emptyWebhook).pauseAfterFailures).toBeNull();
  });

  it('edits every request rule of the contract (#30.2): justification, time-bound with its longest days, requestable groups', () => {
    const values = {
      ...applicationValues({
        ...app,
        requestJustification: 'required',
        timeBoundAccess: true,
        maxAccessDays: 90,
        requestableAccountAccessIds: ['g1'],
      }),
    };
    expect(values).toMatchObject({
      requestJustification: 'required',
      timeBoundAccess: true,
      maxDays: '90',
      requestableAccountAccessIds: ['g1'],
    });
    expect(applicationInput({ ...values, maxDays: ' 30 ' })).toMatchObject({
      requestJustification: 'required',
      timeBoundAccess: true,
      maxAccessDays: 30,
      requestableAccountAccessIds: ['g1'],
    });
    expect(applicationInput({ ...values, maxDays: '' }).maxAccessDays).toBeNull();
    // Core's rule beside the field: 1 to 3650 whole days.
    expect(validateApplication({ ...values, maxDays: '0' }, { development: true })).toMatchObject({
      maxAccessDays: { code: 'validations.range', params: { min: 1, max: 3650 } },
    });
    expect(validateApplication({ ...values, maxDays: 'zehn' }, { development: true })).toHaveProperty('maxAccessDays');
    expect(validateApplication({ ...values, maxDays: '365' }, { development: true })).not.toHaveProperty(
      'maxAccessDays',
    );
  });

  it('a newly linked account access is requestable, an unlinked one no longer (#30.2)', () => {
    const values = { ...applicationValues(app), accountAccessIds: ['g1', 'g2'], requestableAccountAccessIds: ['g2'] };
    expect(withAccountAccesses(values, ['g2', 'g3'])).toMatchObject({
      accountAccessIds: ['g2', 'g3'],
      requestableAccountAccessIds: ['g2', 'g3'],
    });
    expect(withAccountAccesses(values, ['g1']).requestableAccountAccessIds).toEqual([]);
  });

  it('the login-initiation URL (#30.5): kept through the form, trimmed, empty as null, only http(s)', () => {
    const values = applicationValues(app);
    expect(values.initiateLoginUri).toBe('https://planner.example/oidc/initiate');
    expect(applicationInput(values).initiateLoginUri).toBe('https://planner.example/oidc/initiate');
    expect(applicationValues({ ...app, initiateLoginUri: null }).initiateLoginUri).toBe('');
    expect(applicationInput({ ...values, initiateLoginUri: '  ' }).initiateLoginUri).toBeNull();
    expect(applicationInput({ ...values, initiateLoginUri: ' https://a.example/start ' }).initiateLoginUri).toBe(
      'https://a.example/start',
    );
    const refused = validateApplication({ ...values, initiateLoginUri: 'javascript:alert(1)' }, { development: false });
    expect(refused.initiateLoginUri).toMatchObject({ code: 'validations.url' });
    expect(validateApplication({ ...values, initiateLoginUri: '' }, { development: false })).not.toHaveProperty(
      'initiateLoginUri',
    );
  });

  it('sends a new password, or null to remove the stored one', () => {
    expect(webhookInput({ ...emptyWebhook, endpointUrl: 'https://x.example', password: 's3cret' }).password).toBe(
      's3cret',
    );
    expect(
      webhookInput({ ...emptyWebhook, endpointUrl: 'https://x.example', removePassword: true, password: 'ignored' })
        .password,
    ).toBeNull();
  });

  it("writes what the form says: core's rules are applied by saveApplication, which the page saves through", () => {
    // (admin-port.test.ts: an internal application is written as not requestable.)
    expect(applicationInput({ ...applicationValues(app), internal: true, accessRequestAllowed: true })).toMatchObject({
      internal: true,
      accessRequestAllowed: true,
    });
  });

  it('checks the rules of spec §5 with the API field paths', () => {
    const values = {
      ...applicationValues(undefined),
      url: 'javascript:alert(1)',
      sortNumber: 'x',
      notificationEmail: 'no-mail',
      activationGroups: [{ directoryGroupName: ' ', roleIds: [], accountAccessIds: [] }],
      webhook: {
        ...emptyWebhook,
        endpointUrl: 'http://hook.example',
        headers: [
          { key: 'Host', value: 'a' },
          { key: 'bad name', value: 'x\ny' },
        ],
      },
    };
    const errors = validateApplication(values, { development: false });
    expect(errors.label).toEqual({ code: 'validations.required' });
    expect(errors.url).toMatchObject({ code: 'validations.url' });
    expect(errors.sortNumber).toMatchObject({ code: 'validations.numeric' });
    expect(errors.notificationEmail).toMatchObject({ code: 'validations.email' });
    expect(errors['activationGroups.0.directoryGroupName']).toEqual({ code: 'validations.required' });
    expect(errors['webhook.endpointUrl']).toMatchObject({ code: 'validations.httpsRequired' });
    expect(errors['webhook.headers.0.key']).toMatchObject({ code: 'validations.headerReserved' });
    expect(errors['webhook.headers.1.key']).toMatchObject({ code: 'validations.headerName' });
    expect(errors['webhook.headers.1.value']).toMatchObject({ code: 'validations.headerValue' });
    expect(
      validateApplication(
        { ...values, webhook: { ...emptyWebhook, endpointUrl: 'http://hook.example' } },
        { development: true },
      )['webhook.endpointUrl'],
    ).toBeUndefined();
  });

  it('accepts a complete new application', () => {
    expect(
      validateApplication(
        { ...applicationValues(undefined), label: 'Neu', url: 'https://neu.example' },
        { development: false },
      ),
    ).toEqual({});
  });

  it('refuses a header name or a directory group name that is there already, on the repeated entry (#17.2)', () => {
    const group = (directoryGroupName: string) => ({ directoryGroupName, roleIds: [], accountAccessIds: [] });
    const values = {
      ...applicationValues(undefined),
      label: 'Neu',
      url: 'https://neu.example',
      activationGroups: [group('Aussteller'), group('Planung'), group(' aussteller')],
      webhook: {
        ...emptyWebhook,
        endpointUrl: 'https://hook.example',
        headers: [
          { key: 'X-Walk', value: '1' },
          { key: 'x-walk', value: '2' },
        ],
      },
    };
    expect(validateApplication(values, { development: false })).toEqual({
      'activationGroups.2.directoryGroupName': { code: 'validations.tagDuplicate' },
      'webhook.headers.1.key': { code: 'validations.tagDuplicate' },
    });
  });

  it('edits headers and activation groups through their names, keeping what belongs to a kept name', () => {
    const headers = [
      { key: 'X-Walk', value: '1' },
      { key: 'X-Kitchen', value: '2' },
    ];
    expect(headersForNames(headers, ['X-Walk', 'X-Kitchen', 'X-New'])).toEqual([
      ...headers,
      { key: 'X-New', value: '' },
    ]);
    expect(headersForNames(headers, ['X-Kitchen'])).toEqual([{ key: 'X-Kitchen', value: '2' }]);
    const groups = [
      { directoryGroupName: 'A', roleIds: ['r1'], accountAccessIds: [] },
      { directoryGroupName: 'B', roleIds: [], accountAccessIds: ['g1'] },
    ];
    expect(activationGroupsForNames(groups, ['B', 'C'])).toEqual([
      groups[1],
      { directoryGroupName: 'C', roleIds: [], accountAccessIds: [] },
    ]);
    // Stored twice (before the rule): removing one keeps the other with its own value.
    expect(
      headersForNames(
        [
          { key: 'X-A', value: '1' },
          { key: 'X-A', value: '2' },
        ],
        ['X-A'],
      ),
    ).toEqual([{ key: 'X-A', value: '1' }]);
  });

  it('takes header names the sender does not own', () => {
    expect(isAllowedHeaderName('X-Walk')).toBe(true);
    for (const name of ['Host', 'authorization', 'X Space', 'X-ü', 'x'.repeat(101)])
      expect(isAllowedHeaderName(name)).toBe(false);
  });

  it('finds the first error of a list for its tag input, and drops them all when the list moves', () => {
    const errors = {
      'webhook.headers.3.key': { text: 'later' },
      'webhook.headers.1.key': { text: 'Doppelter Eintrag' },
      'webhook.headers.0.value': { text: 'value' },
      label: { text: 'x' },
    };
    expect(listError(errors, 'webhook.headers', '.key')).toEqual({ text: 'Doppelter Eintrag' });
    expect(listError({ 'webhook.headers': { text: 'list' } }, 'webhook.headers', '.key')).toEqual({ text: 'list' });
    expect(listError({ label: { text: 'x' } }, 'webhook.headers', '.key')).toBeUndefined();
    expect(withoutListErrors(errors, 'webhook.headers')).toEqual({ label: { text: 'x' } });
  });
});
