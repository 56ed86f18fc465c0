// #29.3 Activation groups grant access: at sign-in (POST /My/Groups/Sync, groups from the access
// token) an internal account in the directory group of an application's activation group gets its
// roles and account accesses (a group without roles: the default roles); once it has left the group,
// the next sign-in takes them away — never what an administrator or an accepted request granted, nor
// what the user held before. Each change is one history entry and one webhook; "why" answers
// ACTIVATION_GROUP with the group's name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAccesses, apps, roles, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';
import { anyString, containing } from './matchers.ts';

let h: Harness;
let admin = '';
const member = users.newUser;
const now = Math.floor(Date.now() / 1000);
let clock = now - 3600;

type Reason = {
  kind: string;
  at: string | null;
  by: { id: string } | null;
  accessRequestId: string | null;
  directoryGroupName: string | null;
};
type Reasons = {
  hasAccess: boolean;
  reasons: Reason[];
  roles: { ref: { id: string }; reasons: Reason[] }[];
  accountAccesses: { ref: { id: string }; reasons: Reason[] }[];
};

/** Signs in `userId` with these groups (a token issued a second after the last one) and syncs. */
async function signIn(userId: string, groups: unknown, issuedAt = (clock += 1)) {
  const t = await token({ sub: userId, groups, issuedAt });
  const r = await h.request('POST', '/My/Groups/Sync', { token: t });
  expect(r.status).toBe(200);
  return (await r.json()) as { groups: string[]; applied: boolean; changedApplicationIds: string[] };
}
const path = (applicationId: string, userId: string) => `/Admin/Applications/${applicationId}/Users/${userId}`;
const reasonsOf = async (applicationId: string, userId: string) =>
  (await (await h.request('GET', `${path(applicationId, userId)}/AccessReasons`, { token: admin })).json()) as Reasons;
const accessOf = (applicationId: string, userId: string) =>
  h.db
    .selectFrom('application_users')
    .select(['role_ids', 'account_access_ids'])
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
const historyOf = (applicationId: string, userId: string) =>
  h.db
    .selectFrom('history')
    .select(['mode', 'field', 'value', 'updated_by'])
    .where('table_name', '=', 'application_users')
    .where('entity', '=', `${applicationId}:${userId}`)
    .orderBy('updated_at')
    .execute();
const deliveriesOf = (applicationId: string, userId: string) =>
  h.db
    .selectFrom('webhook_deliveries')
    .select(['event', 'payload'])
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
const kinds = (items: { ref: { id: string }; reasons: Reason[] }[]) =>
  items.map((x) => [
    x.ref.id,
    x.reasons.map((r) => (r.directoryGroupName ? `${r.kind}:${r.directoryGroupName}` : r.kind)),
  ]);

beforeAll(async () => {
  h = await harness();
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
  // An internal account without access to the internal Personal-App (activation group HK-Mitarbeitende → HR user).
  await h.db.updateTable('users').set({ internal: true }).where('id', '=', member).execute();
  // Webhooks on both applications, to count the deliveries.
  for (const applicationId of [apps.hr, apps.kitchenPlanner])
    await h.db
      .insertInto('webhooks')
      .values({
        application_id: applicationId,
        enabled: true,
        endpoint_url: 'http://127.0.0.1:9/hook',
        username: null,
        password: null,
        on_grant: true,
        on_remove: true,
        on_update: true,
        headers: '[]',
        key_vault_reference: null,
      })
      .execute();
  // The Küchenplaner: a group without roles (its default role, Planer) and with an account access.
  await h.db
    .updateTable('applications')
    .set({
      activation_groups: JSON.stringify([
        { directoryGroupName: 'Planer-Team', roleIds: [], accountAccessIds: [accountAccesses.dealerNord] },
      ]),
    })
    .where('id', '=', apps.kitchenPlanner)
    .execute();
});
afterAll(() => h.close());

