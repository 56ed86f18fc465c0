// Access governance (#19): the catalogue, requests with substance, my requests, the decision with
// an end, the application's settings, authorisation (a user sees and cancels only their own
// requests; an application administrator decides only for their applications), bad input in the
// error shape of §8, history and the access request webhook events.
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, accountAccesses, apps, roles, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import type { ApiError, AuthCheckResult, Schema } from '@portal/contract';
import { harness, token } from './harness.ts';
import { anyString, containing } from './matchers.ts';
import type { Harness } from './harness.ts';

let h: Harness;
const t: Record<string, string> = {};
type Application = Schema<'Application'>;
type Catalogue = Schema<'CatalogueList'>;
type MyRequest = Schema<'MyAccessRequest'>;
type Request = Schema<'AccessRequest'>;
type Notifications = Schema<'MyNotificationList'>;
type Grant = Schema<'ApplicationUser'>;
const day = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString();

/**
 * The answer read as `T`, the contract's type for the status the test expects (null without a body);
 * contract.test.ts checks the answers against the document.
 */
async function call<T = unknown>(
  method: string,
  path: string,
  as: string,
  body?: unknown,
  lang = 'de',
): Promise<{ status: number; body: T }> {
  const r = await h.request(method, path, { token: t[as], body, headers: { lang } });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : null) as T };
}

beforeAll(async () => {
  h = await harness();
  for (const [name, id] of Object.entries(users)) {
    t[name] = await token({ sub: id, permissions: (await claimsOf(h.db, id)).hkData.permissions });
  }
  // The kitchen planner's webhook sends the access request events.
  await h.db
    .insertInto('webhooks')
    .values({
      application_id: apps.kitchenPlanner,
      enabled: true,
      endpoint_url: 'http://127.0.0.1:9/hook',
      username: null,
      password: null,
      on_grant: true,
      on_remove: true,
      on_update: true,
      on_access_request: true,
      headers: '[]',
      key_vault_reference: null,
    })
    .execute();
});
afterAll(() => h.close());

const events = async (userId: string) =>
  (
    await h.db
      .selectFrom('webhook_deliveries')
      .select('event')
      .where('application_id', '=', apps.kitchenPlanner)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute()
  ).map((d) => d.event);

describe('the catalogue', () => {
  it('offers only applications that are not internal and allow requests, searched and paged on the server', async () => {
    const all = await call<Catalogue>('GET', '/My/Catalogue', 'newUser');
    expect(all.status).toBe(200);
    const ids = all.body.items.map((a) => a.id);
    expect(ids).toEqual(
      expect.arrayContaining([apps.dealerOrdering, apps.kitchenPlanner, apps.servicePortal, apps.marketing]),
    );
    expect(ids).not.toContain(apps.hr);
    expect(ids).not.toContain(apps.portal);
    expect(all.body.total).toBe(ids.length);
    const searched = await call<Catalogue>('GET', '/My/Catalogue?search=k%C3%BCchen', 'newUser');
    expect(searched.body.items.map((a) => a.id)).toEqual([apps.kitchenPlanner]);
    expect(searched.body.items[0]).toMatchObject({
      label: 'Küchenplaner',
      accessStatus: 'none',
      accessEndsAt: null,
      pendingRequestId: null,
      request: {
        justification: 'optional',
        justificationMaxLength: 1000,
        timeBoundAccess: true,
        maxAccessDays: 365,
        accountAccessRequired: true,
        accountAccesses: { total: 2 },
      },
    });
    const paged = await call<Catalogue>('GET', '/My/Catalogue?pageSize=10&page=2', 'newUser');
    expect(paged.body).toMatchObject({ items: [], total: all.body.total });
    expect((await call('GET', '/My/Catalogue?pageSize=7', 'newUser')).status).toBe(400);
    expect((await h.request('GET', '/My/Catalogue')).status).toBe(401);
  });

  it('says where the user stands: requested, granted', async () => {
    const partner = await call<Catalogue>('GET', '/My/Catalogue?pageSize=100', 'partner');
    const byId = new Map(partner.body.items.map((a) => [a.id, a]));
    expect(byId.get(apps.kitchenPlanner)).toMatchObject({
      accessStatus: 'requested',
      pendingRequestId: accessRequests.partnerPlanner,
    });
    expect(byId.get(apps.dealerOrdering)).toMatchObject({ accessStatus: 'granted', accessEndsAt: null });
  });

  it('does not offer a new application until an administrator allows requests (#30.4)', async () => {
    const created = await call<Application>('POST', '/Applications', 'globalAdmin', {
      label: 'Neue Planungshilfe',
      url: 'https://new-planner.hk-demo.test',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ accessRequestAllowed: false, released: false });
    const listed = async () =>
      (await call<Catalogue>('GET', '/My/Catalogue?search=Planungshilfe', 'newUser')).body.items.map((a) => a.id);
    expect(await listed()).toEqual([]);
    const gate = await call<AuthCheckResult>('GET', `/AuthCheck?clientId=${created.body.id}`, 'newUser');
    expect(gate.body).toMatchObject({ status: 'noAccess', requestable: false });
    const refused = await call('POST', `/My/Applications/${created.body.id}/AccessRequest`, 'newUser', {});
    expect(refused.status).toBe(403);
    const { id, adminPermissionKey: _k, released: _r, accessRequestsAmount: _n, ...input } = created.body;
    const allowed = await call('PUT', `/Applications/${id}`, 'globalAdmin', { ...input, accessRequestAllowed: true });
    expect(allowed.status).toBe(200);
    expect(await listed()).toEqual([id]);
    await call('DELETE', `/Applications/${id}`, 'globalAdmin');
  });
});

