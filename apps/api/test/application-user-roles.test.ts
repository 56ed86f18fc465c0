// #17.16: a user's access to an application holds at least one role. Saving it with no role
// is refused (400, §8 error: 'Es muss mindestens eine Rolle ausgewählt werden!' on roleIds),
// as accepting an access request is; taking the access away is DELETE, its own call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, roles, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin = '';

beforeAll(async () => {
  h = await harness();
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
});
afterAll(async () => {
  await h.close();
});

const path = (applicationId: string, userId: string) => `/Admin/Applications/${applicationId}/Users/${userId}`;
const grantOf = (applicationId: string, userId: string) =>
  h.db
    .selectFrom('application_users')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

describe("a user's access to an application needs at least one role (#17.16)", () => {
  it("refuses saving a user who has access with no role, in the caller's language, and changes nothing", async () => {
    const before = await grantOf(apps.servicePortal, users.customer);
    expect(before?.role_ids).toEqual([roles.serviceUser]);
    const queued = h.queued.count;
    const r = await h.request('PUT', path(apps.servicePortal, users.customer), {
      token: admin,
      body: { roleIds: [], accountAccessIds: [] },
    });
    expect(r.status).toBe(400);
    const body = (await r.json()) as {
      error: { code: string; message: string; errors: { field?: string; message: string }[] };
    };
    expect(body.error.code).toBe('applicationUser.roleRequired');
    expect(body.error.message).toBe('Es muss mindestens eine Rolle ausgewählt werden!');
    expect(body.error.errors).toEqual([
      expect.objectContaining({ field: 'roleIds', message: 'Es muss mindestens eine Rolle ausgewählt werden!' }),
    ]);
    expect(await grantOf(apps.servicePortal, users.customer)).toEqual(before);
    expect(h.queued.count).toBe(queued);
    const en = await h.request('PUT', path(apps.servicePortal, users.customer), {
      token: admin,
      body: { roleIds: [] },
      headers: { lang: 'en' },
    });
    expect(((await en.json()) as { error: { message: string } }).error.message).toBe(
      'At least one role must be selected!',
    );
  });

  it('refuses granting access with no role to an application without default roles (#29.4: with some, they are given)', async () => {
    const r = await h.request('PUT', path(apps.portal, users.newUser), {
      token: admin,
      body: { roleIds: [] },
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('applicationUser.roleRequired');
    expect(await grantOf(apps.portal, users.newUser)).toBeUndefined();
  });

  it('saves with a role, and removes the access only with DELETE', async () => {
    const saved = await h.request('PUT', path(apps.servicePortal, users.customer), {
      token: admin,
      body: { roleIds: [roles.serviceUser] },
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { hasAccess: boolean }).hasAccess).toBe(true);
    expect((await h.request('DELETE', path(apps.servicePortal, users.customer), { token: admin })).status).toBe(204);
    expect(await grantOf(apps.servicePortal, users.customer)).toBeUndefined();
    expect((await h.db.selectFrom('users').select('id').where('id', '=', users.customer).executeTakeFirst())?.id).toBe(
      users.customer,
    );
  });
});
