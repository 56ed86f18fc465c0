// #19.6 Why a user has access: the access's, each role's and each account access's reasons, read from the
// records (the grant's history, the accepted requests written with it); UNKNOWN where no record tells.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, accountAccesses, apps, roles, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';
import { anyString, containing } from './matchers.ts';

let h: Harness;
let admin = '';
let appAdmin = '';
let partner = '';

beforeAll(async () => {
  h = await harness();
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
  appAdmin = await token({
    sub: users.appAdmin,
    permissions: (await claimsOf(h.db, users.appAdmin)).hkData.permissions,
  });
  partner = await token({ sub: users.partner, permissions: (await claimsOf(h.db, users.partner)).hkData.permissions });
});
afterAll(async () => {
  await h.close();
});

type Reason = {
  kind: string;
  at: string | null;
  by: { id: string; fullName: string | null } | null;
  accessRequestId: string | null;
  directoryGroupName: string | null;
};
type Reasons = {
  applicationId: string;
  userId: string;
  hasAccess: boolean;
  accessSince: string | null;
  reasons: Reason[];
  roles: { ref: { id: string }; reasons: Reason[] }[];
  accountAccesses: { ref: { id: string }; reasons: Reason[] }[];
};

const path = (applicationId: string, userId: string) => `/Admin/Applications/${applicationId}/Users/${userId}`;
async function reasonsOf(applicationId: string, userId: string, as = appAdmin): Promise<Reasons> {
  const r = await h.request('GET', `${path(applicationId, userId)}/AccessReasons`, { token: as });
  expect(r.status).toBe(200);
  return (await r.json()) as Reasons;
}
const nameOf = async (id: string) =>
  (await h.db.selectFrom('users').select('full_name').where('id', '=', id).executeTakeFirstOrThrow()).full_name;
const roleReason = (body: Reasons, id: string) => body.roles.find((x) => x.ref.id === id)?.reasons;