describe('a request with substance', () => {
  it('refuses bad input with translated field errors and writes nothing', async () => {
    const path = `/My/Applications/${apps.kitchenPlanner}/AccessRequest`;
    const tooLate = await call<ApiError>(
      'POST',
      path,
      'newUser',
      { accountAccessId: accountAccesses.dealerNord, endsAt: inDays(400) },
      'en',
    );
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.error).toMatchObject({
      code: 'accessRequest.endTooLate',
      message: 'The end date may be at most 365 days in the future.',
      errors: [{ field: 'endsAt', message: 'The end date may be at most 365 days in the future.' }],
    });
    const past = await call<ApiError>(
      'POST',
      path,
      'newUser',
      { accountAccessId: accountAccesses.dealerNord, endsAt: inDays(-1) },
      'fr',
    );
    expect(past.body.error).toMatchObject({
      code: 'accessRequest.endInPast',
      message: 'La date de fin doit être dans le futur.',
    });
    const long = await call<ApiError>('POST', path, 'newUser', {
      accountAccessId: accountAccesses.dealerNord,
      justification: 'x'.repeat(1001),
    });
    expect(long.status).toBe(400);
    expect(long.body.error.errors[0]?.field).toBe('justification');
    const notTimeBound = await call<ApiError>(
      'POST',
      `/My/Applications/${apps.servicePortal}/AccessRequest`,
      'newUser',
      { endsAt: inDays(5) },
      'pl',
    );
    expect(notTimeBound.body.error).toMatchObject({
      code: 'accessRequest.timeBoundNotAllowed',
      message: 'Ta aplikacja nie przyznaje dostępu czasowego.',
    });
    const badAnswer = await call<ApiError>('POST', `/My/Applications/${apps.dealerOrdering}/AccessRequest`, 'newUser', {
      accountAccessId: accountAccesses.branchBremen,
      answers: [{ key: 'website', value: 'x' }],
    });
    expect(badAnswer.body.error).toMatchObject({ code: 'attribute.notLinked', errors: [{ field: 'answers.0.key' }] });
    expect((await call('POST', `/My/Applications/${apps.hr}/AccessRequest`, 'newUser', {})).status).toBe(403);
    expect(
      await h.db.selectFrom('access_requests').select('id').where('user_id', '=', users.newUser).execute(),
    ).toEqual([]);
  });

  it('requires a justification when the application says so, and only requestable account accesses', async () => {
    await h.db
      .updateTable('applications')
      .set({ request_justification: 'required' })
      .where('id', '=', apps.kitchenPlanner)
      .execute();
    await h.db
      .updateTable('application_account_accesses')
      .set({ requestable: false })
      .where('application_id', '=', apps.kitchenPlanner)
      .where('account_access_id', '=', accountAccesses.dealerNord)
      .execute();
    try {
      const path = `/My/Applications/${apps.kitchenPlanner}/AccessRequest`;
      const blank = await call<ApiError>(
        'POST',
        path,
        'newUser',
        { accountAccessId: accountAccesses.dealerSued, justification: '   ' },
        'it',
      );
      expect(blank.body.error).toMatchObject({
        code: 'accessRequest.justificationRequired',
        errors: [{ field: 'justification', message: 'Spiega perché hai bisogno dell’accesso.' }],
      });
      const hidden = await call<ApiError>('POST', path, 'newUser', {
        accountAccessId: accountAccesses.dealerNord,
        justification: 'Planung',
      });
      expect(hidden.body.error).toMatchObject({
        code: 'accessRequest.accountAccessNotRequestable',
        errors: [{ field: 'accountAccessId' }],
      });
      const options = await call<Schema<'MyAccessRequestOptions'>>('GET', path, 'newUser');
      expect(options.body.accountAccesses.items.map((a) => a.id)).toEqual([accountAccesses.dealerSued]);
      expect(options.body.requirements).toMatchObject({ justification: 'required', accountAccesses: { total: 1 } });
    } finally {
      await h.db
        .updateTable('applications')
        .set({ request_justification: 'optional' })
        .where('id', '=', apps.kitchenPlanner)
        .execute();
      await h.db
        .updateTable('application_account_accesses')
        .set({ requestable: true })
        .where('application_id', '=', apps.kitchenPlanner)
        .execute();
    }
  });

  it('stores the justification, end and answers with history and the ACCESS_REQUEST_CREATED event', async () => {
    const endsAt = inDays(20);
    const created = await call<MyRequest>('POST', `/My/Applications/${apps.kitchenPlanner}/AccessRequest`, 'newUser', {
      accountAccessId: accountAccesses.dealerSued,
      roleId: roles.planner,
      justification: ' Küchen für Kunden planen ',
      endsAt,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'OPEN',
      justification: 'Küchen für Kunden planen',
      requestedEndsAt: endsAt,
      requestedAccountAccess: { id: accountAccesses.dealerSued },
      requestedRole: { id: roles.planner },
      application: { id: apps.kitchenPlanner, label: 'Küchenplaner' },
    });
    const history = await h.db
      .selectFrom('history')
      .select(['field', 'value'])
      .where('table_name', '=', 'access_requests')
      .where('entity', '=', created.body.id)
      .execute();
    expect(history).toEqual(
      expect.arrayContaining([
        { field: 'requestedEndsAt', value: endsAt },
        { field: 'comment', value: 'Küchen für Kunden planen' },
      ]),
    );
    expect(await events(users.newUser)).toEqual(['ACCESS_REQUEST_CREATED']);
    expect(
      (
        await call('POST', `/My/Applications/${apps.kitchenPlanner}/AccessRequest`, 'newUser', {
          accountAccessId: accountAccesses.dealerSued,
        })
      ).status,
    ).toBe(409);
    const apps_ = await call<Schema<'MyApplicationList'>>('GET', '/My/Applications', 'newUser');
    expect(apps_.body.items.find((a) => a.id === apps.kitchenPlanner)).toMatchObject({
      accessStatus: 'requested',
      pendingRequestId: created.body.id,
      accessEndsAt: null,
    });
  });
});

