// Calls every operation of the OpenAPI document against the real API (demo data) and
// validates every answer against the document; the last test proves full coverage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf } from '../src/services/access.ts';
import { accessRequests, accountAccesses, apps, attributes, customFlows, roles, users } from '../src/db/seed/ids.ts';
import { allOperations, checkResponse, covered } from './openapi.ts';
import type { ApiError, AuthCheckResult, Schema, UserClaims } from '@portal/contract';
import { harness, internalToken, token } from './harness.ts';
import { arrayWith, containing } from './matchers.ts';
import type { Harness } from './harness.ts';

let h: Harness;
const tokens: Record<string, string> = {};

async function tokenFor(userId: string): Promise<string> {
  const claims = await claimsOf(h.db, userId);
  return token({ sub: userId, permissions: claims.hkData.permissions, email: claims.email });
}

type Job = Schema<'Job'>;
/** One of the global lists (attributes, permissions, roles, account accesses, custom flows, applications). */
type Listed =
  | Schema<'AttributeList'>
  | Schema<'PermissionList'>
  | Schema<'RoleList'>
  | Schema<'AccountAccessList'>
  | Schema<'CustomFlowList'>
  | Schema<'ApplicationList'>;
/** One of their entities, as a create answers it. */
type Created =
  | Schema<'Attribute'>
  | Schema<'Permission'>
  | Schema<'Role'>
  | Schema<'AccountAccess'>
  | Schema<'CustomFlowDefinition'>
  | Schema<'Application'>;

