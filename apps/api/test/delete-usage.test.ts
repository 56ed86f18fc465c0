// #30.3: what a delete would affect, asked before it by the console's delete dialog — a
// permission (its roles, holders, the applications it is the admin permission of), an
// application (its users and open requests), a user (their access and requests) — and which
// applications a delete leaves without anyone holding their admin permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf } from '../src/services/access.ts';
import { apps, permissionId, roles, users } from '../src/db/seed/ids.ts';
import type { Schema } from '@portal/contract';
import { checkedCall } from './openapi.ts';
import { harness, json, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin: string;
let partner: string;

type Usage = Schema<'EntityUsage'>;
type UsageGroup = Schema<'UsageGroup'>;

/** The answer, checked against the document and read as `T` (the contract's type for the status the test expects). */
const call = <T = unknown>(method: string, path: string, as?: string) =>
  checkedCall<T>(h, method, path, { token: as ?? admin });
const usageOf = async (path: string) => (await call<Usage>('GET', path)).body;

const kinds = (usage: Usage): string[] => usage.groups.map((g) => g.kind);
const group = (usage: Usage, kind: UsageGroup['kind']): UsageGroup | undefined =>
  usage.groups.find((g) => g.kind === kind);
const ids = (g: UsageGroup | undefined): string[] => (g?.first ?? []).map((x) => x.id);

/** The id of a permission by its key. */
async function permissionOf(key: string): Promise<string> {
  const row = await h.db.selectFrom('permissions').select('id').where('key', '=', key).executeTakeFirstOrThrow();
  return row.id;
}

/** A role carrying `permission`, linked to `application` and given there to `user`. */
async function grantRoleWith(permission: string, application: string, user: string, id: string): Promise<void> {
  await h.db
    .insertInto('roles')
    .values({ id, key: `probe.${id.slice(-4)}`, label: `Probe ${id.slice(-4)}`, description: '' })
    .execute();
  await h.db.insertInto('role_permissions').values({ role_id: id, permission_id: permission }).execute();
  await h.db
    .insertInto('application_roles')
    .values({
      application_id: application,
      role_id: id,
      permission_id: null,
      visible: true,
      is_default: false,
      position: 99,
    })
    .execute();
  const row = await h.db
    .selectFrom('application_users')
    .select('role_ids')
    .where('application_id', '=', application)
    .where('user_id', '=', user)
    .executeTakeFirst();
  if (row)
    await h.db
      .updateTable('application_users')
      .set({ role_ids: [...row.role_ids, id] })
      .where('application_id', '=', application)
      .where('user_id', '=', user)
      .execute();
  else
    await h.db
      .insertInto('application_users')
      .values({ application_id: application, user_id: user, role_ids: [id], account_access_ids: [] })
      .execute();
}

beforeAll(async () => {
  h = await harness();
  const claims = await claimsOf(h.db, users.globalAdmin);
  admin = await token({ sub: users.globalAdmin, permissions: claims.hkData.permissions });
  partner = await token({ sub: users.partner, permissions: [] });
});
afterAll(() => h.close());

describe("a role whose holders are the only ones with an application's admin permission", () => {
  it('names that application; not once another role gives the permission to someone else', async () => {
    const usage = await usageOf(`/Roles/${roles.plannerAdmin}/Usage`);
    expect(group(usage, 'ADMIN_PERMISSION_LOST')).toEqual({
      kind: 'ADMIN_PERMISSION_LOST',
      count: 1,
      first: [{ id: apps.kitchenPlanner, label: 'Küchenplaner' }],
    });
    // A role nobody holds leaves nobody without anything.
    expect(kinds(await usageOf(`/Roles/${roles.plannerViewer}/Usage`))).not.toContain('ADMIN_PERMISSION_LOST');

    const other = '30000000-0000-4000-8000-0000000000a1';
    await grantRoleWith(await permissionOf('kitchen_planner.admin'), apps.servicePortal, users.customer, other);
    expect(kinds(await usageOf(`/Roles/${roles.plannerAdmin}/Usage`))).not.toContain('ADMIN_PERMISSION_LOST');
    await h.db.deleteFrom('roles').where('id', '=', other).execute();
    await h.db
      .updateTable('application_users')
      .set({ role_ids: [roles.serviceUser] })
      .where('application_id', '=', apps.servicePortal)
      .where('user_id', '=', users.customer)
      .execute();
  });
});

describe('a user (#30.3)', () => {
  it('their applications, their open requests, and the applications only they administer', async () => {
    const usage = await usageOf(`/Users/${users.appAdmin}/Usage`);
    expect(kinds(usage)).toEqual(['APPLICATION', 'ADMIN_PERMISSION_LOST']);
    expect(ids(group(usage, 'APPLICATION')).sort()).toEqual([apps.kitchenPlanner, apps.servicePortal].sort());
    expect(ids(group(usage, 'ADMIN_PERMISSION_LOST'))).toEqual([apps.kitchenPlanner]);

    const partnerUsage = await usageOf(`/Users/${users.partner}/Usage`);
    expect(group(partnerUsage, 'ACCESS_REQUEST')).toMatchObject({ count: 1, first: [{ label: 'Küchenplaner' }] });
    expect(kinds(partnerUsage)).not.toContain('ADMIN_PERMISSION_LOST');
  });

  it('needs all_users.read and a known user', async () => {
    expect((await call('GET', `/Users/${users.appAdmin}/Usage`, partner)).status).toBe(403);
    expect((await call('GET', '/Users/00000000-0000-4000-8000-00000000dead/Usage')).status).toBe(404);
  });
});

describe('an application (#30.3)', () => {
  it('its users and open requests; other applications administered only through roles on it', async () => {
    const usage = await usageOf(`/Applications/${apps.kitchenPlanner}/Usage`);
    expect(kinds(usage)).toEqual(['USER', 'ACCESS_REQUEST']);
    expect(group(usage, 'USER')?.count).toBe(31);
    expect(group(usage, 'USER')?.first).toHaveLength(5);
    expect(group(usage, 'ACCESS_REQUEST')?.count).toBeGreaterThanOrEqual(2);

    // The HR application's admin permission, held only through a role on the service portal.
    const hrAdmin = '30000000-0000-4000-8000-0000000000a2';
    await grantRoleWith(await permissionOf('hr.admin'), apps.servicePortal, users.customer, hrAdmin);
    const service = await usageOf(`/Applications/${apps.servicePortal}/Usage`);
    expect(group(service, 'ADMIN_PERMISSION_LOST')).toEqual({
      kind: 'ADMIN_PERMISSION_LOST',
      count: 1,
      first: [{ id: apps.hr, label: 'Personal-App' }],
    });
  });

  it('needs applications.read and a known application', async () => {
    expect((await call('GET', `/Applications/${apps.kitchenPlanner}/Usage`, partner)).status).toBe(403);
    expect((await call('GET', '/Applications/no-such-application/Usage')).status).toBe(404);
  });
});

describe('a permission (#30.3)', () => {
  it('the applications it is the admin permission of, its roles and holders; the delete takes it from them', async () => {
    const id = await permissionOf('kitchen_planner.admin');
    const usage = await usageOf(`/Permissions/${id}/Usage`);
    expect(kinds(usage)).toEqual(['ADMIN_PERMISSION_LOST', 'ROLE', 'USER', 'APPLICATION']);
    expect(ids(group(usage, 'ADMIN_PERMISSION_LOST'))).toEqual([apps.kitchenPlanner]);
    expect(ids(group(usage, 'ROLE'))).toEqual([roles.plannerAdmin]);
    expect(ids(group(usage, 'USER'))).toEqual([users.appAdmin]);
    // The kitchen planner's link of the administrator role is guarded by it.
    expect(ids(group(usage, 'APPLICATION'))).toEqual([apps.kitchenPlanner]);

    const deleted = await call<Schema<'DeleteResult'>>('DELETE', `/Permissions/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ removedFrom: usage.groups });
    expect(
      (await call<Schema<'Application'>>('GET', `/Applications/${apps.kitchenPlanner}`)).body.adminPermissionId,
    ).toBeNull();
    expect((await call('GET', `/Permissions/${id}/Usage`)).status).toBe(404);
  });

  it('an unused one affects nothing; the read permission is needed', async () => {
    expect((await call('GET', `/Permissions/${permissionId(1)}/Usage`, partner)).status).toBe(403);
    const created = await h.request('POST', '/Permissions', {
      token: admin,
      body: { key: 'probe.unused', description: '' },
    });
    const unused = await json<Schema<'Permission'>>(created);
    expect(await usageOf(`/Permissions/${unused.id}/Usage`)).toEqual({ groups: [] });
    expect((await call('DELETE', `/Permissions/${unused.id}`)).body).toEqual({ removedFrom: [] });
  });
});