describe('my requests', () => {
  it('lists only my own, filtered by status and searched by application', async () => {
    const mine = await call<Schema<'MyAccessRequestList'>>('GET', '/My/AccessRequests', 'customer');
    expect(mine.body.items.map((r) => r.id).sort()).toEqual(
      [accessRequests.customerPlanner, accessRequests.customerMarketing].sort(),
    );
    const searched = await call<Schema<'MyAccessRequestList'>>(
      'GET',
      '/My/AccessRequests?search=marketing',
      'customer',
    );
    expect(searched.body.items.map((r) => r.id)).toEqual([accessRequests.customerMarketing]);
    expect((await call('GET', '/My/AccessRequests?status=DENIED', 'customer')).body).toEqual({ items: [], total: 0 });
    expect((await call('GET', '/My/AccessRequests?status=LATER', 'customer')).status).toBe(400);
    expect((await call('GET', `/My/AccessRequests/${accessRequests.partnerPlanner}`, 'customer')).status).toBe(404);
    expect((await call('GET', '/My/AccessRequests/not-an-id', 'customer')).status).toBe(404);
  });

  it('cancels only my own open request, once', async () => {
    expect((await call('POST', `/My/AccessRequests/${accessRequests.partnerPlanner}/Cancel`, 'customer')).status).toBe(
      404,
    );
    const cancelled = await call('POST', `/My/AccessRequests/${accessRequests.customerMarketing}/Cancel`, 'customer');
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', canRequestAgain: true });
    const again = await call<ApiError>(
      'POST',
      `/My/AccessRequests/${accessRequests.customerMarketing}/Cancel`,
      'customer',
      undefined,
      'nl',
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'accessRequest.notOpen',
      message: 'Deze aanvraag staat niet meer open.',
    });
    const history = await h.db
      .selectFrom('history')
      .select(['field', 'value', 'updated_by'])
      .where('entity', '=', accessRequests.customerMarketing)
      .where('mode', '=', 'UPDATE')
      .execute();
    expect(history).toEqual([{ field: 'status', value: 'CANCELLED', updated_by: users.customer }]);
  });

  it('shows a denial with the reason, and a new request may be sent after it', async () => {
    const foreign = await call(
      'PUT',
      `/Admin/Applications/AccessRequests/${accessRequests.customerPlanner}`,
      'globalAdmin',
      { decision: 'DENY', reason: 'Kein Händler' },
    );
    expect(foreign.status).toBe(200);
    const denied = await call('GET', `/My/AccessRequests/${accessRequests.customerPlanner}`, 'customer');
    expect(denied.body).toMatchObject({ status: 'DENIED', reason: 'Kein Händler', canRequestAgain: true });
    const notifications = await call('GET', '/My/Notifications', 'customer');
    expect(notifications.body).toMatchObject({
      unread: 1,
      items: [{ kind: 'REQUEST_DENIED', requestId: accessRequests.customerPlanner, reason: 'Kein Händler' }],
    });
    const again = await call<MyRequest>('POST', `/My/Applications/${apps.kitchenPlanner}/AccessRequest`, 'customer', {
      accountAccessId: accountAccesses.dealerNord,
      justification: 'Jetzt als Händler',
    });
    expect(again.status).toBe(201);
    expect(await events(users.customer)).toEqual(['ACCESS_REQUEST_DENIED', 'ACCESS_REQUEST_CREATED']);
    // The user's data export holds the notifications and the requests' new fields too.
    const exported = await call<Schema<'MyDataExport'>>('GET', '/My/Export', 'customer');
    expect(exported.body.notifications).toEqual([
      containing({ kind: 'REQUEST_DENIED', application: 'Küchenplaner', readAt: null }),
    ]);
    expect(exported.body.accessRequests.find((r) => r.id === again.body.id)).toMatchObject({
      comment: 'Jetzt als Händler',
      answers: [],
      requestedEndsAt: null,
    });
  });
});