describe('activation groups grant access (#29.3)', () => {
  it('grant the group’s roles at sign-in (names trimmed, any case): one history entry by the system, one webhook', async () => {
    const queued = h.queued.count;
    const synced = await signIn(member, [' hk-mitarbeitende ', 'Some-Other-Group']);
    expect(synced).toEqual({
      groups: [' hk-mitarbeitende ', 'Some-Other-Group'],
      applied: true,
      changedApplicationIds: [apps.hr],
    });
    expect(h.queued.count).toBe(queued + 1);
    expect(await accessOf(apps.hr, member)).toEqual({ role_ids: [roles.hrUser], account_access_ids: [] });
    expect(await historyOf(apps.hr, member)).toEqual([
      { mode: 'CREATE', field: 'roleIds', value: JSON.stringify([roles.hrUser]), updated_by: null },
      { mode: 'CREATE', field: 'accountAccessIds', value: '[]', updated_by: null },
    ]);
    expect((await deliveriesOf(apps.hr, member)).map((d) => d.event)).toEqual(['GRANT']);

    const why = await reasonsOf(apps.hr, member);
    const group = {
      kind: 'ACTIVATION_GROUP',
      at: anyString(),
      by: null,
      accessRequestId: null,
      directoryGroupName: 'HK-Mitarbeitende',
    };
    expect(why.reasons).toEqual([group]);
    expect(why.roles).toEqual([{ ref: containing({ id: roles.hrUser }), reasons: [group] }]);
    // The launcher shows it.
    const tiles = (await (
      await h.request('GET', '/My/Applications', { token: await token({ sub: member }) })
    ).json()) as {
      items: { id: string }[];
    };
    expect(tiles.items.map((a) => a.id)).toContain(apps.hr);
  });

  it('change nothing when signed in again in the same groups', async () => {
    const queued = h.queued.count;
    const entries = (await historyOf(apps.hr, member)).length;
    expect((await signIn(member, ['HK-Mitarbeitende'])).changedApplicationIds).toEqual([]);
    expect(h.queued.count).toBe(queued);
    expect(await historyOf(apps.hr, member)).toHaveLength(entries);
  });

  it('give the default roles for a group without roles, with its account accesses', async () => {
    const synced = await signIn(member, ['HK-Mitarbeitende', 'planer-team']);
    expect(synced.changedApplicationIds).toEqual([apps.kitchenPlanner]);
    expect(await accessOf(apps.kitchenPlanner, member)).toEqual({
      role_ids: [roles.planner],
      account_access_ids: [accountAccesses.dealerNord],
    });
    const why = await reasonsOf(apps.kitchenPlanner, member);
    expect(why.reasons.map((r) => [r.kind, r.directoryGroupName])).toEqual([['ACTIVATION_GROUP', 'Planer-Team']]);
    expect(kinds(why.roles)).toEqual([[roles.planner, ['DEFAULT_ROLE:Planer-Team']]]);
    expect(kinds(why.accountAccesses)).toEqual([[accountAccesses.dealerNord, ['ACTIVATION_GROUP:Planer-Team']]]);
  });

  it('leave what an administrator granted when the group is left; take the rest away, once', async () => {
    // A bulk change is a job (#28.6): followed to its end.
    const added = await h.finish(
      await h.request('POST', `/Admin/Applications/${apps.kitchenPlanner}/Users/Bulk`, {
        token: admin,
        body: { action: 'addRoles', userIds: [member], roleIds: [roles.plannerViewer] },
      }),
      { token: admin },
    );
    expect(added.status).toBe(200);
    const before = (await deliveriesOf(apps.kitchenPlanner, member)).length;
    const synced = await signIn(member, ['HK-Mitarbeitende']);
    expect(synced.changedApplicationIds).toEqual([apps.kitchenPlanner]);
    expect(await accessOf(apps.kitchenPlanner, member)).toEqual({
      role_ids: [roles.plannerViewer],
      account_access_ids: [],
    });
    const sent = await deliveriesOf(apps.kitchenPlanner, member);
    expect(sent.slice(before)).toEqual([
      {
        event: 'UPDATE',
        payload: containing({ roleIds: [roles.plannerViewer], accountAccessIds: [] }),
      },
    ]);
    expect((await historyOf(apps.kitchenPlanner, member)).at(-1)).toMatchObject({ mode: 'UPDATE', updated_by: null });
    const why = await reasonsOf(apps.kitchenPlanner, member);
    expect(why.reasons.map((r) => [r.kind, r.by?.id])).toEqual([['DIRECT_GRANT', users.globalAdmin]]);
    expect(kinds(why.roles)).toEqual([[roles.plannerViewer, ['DIRECT_GRANT']]]);
  });

  it('take the access away when the user left every group that gave it', async () => {
    const synced = await signIn(member, []);
    expect(synced.changedApplicationIds).toEqual([apps.hr]);
    expect(await accessOf(apps.hr, member)).toBeUndefined();
    expect((await deliveriesOf(apps.hr, member)).map((d) => d.event)).toEqual(['GRANT', 'REMOVE']);
    expect((await historyOf(apps.hr, member)).at(-1)).toMatchObject({ mode: 'DELETE', updated_by: null });
    expect((await reasonsOf(apps.hr, member)).hasAccess).toBe(false);
    // The Küchenplaner stays: an administrator granted its role.
    expect(await accessOf(apps.kitchenPlanner, member)).toEqual({
      role_ids: [roles.plannerViewer],
      account_access_ids: [],
    });
  });

  it('keep what an accepted request granted when the group is left', async () => {
    const requester = users.customer;
    await h.db.updateTable('users').set({ internal: true }).where('id', '=', requester).execute();
    // The customer's open request for the Küchenplaner (demo data), then the group grants it too.
    await signIn(requester, ['Planer-Team']);
    expect(await accessOf(apps.kitchenPlanner, requester)).toEqual({
      role_ids: [roles.planner],
      account_access_ids: [accountAccesses.dealerNord],
    });
    const open = await h.db
      .selectFrom('access_requests')
      .select('id')
      .where('application_id', '=', apps.kitchenPlanner)
      .where('user_id', '=', requester)
      .where('status', '=', 'OPEN')
      .executeTakeFirstOrThrow();
    const accepted = await h.request('PUT', `/Admin/Applications/AccessRequests/${open.id}`, {
      token: admin,
      body: { decision: 'ACCEPT', roleIds: [roles.planner] },
    });
    expect(accepted.status).toBe(200);
    expect(kinds((await reasonsOf(apps.kitchenPlanner, requester)).roles)).toEqual([
      [roles.planner, ['DEFAULT_ROLE:Planer-Team', 'ACCESS_REQUEST']],
    ]);
    await signIn(requester, []);
    expect(await accessOf(apps.kitchenPlanner, requester)).toEqual({
      role_ids: [roles.planner],
      account_access_ids: [],
    });
    const why = await reasonsOf(apps.kitchenPlanner, requester);
    expect(why.reasons).toEqual([containing({ kind: 'ACCESS_REQUEST', accessRequestId: open.id })]);
    expect(kinds(why.roles)).toEqual([[roles.planner, ['ACCESS_REQUEST']]]);
  });

  it('keep what the user held before the group granted it too', async () => {
    const employee = users.employee;
    const before = await accessOf(apps.hr, employee);
    expect(before?.role_ids).toEqual([roles.hrUser]);
    expect((await signIn(employee, ['HK-Mitarbeitende'])).changedApplicationIds).toEqual([]);
    expect(kinds((await reasonsOf(apps.hr, employee)).roles)).toEqual([
      [roles.hrUser, ['UNKNOWN', 'ACTIVATION_GROUP:HK-Mitarbeitende']],
    ]);
    expect((await signIn(employee, [])).changedApplicationIds).toEqual([]);
    expect(await accessOf(apps.hr, employee)).toEqual(before);
    expect(kinds((await reasonsOf(apps.hr, employee)).roles)).toEqual([[roles.hrUser, ['UNKNOWN']]]);
  });

  it('follow the activation groups as they are now: a group removed from the application grants no more', async () => {
    const other = users.appAdmin;
    await h.db.updateTable('users').set({ internal: true }).where('id', '=', other).execute();
    await signIn(other, ['HK-Mitarbeitende']);
    expect(await accessOf(apps.hr, other)).toEqual({ role_ids: [roles.hrUser], account_access_ids: [] });
    await h.db.updateTable('applications').set({ activation_groups: '[]' }).where('id', '=', apps.hr).execute();
    expect((await signIn(other, ['HK-Mitarbeitende'])).changedApplicationIds).toEqual([apps.hr]);
    expect(await accessOf(apps.hr, other)).toBeUndefined();
  });

  it('grant nothing to an external account, whatever its token says', async () => {
    expect(await signIn(users.partner, ['Planer-Team'])).toMatchObject({ applied: true, changedApplicationIds: [] });
    expect((await accessOf(apps.kitchenPlanner, users.partner))?.role_ids ?? []).not.toContain(roles.planner);
  });

  it('ignore a token older than the last one applied, and a groups claim that is not a list of names', async () => {
    const late = users.globalAdmin;
    await signIn(late, ['Planer-Team'], now - 10);
    expect(await accessOf(apps.kitchenPlanner, late)).toBeDefined();
    expect(await signIn(late, [], now - 20)).toEqual({ groups: [], applied: false, changedApplicationIds: [] });
    expect(await accessOf(apps.kitchenPlanner, late)).toBeDefined();
    // Not a list: no groups (fail closed), so what a group granted goes.
    const synced = await signIn(late, 'Planer-Team', now - 5);
    expect(synced).toEqual({ groups: [], applied: true, changedApplicationIds: [apps.kitchenPlanner] });
    expect(await accessOf(apps.kitchenPlanner, late)).toBeUndefined();
  });

  it('needs a token', async () => {
    expect((await h.request('POST', '/My/Groups/Sync')).status).toBe(401);
  });
});