describe('why a user has access (#19.6)', () => {
  it('says UNKNOWN for access no record explains (seeded before history)', async () => {
    const body = await reasonsOf(apps.servicePortal, users.customer, admin);
    expect(body.hasAccess).toBe(true);
    expect(body.accessSince).not.toBeNull();
    expect(body.reasons).toEqual([
      { kind: 'UNKNOWN', at: null, by: null, accessRequestId: null, directoryGroupName: null },
    ]);
    expect(body.roles).toEqual([
      {
        ref: containing({ id: roles.serviceUser }),
        reasons: [containing({ kind: 'UNKNOWN' })],
      },
    ]);
  });

  it('answers a user without access with no reasons', async () => {
    expect(await reasonsOf(apps.kitchenPlanner, users.newUser)).toEqual({
      applicationId: apps.kitchenPlanner,
      userId: users.newUser,
      hasAccess: false,
      accessSince: null,
      reasons: [],
      roles: [],
      accountAccesses: [],
    });
  });

  it('names the administrator and the time of a direct grant, and of each role and account access added later', async () => {
    const start = Date.now();
    expect(
      (
        await h.request('PUT', path(apps.kitchenPlanner, users.newUser), {
          token: appAdmin,
          body: { roleIds: [roles.plannerViewer] },
        })
      ).status,
    ).toBe(200);
    const first = await reasonsOf(apps.kitchenPlanner, users.newUser);
    const by = { id: users.appAdmin, fullName: await nameOf(users.appAdmin) };
    expect(first.reasons).toEqual([
      { kind: 'DIRECT_GRANT', at: anyString(), by, accessRequestId: null, directoryGroupName: null },
    ]);
    expect(Date.parse(first.reasons[0]?.at ?? '')).toBeGreaterThanOrEqual(start - 1000);
    expect(roleReason(first, roles.plannerViewer)).toEqual(first.reasons);

    expect(
      (
        await h.request('PUT', path(apps.kitchenPlanner, users.newUser), {
          token: admin,
          body: { roleIds: [roles.plannerViewer, roles.planner], accountAccessIds: [accountAccesses.dealerNord] },
        })
      ).status,
    ).toBe(200);
    const second = await reasonsOf(apps.kitchenPlanner, users.newUser);
    expect(second.reasons).toEqual(first.reasons);
    expect(roleReason(second, roles.plannerViewer)).toEqual(first.reasons);
    const added = {
      kind: 'DIRECT_GRANT',
      at: anyString(),
      by: { id: users.globalAdmin, fullName: await nameOf(users.globalAdmin) },
      accessRequestId: null,
      directoryGroupName: null,
    };
    expect(roleReason(second, roles.planner)).toEqual([added]);
    expect(second.accountAccesses).toEqual([{ ref: containing({ id: accountAccesses.dealerNord }), reasons: [added] }]);
  });

  it('starts over after the access was removed and granted again', async () => {
    expect((await h.request('DELETE', path(apps.kitchenPlanner, users.newUser), { token: appAdmin })).status).toBe(204);
    expect((await reasonsOf(apps.kitchenPlanner, users.newUser)).hasAccess).toBe(false);
    expect(
      (
        await h.request('PUT', path(apps.kitchenPlanner, users.newUser), {
          token: admin,
          body: { roleIds: [roles.planner] },
        })
      ).status,
    ).toBe(200);
    const body = await reasonsOf(apps.kitchenPlanner, users.newUser);
    expect(body.reasons).toEqual([containing({ kind: 'DIRECT_GRANT', by: containing({ id: users.globalAdmin }) })]);
    expect(body.roles.map((x) => x.ref.id)).toEqual([roles.planner]);
    expect(body.accountAccesses).toEqual([]);
  });

  it('links the accepted access request and names who decided it', async () => {
    const decided = await h.request('PUT', `/Admin/Applications/AccessRequests/${accessRequests.partnerPlanner}`, {
      token: appAdmin,
      body: { decision: 'ACCEPT', roleIds: [roles.plannerViewer], accountAccessIds: [accountAccesses.dealerNord] },
    });
    expect(decided.status).toBe(200);
    const body = await reasonsOf(apps.kitchenPlanner, users.partner);
    const reason = {
      kind: 'ACCESS_REQUEST',
      at: anyString(),
      by: { id: users.appAdmin, fullName: await nameOf(users.appAdmin) },
      accessRequestId: accessRequests.partnerPlanner,
      directoryGroupName: null,
    };
    expect(body.reasons).toEqual([reason]);
    expect(roleReason(body, roles.plannerViewer)).toEqual([reason]);
    expect(body.accountAccesses).toEqual([{ ref: containing({ id: accountAccesses.dealerNord }), reasons: [reason] }]);
  });

  it('links the open request a direct grant accepted', async () => {
    expect(
      (
        await h.request('PUT', path(apps.kitchenPlanner, users.customer), {
          token: appAdmin,
          body: { roleIds: [roles.planner] },
        })
      ).status,
    ).toBe(200);
    const body = await reasonsOf(apps.kitchenPlanner, users.customer);
    expect(body.reasons).toEqual([
      containing({ kind: 'ACCESS_REQUEST', accessRequestId: accessRequests.customerPlanner }),
    ]);
  });

  it("is for the application's administrators only; an unknown user or application is 404", async () => {
    const get = (applicationId: string, userId: string, as: string) =>
      h.request('GET', `${path(applicationId, userId)}/AccessReasons`, { token: as });
    expect((await get(apps.kitchenPlanner, users.newUser, partner)).status).toBe(403);
    expect((await get(apps.servicePortal, users.customer, appAdmin)).status).toBe(403);
    expect((await get(apps.kitchenPlanner, '00000000-0000-4000-8000-00000000abcd', appAdmin)).status).toBe(404);
    expect((await get(apps.kitchenPlanner, 'not-a-user', appAdmin)).status).toBe(404);
    expect((await get('00000000-0000-4000-8000-00000000abcd', users.newUser, admin)).status).toBe(404);
    expect((await h.request('GET', `${path(apps.kitchenPlanner, users.newUser)}/AccessReasons`)).status).toBe(401);
  });
});