describe('notifications (#30.6)', () => {
  it('say the latest state per application: a later one marks the earlier unread ones about it read', async () => {
    const request = (await call<MyRequest>('POST', `/My/Applications/${apps.marketing}/AccessRequest`, 'newUser', {}))
      .body;
    expect(
      (
        await call('PUT', `/Admin/Applications/AccessRequests/${request.id}`, 'globalAdmin', {
          decision: 'DENY',
          reason: 'Bitte mit Kostenstelle',
        })
      ).status,
    ).toBe(200);
    const denied = (await call<Notifications>('GET', '/My/Notifications?unread=true', 'newUser')).body.items;
    expect(denied.filter((n) => n.application.id === apps.marketing)).toEqual([
      containing({ kind: 'REQUEST_DENIED', reason: 'Bitte mit Kostenstelle' }),
    ]);
    const second = (
      await call<MyRequest>('POST', `/My/Applications/${apps.marketing}/AccessRequest`, 'newUser', {
        justification: 'Kostenstelle 4711',
      })
    ).body;
    expect(
      (
        await call('PUT', `/Admin/Applications/AccessRequests/${second.id}`, 'globalAdmin', {
          decision: 'ACCEPT',
          roleIds: [roles.marketingUser],
        })
      ).status,
    ).toBe(200);
    const unread = (await call<Notifications>('GET', '/My/Notifications?unread=true', 'newUser')).body.items;
    expect(unread.filter((n) => n.application.id === apps.marketing)).toEqual([
      containing({ kind: 'REQUEST_ACCEPTED', requestId: second.id, reason: null }),
    ]);
    // The denial is kept (read), with its reason.
    const all = (await call<Notifications>('GET', '/My/Notifications', 'newUser')).body.items;
    expect(all.find((n) => n.kind === 'REQUEST_DENIED' && n.application.id === apps.marketing)).toMatchObject({
      reason: 'Bitte mit Kostenstelle',
      readAt: anyString(),
    });
  });
});

