// A user of a standard provider whose `sub` is no UUID (LemonLDAP::NG's user names) is a user like
// any other (ADR 0029): the directory names them by a version 5 UUID of the issuer and the
// subject, creates them on their first call, and an administrator lists them, opens them, gives
// them access, reads why they have it and exports them; their next token is the same user, the same
// user name at another issuer another user; their permissions and directory groups work by that id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryUserId } from '@portal/server';
import type { Schema } from '@portal/contract';
import { apps, roles, users } from '../src/db/seed/ids.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { claimsOf, permissionsOf } from '../src/services/access.ts';
import {
  freshDatabase,
  harness,
  json,
  PORTAL,
  standardAuthenticator,
  standardToken,
  testSecrets,
  token,
} from './harness.ts';
import type { Harness } from './harness.ts';
import { containing } from './matchers.ts';
import { checkResponse } from './openapi.ts';

const lemonldap = 'http://127.0.0.1:4160';
const keycloak = 'https://sso.example.com/realms/hk';
const dwhoId = directoryUserId(lemonldap, 'dwho');

let h: Harness;
let admin = '';
let dwho = '';

beforeAll(async () => {
  h = await harness({ auth: (db) => standardAuthenticator(db, [lemonldap, keycloak]) });
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
  dwho = await standardToken({
    issuer: lemonldap,
    sub: 'dwho',
    email: 'dwho@badwolf.org',
    givenName: 'Doctor',
    familyName: 'Who',
  });
});
afterAll(() => h.close());