/** The answer, checked against the document and read as `T` (the contract's type for the status the test expects). */
async function call<T = unknown>(
  method: string,
  path: string,
  init: {
    as?: keyof typeof users | 'internal' | 'anonymous';
    body?: unknown;
    rawBody?: FormData;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: T }> {
  const who = init.as ?? 'globalAdmin';
  const t = who === 'anonymous' ? undefined : who === 'internal' ? await internalToken() : tokens[who];
  const response = await h.request(method, path, {
    token: t,
    body: init.body,
    rawBody: init.rawBody,
    headers: init.headers,
  });
  const status = response.status;
  const body = await checkResponse<T>(method, path, response);
  return { status, body };
}

beforeAll(async () => {
  h = await harness();
  for (const [name, id] of Object.entries(users)) tokens[name] = await tokenFor(id);
});
afterAll(() => h.close());

describe('system and my calls', () => {
  it('health', async () => {
    expect((await call('GET', '/health', { as: 'anonymous' })).status).toBe(200);
  });

  it('branding is anonymous and shows only label, logo and URL', async () => {
    const r = await call('GET', `/My/Applications/Branding/${apps.dealerOrdering}`, { as: 'anonymous' });
    expect(r.body).toEqual({ label: 'Händlerbestellung', logoUrl: null, url: 'http://localhost:4992' });
    expect((await call('GET', '/My/Applications/Branding/unknown-client', { as: 'anonymous' })).status).toBe(404);
  });

  it('lists my applications with pending requests and onlyWithValues', async () => {
    const r = await call<Schema<'MyApplicationList'>>('GET', '/My/Applications', { as: 'partner' });
    expect(r.body.items.map((a) => [a.id, a.accessStatus])).toEqual([
      [apps.dealerOrdering, 'granted'],
      [apps.kitchenPlanner, 'requested'],
      [apps.servicePortal, 'granted'],
    ]);
    const only = await call<Schema<'MyApplicationList'>>('GET', '/My/Applications?onlyWithValues=true', {
      as: 'partner',
    });
    expect(only.body.items.every((a) => a.accessStatus === 'granted')).toBe(true);
    const admin = await call<Schema<'MyApplicationList'>>('GET', '/My/Applications', { as: 'globalAdmin' });
    expect(admin.body.items.map((a) => a.id)).not.toContain(apps.portal);
    const none = await call('GET', '/My/Applications', { as: 'newUser' });
    expect(none.body).toEqual({ items: [], total: 0 });
    expect((await call('GET', '/My/Applications', { as: 'anonymous' })).status).toBe(401);
  });

  it('shows one of my applications with my attributes', async () => {
    const r = await call<Schema<'MyApplicationDetail'>>('GET', `/My/Applications/${apps.dealerOrdering}`, {
      as: 'partner',
    });
    expect(r.body.attributes.find((a) => a.key === 'dealerNumber')).toMatchObject({
      value: null,
      required: true,
      editable: true,
    });
    expect((await call('GET', `/My/Applications/${apps.hr}`, { as: 'partner' })).status).toBe(404);
  });

  it('the gate: missing attributes, then ok after POST /AuthCheck', async () => {
    const before = await call<AuthCheckResult>('GET', `/AuthCheck?clientId=${apps.dealerOrdering}`, { as: 'partner' });
    expect(before.body.status).toBe('missingAttributes');
    expect(before.body.missingAttributes?.map((a) => a.key)).toEqual(['dealerNumber']);
    const after = await call<AuthCheckResult>('POST', '/AuthCheck', {
      as: 'partner',
      body: { clientId: apps.dealerOrdering, attributes: [{ key: 'dealerNumber', value: 'H-1001' }] },
    });
    expect(after.body.status).toBe('ok');
  });

  it('the gate: no access (requestable or not), requested, custom flow', async () => {
    expect((await call('GET', `/AuthCheck?clientId=${apps.dealerOrdering}`, { as: 'newUser' })).body).toMatchObject({
      status: 'noAccess',
      requestable: true,
    });
    expect((await call('GET', `/AuthCheck?clientId=${apps.hr}`, { as: 'newUser' })).body).toMatchObject({
      status: 'noAccess',
      requestable: false,
    });
    expect(
      (await call<AuthCheckResult>('GET', `/AuthCheck?clientId=${apps.kitchenPlanner}`, { as: 'partner' })).body.status,
    ).toBe('requested');
    expect((await call('GET', `/AuthCheck?clientId=${apps.servicePortal}`, { as: 'partner' })).body).toMatchObject({
      status: 'customFlow',
      customFlow: { key: 'service-terms' },
    });
    expect((await call('GET', '/AuthCheck?clientId=nope', { as: 'partner' })).status).toBe(404);
    expect((await call('GET', '/AuthCheck', { as: 'partner' })).status).toBe(400);
  });

  it('custom flow by key, then completed', async () => {
    const page = await call('GET', '/CustomFlow/service-terms', { as: 'partner' });
    expect(page.body).toMatchObject({ id: customFlows.serviceTerms, completed: false });
    const done = await call<Schema<'CustomFlowPage'>>('POST', `/CustomFlow/${customFlows.serviceTerms}`, {
      as: 'partner',
      body: { attributes: [{ key: 'termsAccepted', value: 'true' }] },
    });
    expect(done.body.completed).toBe(true);
    expect(
      (await call<AuthCheckResult>('GET', `/AuthCheck?clientId=${apps.servicePortal}`, { as: 'partner' })).body.status,
    ).toBe('ok');
    expect((await call('GET', '/CustomFlow/unknown-flow', { as: 'partner' })).status).toBe(404);
  });

  it('updates my attributes, refusing non-editable ones', async () => {
    const ok = await call<Schema<'MyApplicationDetail'>>('PUT', '/My/Attributes', {
      as: 'partner',
      body: { applicationId: apps.dealerOrdering, attributes: [{ key: 'phone', value: '+49 40 999' }] },
    });
    expect(ok.body.attributes.find((a) => a.key === 'phone')?.value).toBe('+49 40 999');
    const refused = await call<ApiError>('PUT', '/My/Attributes', {
      as: 'employee',
      body: { applicationId: apps.hr, attributes: [{ key: 'employeeNumber', value: '1' }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'attribute.notEditable',
      message: 'Dieses Feld kann nicht bearbeitet werden',
    });
  });

  it('requests access, refuses internal applications and duplicates', async () => {
    const created = await call<Schema<'MyAccessRequest'>>('POST', `/My/Applications/${apps.marketing}/AccessRequest`, {
      as: 'newUser',
      body: { comment: 'Bitte' },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('OPEN');
    expect(
      (await call('POST', `/My/Applications/${apps.marketing}/AccessRequest`, { as: 'newUser', body: {} })).status,
    ).toBe(409);
    const internal = await call<ApiError>('POST', `/My/Applications/${apps.hr}/AccessRequest`, {
      as: 'newUser',
      body: {},
    });
    expect(internal.status).toBe(403);
    expect(internal.body.error.code).toBe('accessRequest.notRequestable');
    expect(
      (await call('POST', `/My/Applications/${apps.servicePortal}/AccessRequest`, { as: 'partner', body: {} })).status,
    ).toBe(409);
    expect(
      (await call<Schema<'MyApplicationList'>>('GET', '/My/Applications', { as: 'newUser' })).body.items[0],
    ).toMatchObject({
      id: apps.marketing,
      accessStatus: 'requested',
    });
  });

  it('offers the account accesses and visible roles an access request may name, and requires the account access', async () => {
    const options = await call<Schema<'MyAccessRequestOptions'>>(
      'GET',
      `/My/Applications/${apps.kitchenPlanner}/AccessRequest`,
      {
        as: 'newUser',
      },
    );
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ roleRequired: false, accountAccessRequired: true });
    expect(options.body.accountAccesses).toEqual({
      total: 2,
      items: [
        containing({ id: accountAccesses.dealerNord, label: 'Küchenstudio Nord GmbH' }),
        containing({ id: accountAccesses.dealerSued, label: 'Möbelhaus Süd AG' }),
      ],
    });
    expect(options.body.roles.items.map((r) => r.id)).toEqual(
      expect.arrayContaining([roles.planner, roles.plannerViewer]),
    );
    const searched = await call<Schema<'MyAccessRequestOptions'>>(
      'GET',
      `/My/Applications/${apps.kitchenPlanner}/AccessRequest?search=s%C3%BCd`,
      {
        as: 'newUser',
      },
    );
    expect(searched.body.accountAccesses).toEqual({
      total: 1,
      items: [containing({ id: accountAccesses.dealerSued })],
    });
    expect(
      (await call('GET', `/My/Applications/${apps.kitchenPlanner}/AccessRequest?search=nirgends`, { as: 'newUser' }))
        .body,
    ).toMatchObject({ accountAccessRequired: true, accountAccesses: { total: 0, items: [] } });
    expect(
      (await call('GET', `/My/Applications/${apps.servicePortal}/AccessRequest`, { as: 'newUser' })).body,
    ).toMatchObject({ accountAccessRequired: false });
    expect((await call('GET', `/My/Applications/${apps.hr}/AccessRequest`, { as: 'newUser' })).status).toBe(403);
    expect(
      (await call('GET', '/My/Applications/b0000000-0000-4000-8000-999999999999/AccessRequest', { as: 'newUser' }))
        .status,
    ).toBe(404);

    const missing = await call<ApiError>('POST', `/My/Applications/${apps.kitchenPlanner}/AccessRequest`, {
      as: 'newUser',
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 'accessRequest.accountAccessRequired',
      errors: [containing({ field: 'accountAccessId' })],
    });
    const foreign = await call<ApiError>('POST', `/My/Applications/${apps.kitchenPlanner}/AccessRequest`, {
      as: 'newUser',
      body: { accountAccessId: accountAccesses.branchHamburg },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({
      code: 'accountAccess.notLinked',
      errors: [containing({ field: 'accountAccessId' })],
    });
    const created = await call('POST', `/My/Applications/${apps.dealerOrdering}/AccessRequest`, {
      as: 'newUser',
      body: { accountAccessId: accountAccesses.branchBremen },
    });
    expect(created.status).toBe(201);
  });

  it('reads and writes my profile', async () => {
    const p = await call('GET', '/My/Profile', { as: 'employee' });
    expect(p.body).toMatchObject({
      internal: true,
      canChangeEmail: false,
      canChangePassword: false,
      fullName: 'Ilse Intern',
    });
    const updated = await call('PUT', '/My/Profile', {
      as: 'customer',
      body: {
        firstName: 'Christa',
        lastName: 'Kunde',
        companyName: 'Privat',
        address: { city: 'Köln' },
        language: 'fr',
      },
    });
    expect(updated.body).toMatchObject({
      fullName: 'Christa Kunde',
      language: 'fr',
      address: { city: 'Köln' },
      canChangeEmail: true,
    });
  });

  it('reads and writes my favourites', async () => {
    const put = await call('PUT', '/My/Favourites', {
      as: 'partner',
      body: { applicationIds: [apps.servicePortal, apps.dealerOrdering] },
    });
    expect(put.body).toEqual({ applicationIds: [apps.servicePortal, apps.dealerOrdering] });
    expect((await call('GET', '/My/Favourites', { as: 'partner' })).body).toEqual(put.body);
    const refused = await call('PUT', '/My/Favourites', {
      as: 'partner',
      body: { applicationIds: [apps.kitchenPlanner] },
    });
    expect(refused.status).toBe(400);
    expect((await call('GET', '/My/Favourites', { as: 'anonymous' })).status).toBe(401);
    expect((await call('PUT', '/My/Favourites', { as: 'partner', body: { applicationIds: [] } })).body).toEqual({
      applicationIds: [],
    });
  });

  it('applies my directory groups (from my token) to the activation groups', async () => {
    const t = await token({ sub: users.employee, groups: ['HK-Mitarbeitende'] });
    const r = await h.request('POST', '/My/Groups/Sync', { token: t });
    expect(r.status).toBe(200);
    expect(await checkResponse('POST', '/My/Groups/Sync', r)).toEqual({
      groups: ['HK-Mitarbeitende'],
      applied: true,
      changedApplicationIds: [],
    });
    expect((await call('POST', '/My/Groups/Sync', { as: 'anonymous' })).status).toBe(401);
  });

  it('answers my own claims from the directory (a provider without the data claim, #27)', async () => {
    const r = await h.request('GET', '/My/Claims', { token: await token({ sub: users.globalAdmin }) });
    expect(r.status).toBe(200);
    const body = await checkResponse('GET', '/My/Claims', r);
    expect(body).toMatchObject({
      sub: users.globalAdmin,
      hkData: { permissions: arrayWith(['all_users.read']) },
    });
    expect((await call('GET', '/My/Claims', { as: 'anonymous' })).status).toBe(401);
  });

  it('records a launch of one of my applications', async () => {
    expect((await call('POST', `/My/Applications/${apps.servicePortal}/Launch`, { as: 'partner' })).status).toBe(204);
    expect((await call('POST', `/My/Applications/${apps.kitchenPlanner}/Launch`, { as: 'partner' })).status).toBe(404);
    expect((await call('POST', `/My/Applications/${apps.servicePortal}/Launch`, { as: 'anonymous' })).status).toBe(401);
    const list = await call<Schema<'MyApplicationList'>>('GET', '/My/Applications', { as: 'partner' });
    expect(list.body.items.find((a) => a.id === apps.servicePortal)?.lastLaunchedAt).not.toBeNull();
  });

  it('exports my data', async () => {
    const r = await call('GET', '/My/Export', { as: 'customer' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ profile: { id: users.customer } });
  });
});

describe('per-application administration', () => {
  it('lists the applications the caller administers', async () => {
    const r = await call<Schema<'AdminApplicationList'>>('GET', '/Admin/Applications', { as: 'appAdmin' });
    expect(r.body.items).toEqual([
      containing({
        id: apps.kitchenPlanner,
        accessRequestsAmount: 8,
        permissions: { manageAccessRequests: true },
      }),
    ]);
    const all = await call<Schema<'AdminApplicationList'>>('GET', '/Admin/Applications', { as: 'globalAdmin' });
    expect(all.body.total).toBe(6);
    expect((await call('GET', '/Admin/Applications', { as: 'partner' })).body).toEqual({ items: [], total: 0 });
  });

  it('lists, shows and decides access requests', async () => {
    const list = await call<Schema<'AccessRequestList'>>(
      'GET',
      `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests?status=OPEN&pageSize=10&sort=fullName&order=asc`,
      { as: 'appAdmin' },
    );
    expect(list.body.total).toBe(8);
    const csv = await call(
      'GET',
      `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests/Export?status=OPEN&sort=fullName&order=asc`,
      { as: 'appAdmin' },
    );
    expect(String(csv.body).trim().split('\r\n')).toHaveLength(9);
    expect(
      (await call('GET', `/Admin/Applications/${apps.dealerOrdering}/AccessRequests`, { as: 'appAdmin' })).status,
    ).toBe(403);
    const one = await call('GET', `/Admin/Applications/AccessRequests/${accessRequests.partnerPlanner}`, {
      as: 'appAdmin',
    });
    expect(one.body).toMatchObject({
      status: 'OPEN',
      user: { id: users.partner },
      requestedAccountAccess: { id: accountAccesses.dealerNord },
    });
    const noRole = await call<ApiError>('PUT', `/Admin/Applications/AccessRequests/${accessRequests.partnerPlanner}`, {
      as: 'appAdmin',
      body: { decision: 'ACCEPT', roleIds: [] },
    });
    expect(noRole.status).toBe(400);
    expect(noRole.body.error.message).toBe('Es muss mindestens eine Rolle ausgewählt werden!');
    const accepted = await call('PUT', `/Admin/Applications/AccessRequests/${accessRequests.partnerPlanner}`, {
      as: 'appAdmin',
      body: { decision: 'ACCEPT', roleIds: [roles.planner], accountAccessIds: [accountAccesses.dealerNord] },
    });
    expect(accepted.body).toMatchObject({ status: 'ACCEPTED', roleIds: [roles.planner], decidedBy: users.appAdmin });
    expect(
      (
        await call('PUT', `/Admin/Applications/AccessRequests/${accessRequests.partnerPlanner}`, {
          as: 'appAdmin',
          body: { decision: 'DENY' },
        })
      ).status,
    ).toBe(409);
    const denied = await call('PUT', `/Admin/Applications/AccessRequests/${accessRequests.customerPlanner}`, {
      as: 'appAdmin',
      body: { decision: 'DENY', reason: 'Kein Händler' },
    });
    expect(denied.body).toMatchObject({ status: 'DENIED', reason: 'Kein Händler' });
    expect(
      (await call<AuthCheckResult>('GET', `/AuthCheck?clientId=${apps.kitchenPlanner}`, { as: 'partner' })).body.status,
    ).toBe('ok');
    expect(
      (await call('GET', '/Admin/Applications/AccessRequests/60000000-0000-4000-8000-999999999999', { as: 'appAdmin' }))
        .status,
    ).toBe(404);
  });

  it('manages the users of an application', async () => {
    const list = await call<Schema<'ApplicationUserList'>>(
      'GET',
      `/Admin/Applications/${apps.kitchenPlanner}/Users?search=dana&sort=accessSince&order=desc`,
      { as: 'appAdmin' },
    );
    expect(list.body.items.map((u) => u.id)).toEqual([users.partner]);
    const csv = await call(
      'GET',
      `/Admin/Applications/${apps.kitchenPlanner}/Users/Export?search=dana&sort=accessSince&order=desc`,
      { as: 'appAdmin' },
    );
    expect(String(csv.body).trim().split('\r\n')[1]).toContain(users.partner);
    const one = await call('GET', `/Admin/Applications/${apps.kitchenPlanner}/Users/${users.newUser}`, {
      as: 'appAdmin',
    });
    expect(one.body).toMatchObject({ hasAccess: false, accessSince: null });
    const granted = await call<Schema<'ApplicationUser'>>(
      'PUT',
      `/Admin/Applications/${apps.kitchenPlanner}/Users/${users.newUser}`,
      {
        as: 'appAdmin',
        body: { roleIds: [roles.plannerViewer], attributes: [{ key: 'studioName', value: 'Studio Neu' }] },
      },
    );
    expect(granted.body).toMatchObject({ hasAccess: true, roles: [{ id: roles.plannerViewer }] });
    expect(granted.body.attributes.find((a) => a.key === 'studioName')?.value).toBe('Studio Neu');
    const reasons = await call(
      'GET',
      `/Admin/Applications/${apps.kitchenPlanner}/Users/${users.newUser}/AccessReasons`,
      { as: 'appAdmin' },
    );
    expect(reasons.body).toMatchObject({
      hasAccess: true,
      reasons: [{ kind: 'DIRECT_GRANT', by: { id: users.appAdmin } }],
    });
    expect(
      (await call('DELETE', `/Admin/Applications/${apps.kitchenPlanner}/Users/${users.newUser}`, { as: 'appAdmin' }))
        .status,
    ).toBe(204);
    expect(
      (await call('DELETE', `/Admin/Applications/${apps.kitchenPlanner}/Users/${users.newUser}`, { as: 'appAdmin' }))
        .status,
    ).toBe(404);
    expect(
      (await call('GET', `/Admin/Applications/${apps.kitchenPlanner}/Users/${users.newUser}`, { as: 'partner' }))
        .status,
    ).toBe(403);
  });

  it('offers roles and account accesses to pick', async () => {
    const r = await call<Schema<'SelectionList'>>(
      'GET',
      `/Admin/Applications/${apps.kitchenPlanner}/Selections/Roles?search=plan`,
      {
        as: 'appAdmin',
      },
    );
    expect(r.body.items.map((x) => x.id).sort()).toEqual(
      [roles.planner, roles.plannerAdmin, roles.plannerViewer].sort(),
    );
    const a = await call<Schema<'SelectionList'>>(
      'GET',
      `/Admin/Applications/${apps.kitchenPlanner}/Selections/AccountAccesses`,
      {
        as: 'appAdmin',
      },
    );
    expect(a.body.total).toBe(2);
  });

  it('shows webhook deliveries of grants', async () => {
    await call('PUT', `/Admin/Applications/${apps.dealerOrdering}/Users/${users.newUser}`, {
      body: { roleIds: [roles.dealerViewer] },
    });
    const r = await call<Schema<'WebhookDeliveryList'>>(
      'GET',
      `/Admin/Applications/${apps.dealerOrdering}/WebhookDeliveries`,
    );
    expect(r.body.items[0]).toMatchObject({
      event: 'GRANT',
      userId: users.newUser,
      status: 'PENDING',
      attempts: 0,
      replayOf: null,
    });
  });

  it('lists the mails for a global administrator, by state, and says whether mail is sent (#29)', async () => {
    await h.db
      .insertInto('mail_outbox')
      .values({
        id: '90000000-0000-4000-8000-000000000001',
        kind: 'REQUEST_DENIED',
        recipient: 'partner@hk-demo.test',
        language: 'en',
        subject: 'Your request for Küchenplaner has been denied',
        text_body: 'text',
        html_body: '<p>html</p>',
        application_id: apps.kitchenPlanner,
        request_id: accessRequests.partnerPlanner,
      })
      .execute();
    const all = await call('GET', '/Admin/Mails?page=1&pageSize=10');
    expect(all.body).toMatchObject({
      total: 1,
      items: [{ recipient: 'partner@hk-demo.test', status: 'PENDING', attempts: 0, lastError: null, sentAt: null }],
    });
    expect((await call('GET', '/Admin/Mails?status=SENT')).body).toEqual({ items: [], total: 0 });
    expect((await call('GET', '/Admin/Mails?status=LOST')).status).toBe(400);
    expect((await call('GET', '/Admin/Mails', { as: 'appAdmin' })).status).toBe(403);
    // This harness has no SMTP host.
    expect((await call('GET', '/Admin/MailSettings')).body).toEqual({ sending: false, internalCopyTo: null });
    expect((await call('GET', '/Admin/MailSettings', { as: 'customer' })).status).toBe(403);
  });

  it('tests, replays and signs webhook deliveries', async () => {
    const hook = `/Admin/Applications/${apps.dealerOrdering}`;
    const test = await call<Schema<'WebhookDelivery'>>('POST', `${hook}/WebhookDeliveries/Test`);
    expect(test.status).toBe(202);
    const replay = await call<Schema<'WebhookDelivery'>>(
      'POST',
      `${hook}/WebhookDeliveries/${String(test.body.id)}/Replay`,
    );
    expect(replay.body.replayOf).toBe(test.body.id);
    const detail = await call('GET', `${hook}/WebhookDeliveries/${String(test.body.id)}`);
    expect(detail.body).toMatchObject({
      delivery: { id: test.body.id, event: 'TEST' },
      payload: { event: 'TEST' },
      attempts: [],
    });
    const created = await call<Schema<'WebhookSigningSecretCreated'>>('POST', `${hook}/WebhookSigningSecrets`);
    expect(created.status).toBe(201);
    expect(
      (await call<Schema<'WebhookSigningSecretList'>>('GET', `${hook}/WebhookSigningSecrets`)).body.secrets,
    ).toHaveLength(1);
    expect((await call('DELETE', `${hook}/WebhookSigningSecrets/${String(created.body.id)}`)).status).toBe(204);
    expect((await call('POST', `${hook}/Webhook/Resume`)).status).toBe(204);
  });
});

describe('global administration', () => {
  let createdApp = '';
  let imageUrl = '';

  it('lists, creates, reads, updates and deletes applications with history', async () => {
    const list = await call<Schema<'ApplicationList'>>('GET', '/Applications?sort=sortNumber&order=desc&pageSize=10');
    expect(list.body.total).toBe(6);
    const form = new FormData();
    form.append(
      'file',
      new File(
        ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'],
        'logo.svg',
        { type: 'image/svg+xml' },
      ),
    );
    const upload = await call<Schema<'ImageUpload'>>('POST', '/Applications/Image', { rawBody: form });
    expect(upload.status).toBe(201);
    imageUrl = upload.body.url;
    const served = await h.request('GET', imageUrl);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    await checkResponse('GET', imageUrl, served);
    const input = {
      label: 'Ausstellungsplaner',
      url: 'https://show.example.test',
      logoUrl: imageUrl,
      description: 'Neu',
      sortNumber: 60,
      accessRequestAllowed: true,
      attributes: [{ attributeId: attributes.studioName, outputInToken: true, required: true, visible: true }],
      roles: [{ roleId: roles.planner, permissionId: null, visible: true, default: true }],
      accountAccessIds: [accountAccesses.dealerNord],
      customFlowIds: [customFlows.serviceTerms],
      activationGroups: [{ directoryGroupName: 'Aussteller', roleIds: [roles.planner], accountAccessIds: [] }],
      webhook: {
        enabled: true,
        endpointUrl: 'https://hooks.example.test/x',
        username: 'u',
        password: 'secret',
        onGrant: true,
        onRemove: false,
        onUpdate: false,
        headers: [{ key: 'X-Token', value: 'abc' }],
        keyVaultReference: null,
      },
    };
    const created = await call<Schema<'Application'>>('POST', '/Applications', { body: input });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ released: false, webhook: { passwordSet: true, username: 'u' } });
    expect(JSON.stringify(created.body)).not.toContain('secret');
    createdApp = created.body.id;
    expect((await call<Schema<'Application'>>('GET', `/Applications/${createdApp}`)).body.label).toBe(
      'Ausstellungsplaner',
    );
    const { password: _p, ...hookWithoutPassword } = input.webhook;
    const updated = await call('PUT', `/Applications/${createdApp}`, {
      body: { ...input, label: 'Ausstellungsplaner 2', webhook: hookWithoutPassword },
    });
    expect(updated.body).toMatchObject({ label: 'Ausstellungsplaner 2', webhook: { passwordSet: true } });
    const history = await call<Schema<'HistoryList'>>(
      'GET',
      `/Applications/${createdApp}/History?sort=updatedAt&order=desc`,
    );
    expect(
      history.body.items.some(
        (e) =>
          e.mode === 'UPDATE' &&
          e.field === 'label' &&
          e.value === 'Ausstellungsplaner 2' &&
          e.updatedBy === users.globalAdmin,
      ),
    ).toBe(true);
    expect(JSON.stringify(history.body)).not.toContain('secret');
    const renamed = history.body.items.find((e) => e.field === 'label' && e.mode === 'UPDATE');
    const reverted = await call('POST', `/Applications/${createdApp}/History/${renamed?.id}/Revert`);
    expect(reverted.body).toMatchObject({ label: 'Ausstellungsplaner', webhook: { passwordSet: true } });
    expect((await call('DELETE', `/Applications/${createdApp}`)).status).toBe(204);
    expect((await call('GET', `/Applications/${createdApp}`)).status).toBe(404);
    expect((await call('PUT', `/Applications/${createdApp}`, { body: input })).status).toBe(404);
    expect((await call('DELETE', `/Applications/${createdApp}`)).status).toBe(404);
    expect((await call<Schema<'HistoryList'>>('GET', `/Applications/${createdApp}/History`)).body.items[0]?.mode).toBe(
      'DELETE',
    );
    expect((await call('GET', '/Applications/no-such-app/History')).status).toBe(404);
  });

  const entities: { path: string; input: Record<string, unknown>; change: Record<string, unknown> }[] = [
    {
      path: '/Attributes',
      input: { key: 'favouriteColour', label: 'Lieblingsfarbe', dataType: 'STRING' },
      change: { label: 'Farbe' },
    },
    {
      path: '/Permissions',
      input: { key: 'showroom.admin', description: 'Ausstellung' },
      change: { description: 'Ausstellung verwalten' },
    },
    {
      path: '/Roles',
      input: { key: 'showroom.guide', label: 'Führer', permissionIds: [], applicationIds: [apps.kitchenPlanner] },
      change: { label: 'Führerin' },
    },
    {
      path: '/AccountAccesses',
      input: {
        key: 'dealer.nord.kiel',
        label: 'Filiale Kiel',
        parentId: accountAccesses.dealerNord,
        parentDeterminationMethod: 'MANUAL',
        childDeterminationMethod: 'NONE',
        attributeId: null,
      },
      change: { label: 'Filiale Kiel-Nord' },
    },
    {
      path: '/CustomFlows',
      input: { key: 'showroom-consent', label: 'Einwilligung', description: '', attributeIds: [attributes.phone] },
      change: { label: 'Einwilligung 2' },
    },
  ];
  for (const e of entities) {
    it(`CRUD and history of ${e.path}`, async () => {
      const list = await call<Listed>('GET', `${e.path}?page=1&pageSize=50&order=desc`);
      expect(list.body.total).toBeGreaterThan(0);
      const created = await call<Created>('POST', e.path, { body: e.input });
      expect(created.status).toBe(201);
      const id = created.body.id;
      expect((await call('POST', e.path, { body: e.input })).status).toBe(409);
      expect((await call('GET', `${e.path}/${id}`)).body).toMatchObject(e.change ? { id } : {});
      const updated = await call('PUT', `${e.path}/${id}`, { body: { ...e.input, ...e.change } });
      expect(updated.body).toMatchObject(e.change);
      const search = await call<Listed>('GET', `${e.path}?search=${encodeURIComponent(String(e.input.key))}`);
      expect(search.body.items.map((x) => x.id)).toContain(id);
      const history = await call<Schema<'HistoryList'>>('GET', `${e.path}/${id}/History`);
      expect(history.body.items.map((x) => x.mode)).toContain('UPDATE');
      const [field] = Object.keys(e.change);
      const changed = history.body.items.find((x) => x.mode === 'UPDATE' && x.field === field);
      const reverted = await call('POST', `${e.path}/${id}/History/${changed?.id}/Revert`);
      expect(reverted.body).toMatchObject({ [String(field)]: e.input[String(field)] });
      expect((await call('GET', `${e.path}/${id}/Usage`)).status).toBe(200);
      expect((await call('DELETE', `${e.path}/${id}`)).status).toBe(200);
      expect((await call('GET', `${e.path}/${id}`)).status).toBe(404);
      expect((await call('PUT', `${e.path}/${id}`, { body: e.input })).status).toBe(404);
      expect((await call('DELETE', `${e.path}/${id}`)).status).toBe(404);
      expect((await call('GET', `${e.path}/00000000-0000-4000-8000-00000000dead/History`)).status).toBe(404);
      expect((await call('GET', e.path, { as: 'partner' })).status).toBe(403);
      expect((await call('POST', e.path, { as: 'partner', body: e.input })).status).toBe(403);
      expect((await call('POST', e.path, { body: { ...e.input, unknown: 1 } })).status).toBe(400);
    });
  }

  it('a role linked to applications from its own page comes last among the roles of each, visible and no default', async () => {
    const before = await call<Schema<'Application'>>('GET', `/Applications/${apps.kitchenPlanner}`);
    const created = await call<Schema<'Role'>>('POST', '/Roles', {
      body: {
        key: 'showroom.host',
        label: 'Gastgeber',
        permissionIds: [],
        applicationIds: [apps.kitchenPlanner, apps.servicePortal],
      },
    });
    expect(created.status).toBe(201);
    for (const app of [apps.kitchenPlanner, apps.servicePortal]) {
      const roles = (await call<Schema<'Application'>>('GET', `/Applications/${app}`)).body.roles;
      expect(roles.at(-1)).toEqual({ roleId: created.body.id, permissionId: null, visible: true, default: false });
    }
    const after = (await call<Schema<'Application'>>('GET', `/Applications/${apps.kitchenPlanner}`)).body.roles;
    expect(after.slice(0, -1)).toEqual(before.body.roles);
    expect((await call('DELETE', `/Roles/${created.body.id}`)).status).toBe(200);
  });

  it('downloads every global list as CSV with its search and sort', async () => {
    for (const [path, list] of [
      ['/Applications/Export?sort=sortNumber', '/Applications?sort=sortNumber&pageSize=100'],
      ['/Attributes/Export?search=nummer', '/Attributes?search=nummer&pageSize=100'],
      ['/Permissions/Export', '/Permissions?pageSize=100'],
      ['/Roles/Export?sort=key&order=desc', '/Roles?sort=key&order=desc&pageSize=100'],
      ['/AccountAccesses/Export', '/AccountAccesses?pageSize=100'],
      ['/CustomFlows/Export', '/CustomFlows?pageSize=100'],
    ] as const) {
      const csv = await call('GET', path);
      const { items, total } = (await call<Listed>('GET', list)).body;
      const rows = String(csv.body).trim().split('\r\n').slice(1);
      expect(rows, path).toHaveLength(total);
      expect(
        rows.map((row) => row.split(',')[0]),
        path,
      ).toEqual(items.map((item) => item.id));
    }
  });

  it('shows usages of attributes and permissions', async () => {
    const a = await call<Schema<'Attribute'>>('GET', `/Attributes/${attributes.customerNumber}`);
    expect(a.body.usages.map((u) => u.type)).toContain('APPLICATION');
  });

  it('says what deleting an application or a user would affect (#30.3)', async () => {
    const application = await call<Schema<'EntityUsage'>>('GET', `/Applications/${apps.kitchenPlanner}/Usage`);
    expect(application.body.groups.map((g) => g.kind)).toContain('USER');
    const user = await call<Schema<'EntityUsage'>>('GET', `/Users/${users.appAdmin}/Usage`);
    expect(user.body.groups.map((g) => g.kind)).toEqual(['APPLICATION', 'ADMIN_PERMISSION_LOST']);
  });

  it('lists, shows and deletes users', async () => {
    const list = await call<Schema<'UserList'>>('GET', '/Users?search=hk-demo&sort=email&pageSize=10');
    expect(list.body.total).toBe(6);
    const csv = await call('GET', '/Users/Export?search=hk-demo&sort=email');
    expect(String(csv.body).trim().split('\r\n')).toHaveLength(7);
    const one = await call<Schema<'UserDetail'>>('GET', `/Users/${users.partner}`);
    expect(one.body.applications.map((a) => a.id)).toContain(apps.dealerOrdering);
    expect((await call('GET', '/Users', { as: 'appAdmin' })).status).toBe(403);
    const before = (await call<Schema<'UserList'>>('GET', '/Users?pageSize=10')).body.total;
    expect((await call('DELETE', `/Users/${users.customer}`)).status).toBe(204);
    expect((await call<Schema<'UserList'>>('GET', '/Users?pageSize=10')).body.total).toBe(before - 1);
    const counted = await h.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(before - 1).toBe(Number(counted.n));
    expect((await call('GET', `/Users/${users.customer}`)).status).toBe(404);
    expect((await call('DELETE', `/Users/${users.customer}`)).status).toBe(404);
  });
});

describe('internal calls of the identity provider', () => {
  it('answers claims with permissions from roles', async () => {
    const admin = await call<UserClaims>('GET', `/Internal/Users/${users.globalAdmin}/Claims`, { as: 'internal' });
    expect(admin.body).toMatchObject({
      sub: users.globalAdmin,
      email: 'admin@hk-demo.test',
      internal: true,
      name: 'Greta Gruber',
    });
    expect(admin.body.hkData.permissions).toEqual(
      expect.arrayContaining(['all_users.read', 'applications.write', 'customflows.read']),
    );
    const partner = await call<UserClaims>('GET', `/Internal/Users/${users.partner}/Claims`, { as: 'internal' });
    expect(partner.body.hkData.attributes).toMatchObject({
      firstName: 'Dana',
      lastName: 'Dealer',
      dealerNumber: 'H-1001',
    });
    expect(
      (await call('GET', '/Internal/Users/00000000-0000-4000-8000-0000000000ff/Claims', { as: 'internal' })).status,
    ).toBe(404);
    expect((await call('GET', `/Internal/Users/${users.partner}/Claims`, { as: 'partner' })).status).toBe(401);
  });

  it('answers the gate for a user and client', async () => {
    const r = await call('GET', `/Internal/AuthCheck?userId=${users.newUser}&clientId=${apps.hr}`, { as: 'internal' });
    expect(r.body).toMatchObject({ status: 'noAccess', requestable: false });
    expect((await call('GET', `/Internal/AuthCheck?userId=bad&clientId=${apps.hr}`, { as: 'internal' })).status).toBe(
      400,
    );
    expect(
      (
        await call('GET', `/Internal/AuthCheck?userId=00000000-0000-4000-8000-0000000000ff&clientId=${apps.hr}`, {
          as: 'internal',
        })
      ).status,
    ).toBe(404);
  });

  it('records a changed e-mail, refused for internal accounts', async () => {
    expect(
      (
        await call('PUT', `/Internal/Users/${users.partner}/Email`, {
          as: 'internal',
          body: { email: 'dana@partner.example.test' },
        })
      ).status,
    ).toBe(204);
    expect((await call<Schema<'Profile'>>('GET', '/My/Profile', { as: 'partner' })).body.email).toBe(
      'dana@partner.example.test',
    );
    expect(
      (
        await call('PUT', `/Internal/Users/${users.employee}/Email`, {
          as: 'internal',
          body: { email: 'x@example.test' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('PUT', `/Internal/Users/${users.appAdmin}/Email`, {
          as: 'internal',
          body: { email: 'admin@hk-demo.test' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call('PUT', `/Internal/Users/${users.appAdmin}/Email`, {
          as: 'internal',
          body: { email: 'not-an-email' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('bulk changes and the CSV import (#20.3), as jobs (#28.6)', () => {
  /** A 202's job read (GET, validated) until it is finished. */
  async function finished(accepted: { status: number; body: Job }, as: keyof typeof users): Promise<Job> {
    expect(accepted.status).toBe(202);
    let job = accepted.body;
    const path = new URL(job.statusUrl).pathname;
    expect(path).toBe(`/Admin/Applications/${job.applicationId}/Jobs/${job.id}`);
    // Read at least once (a small job is finished in the 202 already).
    for (let i = 0; i === 0 || job.status === 'QUEUED' || job.status === 'RUNNING'; i++) {
      if (i > 400) throw new Error('the job did not finish');
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const r = await call<Job>('GET', path, { as });
      expect(r.status).toBe(200);
      job = r.body;
    }
    return job;
  }

  it('changes several users of an application at once', async () => {
    const r = await call<Job>('POST', `/Admin/Applications/${apps.kitchenPlanner}/Users/Bulk`, {
      as: 'appAdmin',
      body: { action: 'addRoles', userIds: [users.newUser], roleIds: [roles.plannerViewer] },
    });
    expect(await finished(r, 'appAdmin')).toMatchObject({
      kind: 'USERS_BULK',
      status: 'SUCCEEDED',
      progress: { done: 1, total: 1 },
      result: { count: 1 },
      error: null,
    });
    expect(
      (
        await finished(
          await call('POST', `/Admin/Applications/${apps.kitchenPlanner}/Users/Bulk`, {
            as: 'appAdmin',
            body: { action: 'removeAccess', userIds: [users.newUser] },
          }),
          'appAdmin',
        )
      ).result,
    ).toEqual({ count: 1 });
    expect(
      (
        await call('POST', `/Admin/Applications/${apps.dealerOrdering}/Users/Bulk`, {
          as: 'appAdmin',
          body: { action: 'removeAccess', userIds: [users.newUser] },
        })
      ).status,
    ).toBe(403);
    // The same body as the last job is that job again; a new Idempotency-Key makes it a job of its own.
    const refused = await finished(
      await call('POST', `/Admin/Applications/${apps.kitchenPlanner}/Users/Bulk`, {
        as: 'appAdmin',
        body: { action: 'removeAccess', userIds: [users.newUser] },
        headers: { 'Idempotency-Key': 'contract-test-remove-again' },
      }),
      'appAdmin',
    );
    expect(refused).toMatchObject({ status: 'FAILED', result: null, error: { status: 400 } });
    // Someone who does not administer the application does not read its jobs.
    expect((await call('GET', new URL(refused.statusUrl).pathname, { as: 'partner' })).status).toBe(403);
    expect(
      (await call('GET', `/Admin/Applications/${apps.kitchenPlanner}/Jobs/${users.newUser}`, { as: 'appAdmin' }))
        .status,
    ).toBe(404);
  });

  it('decides several access requests at once', async () => {
    const open = await call<Schema<'AccessRequestList'>>(
      'GET',
      `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests?status=OPEN`,
      {
        as: 'appAdmin',
      },
    );
    const ids = open.body.items.slice(0, 2).map((r) => r.id);
    const r = await call<Job>('POST', `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests/Decide`, {
      as: 'appAdmin',
      body: { requestIds: ids, decision: { decision: 'DENY', reason: 'Sammelentscheidung' } },
    });
    expect(await finished(r, 'appAdmin')).toMatchObject({
      kind: 'ACCESS_REQUESTS_DECIDE',
      status: 'SUCCEEDED',
      result: { count: 2 },
    });
    const again = await finished(
      await call('POST', `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests/Decide`, {
        as: 'appAdmin',
        body: { requestIds: ids, decision: { decision: 'DENY' } },
      }),
      'appAdmin',
    );
    expect(again).toMatchObject({ status: 'FAILED', error: { status: 409 } });
  });

  it("imports users' access from CSV: a dry run, then apply", async () => {
    const path = `/Admin/Applications/${apps.kitchenPlanner}/Users/Import`;
    const csv = 'email,roles\nnew@hk-demo.test,kitchen_planner.viewer\nnobody@example.test,kitchen_planner.viewer';
    const dry = await call<Schema<'ApplicationUsersImportResult'>>('POST', path, {
      as: 'appAdmin',
      body: { csv, apply: false },
    });
    expect(dry.body).toMatchObject({ applied: false, rows: [{ line: 2, change: 'GRANT' }], invalid: [{ line: 3 }] });
    expect(
      await finished(await call('POST', path, { as: 'appAdmin', body: { csv, apply: true } }), 'appAdmin'),
    ).toMatchObject({ status: 'FAILED', error: { status: 400, body: { error: { code: 'import.invalidRows' } } } });
    const body = { csv: 'email,roles\nnew@hk-demo.test,kitchen_planner.viewer', apply: true };
    const headers = { 'Idempotency-Key': 'contract-test-import-1' };
    const applied = await finished(await call('POST', path, { as: 'appAdmin', body, headers }), 'appAdmin');
    expect(applied).toMatchObject({ status: 'SUCCEEDED', result: { applied: true } });
    // The same key again: the first job. With another body: 409.
    expect((await call<Job>('POST', path, { as: 'appAdmin', body, headers })).body.id).toBe(applied.id);
    expect(
      (await call('POST', path, { as: 'appAdmin', body: { ...body, csv: `${body.csv}\n` }, headers })).status,
    ).toBe(409);
  });

  it('deletes several entities of each global list at once', async () => {
    const created = async (path: string, body: object) => (await call<Created>('POST', path, { body })).body.id;
    const lists: [string, () => Promise<string>][] = [
      [
        '/Attributes',
        () =>
          created('/Attributes', {
            key: `bulkAttr${Math.random().toString(36).slice(2, 8)}`,
            label: 'Sammel',
            dataType: 'STRING',
          }),
      ],
      [
        '/Permissions',
        () =>
          created('/Permissions', {
            key: `bulk.perm.${Math.random().toString(36).slice(2, 8)}`,
            description: 'Sammel',
          }),
      ],
      [
        '/Roles',
        () =>
          created('/Roles', {
            key: `bulk.role.${Math.random().toString(36).slice(2, 8)}`,
            label: 'Sammel',
            permissionIds: [],
            applicationIds: [],
          }),
      ],
      [
        '/AccountAccesses',
        () =>
          created('/AccountAccesses', {
            key: `bulk.access.${Math.random().toString(36).slice(2, 8)}`,
            label: 'Sammel',
            parentId: null,
            parentDeterminationMethod: 'MANUAL',
            childDeterminationMethod: 'NONE',
            attributeId: null,
          }),
      ],
      [
        '/CustomFlows',
        () =>
          created('/CustomFlows', {
            key: `bulk-flow-${Math.random().toString(36).slice(2, 8)}`,
            label: 'Sammel',
            description: '',
            attributeIds: [],
          }),
      ],
    ];
    for (const [path, make] of lists) {
      const ids = [await make(), await make()];
      expect(await call('POST', `${path}/BulkDelete`, { body: { ids } }), path).toMatchObject({
        status: 200,
        body: { count: 2 },
      });
      expect((await call('POST', `${path}/BulkDelete`, { body: { ids } })).status, path).toBe(400);
      expect((await call('POST', `${path}/BulkDelete`, { as: 'partner', body: { ids } })).status, path).toBe(403);
    }
    const apps2 = [
      await created('/Applications', { label: 'Sammel A', url: 'https://a.example.test' }),
      await created('/Applications', { label: 'Sammel B', url: 'https://b.example.test' }),
    ];
    expect(await call('POST', '/Applications/BulkDelete', { body: { ids: apps2 } })).toMatchObject({
      status: 200,
      body: { count: 2 },
    });
    expect((await call('POST', '/Applications/BulkDelete', { body: { ids: apps2 } })).status).toBe(400);
    expect(
      (await call('POST', '/Applications/BulkDelete', { as: 'appAdmin', body: { ids: [apps.kitchenPlanner] } })).status,
    ).toBe(403);
    expect(await call('POST', '/Users/BulkDelete', { body: { ids: [users.newUser] } })).toMatchObject({
      status: 200,
      body: { count: 1 },
    });
    expect((await call('POST', '/Users/BulkDelete', { as: 'appAdmin', body: { ids: [users.partner] } })).status).toBe(
      403,
    );
  });
});

describe('access governance (#19)', () => {
  it('offers the catalogue, takes a request with substance, lists, shows and cancels my requests', async () => {
    const catalogue = await call<Schema<'CatalogueList'>>('GET', '/My/Catalogue?pageSize=10', { as: 'newUser' });
    expect(catalogue.status).toBe(200);
    expect(catalogue.body.items.map((a) => a.id)).not.toContain(apps.hr);
    expect(catalogue.body.items.find((a) => a.id === apps.kitchenPlanner)).toMatchObject({
      accessStatus: 'none',
      request: { timeBoundAccess: true, maxAccessDays: 365 },
    });
    const created = await call<Schema<'MyAccessRequest'>>(
      'POST',
      `/My/Applications/${apps.servicePortal}/AccessRequest`,
      {
        as: 'newUser',
        body: { justification: 'Reklamationen bearbeiten' },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'OPEN',
      justification: 'Reklamationen bearbeiten',
      canRequestAgain: false,
    });
    const mine = await call<Schema<'MyAccessRequestList'>>('GET', '/My/AccessRequests?status=OPEN&pageSize=10', {
      as: 'newUser',
    });
    expect(mine.body.items.map((r) => r.id)).toContain(created.body.id);
    expect(
      (await call<Schema<'MyAccessRequest'>>('GET', `/My/AccessRequests/${created.body.id}`, { as: 'newUser' })).body
        .id,
    ).toBe(created.body.id);
    expect((await call('GET', `/My/AccessRequests/${created.body.id}`, { as: 'partner' })).status).toBe(404);
    const cancelled = await call('POST', `/My/AccessRequests/${created.body.id}/Cancel`, { as: 'newUser' });
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', canRequestAgain: true });
    expect((await call('POST', `/My/AccessRequests/${created.body.id}/Cancel`, { as: 'newUser' })).status).toBe(409);
  });

  it('accepts a time-bound request and leaves the user a notification', async () => {
    const endsAt = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    const created = await call<Schema<'MyAccessRequest'>>(
      'POST',
      `/My/Applications/${apps.kitchenPlanner}/AccessRequest`,
      {
        as: 'newUser',
        body: { accountAccessId: accountAccesses.dealerSued, justification: 'Planung für Kunden', endsAt },
      },
    );
    expect(created.status).toBe(201);
    const accepted = await call('PUT', `/Admin/Applications/AccessRequests/${created.body.id}`, {
      as: 'appAdmin',
      body: { decision: 'ACCEPT', roleIds: [roles.planner], endsAt },
    });
    expect(accepted.body).toMatchObject({
      status: 'ACCEPTED',
      justification: 'Planung für Kunden',
      requestedEndsAt: endsAt,
      endsAt,
      timeBoundAccess: true,
    });
    const notifications = await call<Schema<'MyNotificationList'>>('GET', '/My/Notifications?unread=true', {
      as: 'newUser',
    });
    expect(notifications.body.items[0]).toMatchObject({
      kind: 'REQUEST_ACCEPTED',
      application: { id: apps.kitchenPlanner },
    });
    expect(
      (await call('POST', `/My/Notifications/${notifications.body.items[0]?.id}/Read`, { as: 'newUser' })).status,
    ).toBe(204);
    expect(
      (await call('POST', `/My/Notifications/${notifications.body.items[0]?.id}/Read`, { as: 'partner' })).status,
    ).toBe(404);
  });
});

describe('coverage', () => {
  it('exercised every operation of the document with a successful answer', () => {
    const missing = allOperations().filter((op) => ![...(covered.get(op) ?? [])].some((s) => s < 300));
    expect(missing).toEqual([]);
  });
});