describe('the decision', () => {
  it('is only for the administrators of the application', async () => {
    const open = await h.db
      .selectFrom('access_requests')
      .select('id')
      .where('user_id', '=', users.newUser)
      .where('application_id', '=', apps.kitchenPlanner)
      .where('status', '=', 'OPEN')
      .executeTakeFirstOrThrow();
    expect((await call('GET', `/Admin/Applications/AccessRequests/${open.id}`, 'partner')).status).toBe(403);
    expect(
      (
        await call('PUT', `/Admin/Applications/AccessRequests/${open.id}`, 'customer', {
          decision: 'ACCEPT',
          roleIds: [roles.planner],
        })
      ).status,
    ).toBe(403);
    // The dealer ordering's requests are not the kitchen planner administrator's.
    const dealer = await call<MyRequest>('POST', `/My/Applications/${apps.dealerOrdering}/AccessRequest`, 'newUser', {
      accountAccessId: accountAccesses.branchBremen,
    });
    expect(
      (
        await call('PUT', `/Admin/Applications/AccessRequests/${dealer.body.id}`, 'appAdmin', {
          decision: 'DENY',
          reason: 'nein',
        })
      ).status,
    ).toBe(403);
  });

  it('shows the justification and the end asked for; accepts with roles and an end within the maximum', async () => {
    const open = await h.db
      .selectFrom('access_requests')
      .select('id')
      .where('user_id', '=', users.newUser)
      .where('application_id', '=', apps.kitchenPlanner)
      .where('status', '=', 'OPEN')
      .executeTakeFirstOrThrow();
    const detail = await call<Request>('GET', `/Admin/Applications/AccessRequests/${open.id}`, 'appAdmin');
    expect(detail.body).toMatchObject({
      justification: 'Küchen für Kunden planen',
      requestedRole: { id: roles.planner },
      requestedAccountAccess: { id: accountAccesses.dealerSued },
      timeBoundAccess: true,
      endsAt: null,
      answers: [],
    });
    expect(new Date(detail.body.maxEndsAt ?? '').getTime()).toBeGreaterThan(Date.now() + 364 * day);
    const noRole = await call<ApiError>('PUT', `/Admin/Applications/AccessRequests/${open.id}`, 'appAdmin', {
      decision: 'ACCEPT',
      roleIds: [],
      endsAt: inDays(10),
    });
    expect(noRole.body.error.message).toBe('Es muss mindestens eine Rolle ausgewählt werden!');
    const tooLate = await call<ApiError>(
      'PUT',
      `/Admin/Applications/AccessRequests/${open.id}`,
      'appAdmin',
      { decision: 'ACCEPT', roleIds: [roles.planner], endsAt: inDays(366) },
      'es',
    );
    expect(tooLate.body.error).toMatchObject({ code: 'accessRequest.endTooLate', errors: [{ field: 'endsAt' }] });
    const endsAt = inDays(10);
    const accepted = await call<Request>('PUT', `/Admin/Applications/AccessRequests/${open.id}`, 'appAdmin', {
      decision: 'ACCEPT',
      roleIds: [roles.planner],
      accountAccessIds: [accountAccesses.dealerSued],
      endsAt,
    });
    expect(accepted.body).toMatchObject({ status: 'ACCEPTED', endsAt });
    const grant = await h.db
      .selectFrom('application_users')
      .select(['ends_at', 'ends_request_id'])
      .where('application_id', '=', apps.kitchenPlanner)
      .where('user_id', '=', users.newUser)
      .executeTakeFirstOrThrow();
    expect([new Date(grant.ends_at ?? 0).toISOString(), grant.ends_request_id]).toEqual([endsAt, open.id]);
    const tile = (await call<Schema<'MyApplicationList'>>('GET', '/My/Applications', 'newUser')).body.items.find(
      (a) => a.id === apps.kitchenPlanner,
    );
    expect(tile).toMatchObject({ accessStatus: 'granted', accessEndsAt: endsAt, pendingRequestId: null });
    const user = await call<Grant>(
      'GET',
      `/Admin/Applications/${apps.kitchenPlanner}/Users/${users.newUser}`,
      'appAdmin',
    );
    expect(user.body).toMatchObject({ hasAccess: true, endsAt });
    const sent = await h.db
      .selectFrom('webhook_deliveries')
      .select(['event', 'payload'])
      .where('application_id', '=', apps.kitchenPlanner)
      .where('user_id', '=', users.newUser)
      .orderBy('created_at')
      .execute();
    expect(sent.map((d) => d.event)).toEqual(['ACCESS_REQUEST_CREATED', 'ACCESS_REQUEST_ACCEPTED', 'GRANT']);
    expect(sent[2]?.payload).toMatchObject({ event: 'GRANT', roleIds: [roles.planner], endsAt });
    expect(sent[1]?.payload).toMatchObject({
      event: 'ACCESS_REQUEST_ACCEPTED',
      requestId: open.id,
      status: 'ACCEPTED',
      endsAt,
    });
  });

  it('lets a user with a time-bound access ask to extend it, but not one with access for good', async () => {
    const extend = await call<MyRequest>('POST', `/My/Applications/${apps.kitchenPlanner}/AccessRequest`, 'newUser', {
      accountAccessId: accountAccesses.dealerSued,
      endsAt: inDays(60),
    });
    expect(extend.status).toBe(201);
    expect((await call<Catalogue>('GET', '/My/Catalogue?search=k%C3%BCchen', 'newUser')).body.items[0]).toMatchObject({
      accessStatus: 'granted',
      pendingRequestId: extend.body.id,
    });
    const tiles = (await call<Schema<'MyApplicationList'>>('GET', '/My/Applications', 'newUser')).body.items.filter(
      (a) => a.id === apps.kitchenPlanner,
    );
    expect(tiles).toEqual([containing({ accessStatus: 'granted', pendingRequestId: extend.body.id })]);
    expect(
      (
        await call('POST', `/My/Applications/${apps.dealerOrdering}/AccessRequest`, 'partner', {
          accountAccessId: accountAccesses.branchBremen,
        })
      ).status,
    ).toBe(409);
  });

  it("sets and removes the end of a grant directly (PUT), within the application's settings", async () => {
    const path = `/Admin/Applications/${apps.kitchenPlanner}/Users/${users.employee}`;
    const endsAt = inDays(3);
    // What the console needs to offer an end (#30.2): the application is time-bound, the latest end 365 days ahead.
    const before = await call<Grant>('GET', path, 'appAdmin');
    expect(before.body).toMatchObject({ endsAt: null, timeBoundAccess: true });
    expect(Math.abs(Date.parse(before.body.maxEndsAt ?? '') - Date.parse(inDays(365)))).toBeLessThan(60_000);
    const set = await call<Grant>('PUT', path, 'appAdmin', { roleIds: [roles.plannerViewer], endsAt });
    expect(set.body.endsAt).toBe(endsAt);
    const kept = await call<Grant>('PUT', path, 'appAdmin', { roleIds: [roles.planner] });
    expect(kept.body.endsAt).toBe(endsAt);
    // The users' list shows the end (#30.2); extending it is a later end, with history and an UPDATE to the webhook.
    const listed = await call<Schema<'ApplicationUserList'>>(
      'GET',
      `/Admin/Applications/${apps.kitchenPlanner}/Users?search=employee`,
      'appAdmin',
    );
    expect(listed.body.items).toEqual([containing({ id: users.employee, endsAt })]);
    const later = inDays(30);
    const extended = await call<Grant>('PUT', path, 'appAdmin', { roleIds: [roles.planner], endsAt: later });
    expect(extended.body.endsAt).toBe(later);
    const history = await h.db
      .selectFrom('history')
      .select(['field', 'old_value', 'value'])
      .where('table_name', '=', 'application_users')
      .where('entity', '=', `${apps.kitchenPlanner}:${users.employee}`)
      .where('field', '=', 'endsAt')
      .orderBy('updated_at', 'desc')
      .execute();
    expect(history[0]).toMatchObject({ old_value: endsAt, value: later });
    const update = await h.db
      .selectFrom('webhook_deliveries')
      .select(['event', 'payload'])
      .where('application_id', '=', apps.kitchenPlanner)
      .where('user_id', '=', users.employee)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(update).toMatchObject({ event: 'UPDATE', payload: containing({ endsAt: later }) });
    const removed = await call<Grant>('PUT', path, 'appAdmin', { roleIds: [roles.planner], endsAt: null });
    expect(removed.body.endsAt).toBeNull();
    expect(
      (
        await call<Schema<'ApplicationUserList'>>(
          'GET',
          `/Admin/Applications/${apps.kitchenPlanner}/Users?search=employee`,
          'appAdmin',
        )
      ).body.items[0]?.endsAt,
    ).toBeNull();
    const notAllowed = await call<ApiError>(
      'PUT',
      `/Admin/Applications/${apps.servicePortal}/Users/${users.employee}`,
      'globalAdmin',
      { roleIds: [roles.serviceUser], endsAt },
    );
    expect(notAllowed.body.error).toMatchObject({
      code: 'accessRequest.timeBoundNotAllowed',
      errors: [{ field: 'endsAt' }],
    });
  });
});