const userCount = async () =>
  Number(
    (
      await h.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a user whose subject is a user name (ADR 0029)', () => {
  it('is created on the first call under a version 5 UUID of the issuer and the subject', async () => {
    expect(dwhoId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const r = await h.request('GET', '/My/Profile', { token: dwho });
    const profile = await checkResponse<Schema<'Profile'>>('GET', '/My/Profile', r);
    expect(profile).toMatchObject({ id: dwhoId, email: 'dwho@badwolf.org', fullName: 'Doctor Who' });
    expect(
      await h.db.selectFrom('users').select(['issuer', 'subject']).where('id', '=', dwhoId).executeTakeFirst(),
    ).toEqual({ issuer: lemonldap, subject: 'dwho' });
  });

  it('is the same user on the next call with the same token and with a new one', async () => {
    const before = await userCount();
    const again = await json<Schema<'Profile'>>(await h.request('GET', '/My/Profile', { token: dwho }));
    const next = await standardToken({ issuer: lemonldap, sub: 'dwho', email: 'dwho@badwolf.org' });
    const fresh = await json<Schema<'Profile'>>(await h.request('GET', '/My/Profile', { token: next }));
    expect([again.id, fresh.id]).toEqual([dwhoId, dwhoId]);
    expect(await userCount()).toBe(before);
  });

  it('is found in the user list, opened by its id with where they sign in, and exported', async () => {
    const list = await checkResponse<Schema<'UserList'>>(
      'GET',
      '/Users',
      await h.request('GET', '/Users?search=Doctor%20Who', { token: admin }),
    );
    expect(list.items.map((u) => [u.id, u.email])).toEqual([[dwhoId, 'dwho@badwolf.org']]);
    const detail = await checkResponse<Schema<'UserDetail'>>(
      'GET',
      '/Users/{id}',
      await h.request('GET', `/Users/${dwhoId}`, { token: admin }),
    );
    expect(detail).toMatchObject({
      id: dwhoId,
      fullName: 'Doctor Who',
      signIn: { issuer: lemonldap, subject: 'dwho' },
      applications: [],
    });
    // The same in upper case names the same user; the subject itself names nobody.
    expect((await h.request('GET', `/Users/${dwhoId.toUpperCase()}`, { token: admin })).status).toBe(200);
    expect((await h.request('GET', '/Users/dwho', { token: admin })).status).toBe(404);
    const csv = await (await h.request('GET', '/Users/Export?search=badwolf', { token: admin })).text();
    expect(csv).toContain(dwhoId);
    expect(csv).toContain('dwho@badwolf.org');
  });

  it('a seeded user, whose id is their subject, has none recorded; their calls write nothing of it', async () => {
    await h.request('GET', '/My/Profile', { token: await token({ sub: users.partner }) });
    const seeded = await json<Schema<'UserDetail'>>(
      await h.request('GET', `/Users/${users.partner}`, { token: admin }),
    );
    expect(seeded.signIn).toBeNull();
  });

  it('is given access by an administrator, who reads why they have it; their directory permissions follow', async () => {
    const path = `/Admin/Applications/${apps.portal}/Users/${dwhoId}`;
    const saved = await h.request('PUT', path, { token: admin, body: { roleIds: [roles.globalAdmin] } });
    expect(saved.status).toBe(200);
    expect(await json<{ user: { id: string }; roles: { id: string }[] }>(saved)).toMatchObject({
      user: { id: dwhoId },
      roles: [{ id: roles.globalAdmin }],
    });
    const reasons = await json<{ hasAccess: boolean; reasons: { kind: string; by: { id: string } | null }[] }>(
      await h.request('GET', `${path}/AccessReasons`, { token: admin }),
    );
    expect(reasons.hasAccess).toBe(true);
    expect(reasons.reasons).toEqual([containing({ kind: 'DIRECT_GRANT', by: containing({ id: users.globalAdmin }) })]);
    const detail = await json<Schema<'UserDetail'>>(await h.request('GET', `/Users/${dwhoId}`, { token: admin }));
    expect(detail.applications.map((a) => [a.id, a.roles.map((r) => r.id)])).toEqual([
      [apps.portal, [roles.globalAdmin]],
    ]);
    // The provider's token names no permissions: the directory's, by the user's id, now those of an administrator.
    const claims = await json<Schema<'UserClaims'>>(await h.request('GET', '/My/Claims', { token: dwho }));
    expect(claims.sub).toBe(dwhoId);
    expect(claims.hkData.permissions).toContain('all_users.write');
    expect((await h.request('GET', '/Users', { token: dwho })).status).toBe(200);
  });

  it('the same user name at another issuer is another user', async () => {
    const other = await standardToken({ issuer: keycloak, sub: 'dwho', email: 'dwho@example.com', givenName: 'D' });
    const profile = await json<Schema<'Profile'>>(await h.request('GET', '/My/Profile', { token: other }));
    expect(profile.id).toBe(directoryUserId(keycloak, 'dwho'));
    expect(profile.id).not.toBe(dwhoId);
    // …who holds nothing of the first one's.
    expect((await h.request('GET', '/Users', { token: other })).status).toBe(403);
  });

  it('has their directory groups applied by their id when they are an internal account (#29.3)', async () => {
    await h.db.updateTable('users').set({ internal: true }).where('id', '=', dwhoId).execute();
    const withGroups = await standardToken({ issuer: lemonldap, sub: 'dwho', groups: ['HK-Mitarbeitende'] });
    const synced = await h.request('POST', '/My/Groups/Sync', { token: withGroups });
    expect(await json<Schema<'MyGroupsSync'>>(synced)).toMatchObject({
      applied: true,
      changedApplicationIds: [apps.hr],
    });
    expect(
      await h.db
        .selectFrom('application_users')
        .select('role_ids')
        .where('application_id', '=', apps.hr)
        .where('user_id', '=', dwhoId)
        .executeTakeFirst(),
    ).toEqual({ role_ids: [roles.hrUser] });
  });
});

describe('the demo seed with an administrator of the provider (API_SEED_ADMIN)', () => {
  it('enters them under the directory’s id of their subject, with where they sign in, as global administrator', async () => {
    const { db, close } = await freshDatabase();
    try {
      await seedDemo(db, {
        portalUrl: PORTAL,
        dealerShopUrl: 'http://localhost:4992',
        secrets: testSecrets,
        providerAdmin: {
          issuer: lemonldap,
          subject: 'rtyler',
          email: 'rtyler@badwolf.org',
          firstName: 'Rose',
          lastName: 'Tyler',
        },
      });
      const id = directoryUserId(lemonldap, 'rtyler');
      expect(
        await db
          .selectFrom('users')
          .select(['email', 'full_name', 'issuer', 'subject'])
          .where('id', '=', id)
          .executeTakeFirst(),
      ).toEqual({ email: 'rtyler@badwolf.org', full_name: 'Rose Tyler', issuer: lemonldap, subject: 'rtyler' });
      expect(await permissionsOf(db, id)).toEqual(await permissionsOf(db, users.globalAdmin));
    } finally {
      await close();
    }
  });
});
