// #29.4 Default roles: access granted to an application without choosing a role gets the roles marked
// `default` on the application's role links; the grant is recorded and sent once, as any grant, and
// "why does X have access" answers DEFAULT_ROLE for those roles. Chosen roles get no defaults on top,
// and a user who has access cannot be saved without a role (#17.16).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, apps, roles, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';
import { anyString, containing } from './matchers.ts';

let h: Harness;
let admin = '';
let adminName = '';

beforeAll(async () => {
  h = await harness();
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
  adminName = (
    await h.db.selectFrom('users').select('full_name').where('id', '=', users.globalAdmin).executeTakeFirstOrThrow()
  ).full_name;
});
afterAll(() => h.close());

type Reason = {
  kind: string;
  by: { id: string } | null;
  accessRequestId: string | null;
  directoryGroupName: null | string;
};
type Reasons = { reasons: Reason[]; roles: { ref: { id: string }; reasons: Reason[] }[] };

const path = (applicationId: string, userId: string) => `/Admin/Applications/${applicationId}/Users/${userId}`;
const reasonsOf = async (applicationId: string, userId: string) =>
  (await (await h.request('GET', `${path(applicationId, userId)}/AccessReasons`, { token: admin })).json()) as Reasons;
const historyOf = (applicationId: string, userId: string) =>
  h.db
    .selectFrom('history')
    .select(['mode', 'field', 'value'])
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

describe('default roles (#29.4)', () => {
  it('are granted when access is granted without a role: once in the history, one webhook, DEFAULT_ROLE', async () => {
    const queued = h.queued.count;
    const r = await h.request('PUT', path(apps.dealerOrdering, users.newUser), { token: admin, body: { roleIds: [] } });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { roles: { id: string }[] }).roles.map((x) => x.id)).toEqual([roles.dealerOrderer]);
    expect(h.queued.count).toBe(queued + 1);
    expect(await deliveriesOf(apps.dealerOrdering, users.newUser)).toEqual([
      {
        event: 'GRANT',
        payload: containing({ event: 'GRANT', roleIds: [roles.dealerOrderer], accountAccessIds: [] }),
      },
    ]);
    expect(await historyOf(apps.dealerOrdering, users.newUser)).toEqual([
      { mode: 'CREATE', field: 'roleIds', value: JSON.stringify([roles.dealerOrderer]) },
      { mode: 'CREATE', field: 'accountAccessIds', value: '[]' },
    ]);

    const why = await reasonsOf(apps.dealerOrdering, users.newUser);
    expect(why.reasons).toEqual([
      containing({ kind: 'DIRECT_GRANT', by: { id: users.globalAdmin, fullName: adminName } }),
    ]);
    expect(why.roles).toEqual([
      {
        ref: containing({ id: roles.dealerOrderer }),
        reasons: [
          {
            kind: 'DEFAULT_ROLE',
            at: anyString(),
            by: { id: users.globalAdmin, fullName: adminName },
            accessRequestId: null,
            directoryGroupName: null,
          },
        ],
      },
    ]);
  });

  it('stay DEFAULT_ROLE while held; a role added later is DIRECT_GRANT; one taken away and given again is no default', async () => {
    await h.request('PUT', path(apps.dealerOrdering, users.newUser), {
      token: admin,
      body: { roleIds: [roles.dealerOrderer, roles.dealerViewer] },
    });
    let why = await reasonsOf(apps.dealerOrdering, users.newUser);
    expect(why.roles.map((x) => [x.ref.id, x.reasons.map((r) => r.kind)])).toEqual([
      [roles.dealerOrderer, ['DEFAULT_ROLE']],
      [roles.dealerViewer, ['DIRECT_GRANT']],
    ]);
    await h.request('PUT', path(apps.dealerOrdering, users.newUser), {
      token: admin,
      body: { roleIds: [roles.dealerViewer] },
    });
    await h.request('PUT', path(apps.dealerOrdering, users.newUser), {
      token: admin,
      body: { roleIds: [roles.dealerViewer, roles.dealerOrderer] },
    });
    why = await reasonsOf(apps.dealerOrdering, users.newUser);
    expect(why.roles.map((x) => [x.ref.id, x.reasons.map((r) => r.kind)])).toEqual([
      [roles.dealerViewer, ['DIRECT_GRANT']],
      [roles.dealerOrderer, ['DIRECT_GRANT']],
    ]);
    // Removed and granted anew without a role: the defaults again.
    expect((await h.request('DELETE', path(apps.dealerOrdering, users.newUser), { token: admin })).status).toBe(204);
    await h.request('PUT', path(apps.dealerOrdering, users.newUser), { token: admin, body: { roleIds: [] } });
    why = await reasonsOf(apps.dealerOrdering, users.newUser);
    expect(why.roles.map((x) => [x.ref.id, x.reasons.map((r) => r.kind)])).toEqual([
      [roles.dealerOrderer, ['DEFAULT_ROLE']],
    ]);
  });

  it('are not added when roles are chosen, nor given to a user who has access already', async () => {
    const chosen = await h.request('PUT', path(apps.kitchenPlanner, users.newUser), {
      token: admin,
      body: { roleIds: [roles.plannerViewer] },
    });
    expect(((await chosen.json()) as { roles: { id: string }[] }).roles.map((x) => x.id)).toEqual([
      roles.plannerViewer,
    ]);
    const queued = h.queued.count;
    const again = await h.request('PUT', path(apps.kitchenPlanner, users.newUser), {
      token: admin,
      body: { roleIds: [] },
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('applicationUser.roleRequired');
    expect(h.queued.count).toBe(queued);
  });

  it("a default grant accepts the user's open request with the default roles", async () => {
    const r = await h.request('PUT', path(apps.kitchenPlanner, users.partner), { token: admin, body: { roleIds: [] } });
    expect(r.status).toBe(200);
    const request = await h.db
      .selectFrom('access_requests')
      .select(['status', 'role_ids'])
      .where('id', '=', accessRequests.partnerPlanner)
      .executeTakeFirstOrThrow();
    expect(request).toEqual({ status: 'ACCEPTED', role_ids: [roles.planner] });
    const why = await reasonsOf(apps.kitchenPlanner, users.partner);
    expect(why.reasons).toEqual([
      containing({ kind: 'ACCESS_REQUEST', accessRequestId: accessRequests.partnerPlanner }),
    ]);
    expect(why.roles).toEqual([
      {
        ref: containing({ id: roles.planner }),
        reasons: [containing({ kind: 'DEFAULT_ROLE' })],
      },
    ]);
  });
});