describe("the application's settings", () => {
  it('are read and written with the application, with history; requestable account accesses must be linked', async () => {
    const before = (await call<Application>('GET', `/Applications/${apps.kitchenPlanner}`, 'globalAdmin')).body;
    expect(before).toMatchObject({
      requestJustification: 'optional',
      timeBoundAccess: true,
      maxAccessDays: 365,
      requestableAccountAccessIds: [accountAccesses.dealerNord, accountAccesses.dealerSued],
    });
    expect(before.webhook?.onAccessRequest).toBe(true);
    const { id: _id, adminPermissionKey: _k, released: _r, accessRequestsAmount: _n, webhook, ...input } = before;
    assert(webhook !== null);
    const { passwordSet: _p, consecutiveFailures: _c, pausedAt: _pa, ...hook } = webhook;
    const bad = await call<ApiError>('PUT', `/Applications/${apps.kitchenPlanner}`, 'globalAdmin', {
      ...input,
      webhook: hook,
      requestableAccountAccessIds: [accountAccesses.branchHamburg],
    });
    expect(bad.body.error).toMatchObject({ errors: [{ field: 'requestableAccountAccessIds.0' }] });
    const saved = await call<Application>('PUT', `/Applications/${apps.kitchenPlanner}`, 'globalAdmin', {
      ...input,
      webhook: hook,
      requestJustification: 'required',
      maxAccessDays: 30,
      requestableAccountAccessIds: [accountAccesses.dealerSued],
    });
    expect(saved.body).toMatchObject({
      requestJustification: 'required',
      maxAccessDays: 30,
      requestableAccountAccessIds: [accountAccesses.dealerSued],
    });
    // Omitted settings keep what is stored.
    const {
      requestJustification: _j,
      maxAccessDays: _m,
      requestableAccountAccessIds: _ra,
      timeBoundAccess: _tb,
      ...plain
    } = input;
    const kept = await call<Application>('PUT', `/Applications/${apps.kitchenPlanner}`, 'globalAdmin', {
      ...plain,
      webhook: { ...hook, onAccessRequest: undefined },
    });
    expect(kept.body).toMatchObject({
      requestJustification: 'required',
      maxAccessDays: 30,
      timeBoundAccess: true,
      requestableAccountAccessIds: [accountAccesses.dealerSued],
    });
    expect(kept.body.webhook?.onAccessRequest).toBe(true);
    const history = await h.db
      .selectFrom('history')
      .select(['field', 'old_value', 'value'])
      .where('table_name', '=', 'applications')
      .where('entity', '=', apps.kitchenPlanner)
      .where('field', '=', 'maxAccessDays')
      .execute();
    expect(history).toEqual([{ field: 'maxAccessDays', old_value: '365', value: '30' }]);
  });
});
