// 401 without a valid token, 403 without the permission, decided on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAccesses, apps, users } from '../src/db/seed/ids.ts';
import { AUTHORITY, harness, internalToken, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

const status = async (path: string, t?: string, method = 'GET') => (await h.request(method, path, { token: t })).status;

describe('authentication', () => {
  it('refuses missing, malformed and foreign tokens with 401', async () => {
    const admin = { sub: users.globalAdmin, permissions: ['all_users.read'] };
    expect(await status('/Users')).toBe(401);
    expect((await h.request('GET', '/Users', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
    expect((await h.request('GET', '/Users', { headers: { authorization: 'Bearer not.a.jwt' } })).status).toBe(401);
    expect(await status('/Users', await token({ ...admin, expiresIn: Math.floor(Date.now() / 1000) - 120 }))).toBe(401);
    expect(
      await status('/Users', await token({ ...admin, issuer: 'http://evil.example.test/b2c_1a_signin/v2.0' })),
    ).toBe(401);
    expect(await status('/Users', await token({ ...admin, policy: 'b2c_1a_unknown' }))).toBe(401);
    expect(await status('/Users', await token({ ...admin, audience: 'other-api' }))).toBe(401);
    expect(await status('/Users', await token({ ...admin, wrongKey: true }))).toBe(401);
    expect(await status('/Users', await internalToken())).toBe(401);
  });

  it('accepts tokens of every policy', async () => {
    for (const policy of ['b2c_1a_signin', 'b2c_1a_refresh', 'b2c_1a_password_change', 'b2c_1a_email_change']) {
      expect(
        await status('/Users', await token({ sub: users.globalAdmin, permissions: ['all_users.read'], policy })),
      ).toBe(200);
    }
  });

  it('reads hkData as an object or a JSON string and fails closed otherwise', async () => {
    expect(
      await status(
        '/Users',
        await token({ sub: users.globalAdmin, hkData: JSON.stringify({ permissions: ['all_users.read'] }) }),
      ),
    ).toBe(200);
    for (const hkData of [
      '{broken',
      42,
      { permissions: 'all_users.read' },
      { permissions: ['all_users.read', ...Array.from({ length: 1000 }, () => 'x')] },
    ]) {
      expect(await status('/Users', await token({ sub: users.globalAdmin, hkData }))).toBe(403);
    }
  });

  it('guards the internal calls with the provider service token', async () => {
    const path = `/Internal/Users/${users.partner}/Claims`;
    expect(await status(path, await internalToken())).toBe(200);
    expect(await status(path, await internalToken({ scope: 'openid' }))).toBe(401);
    expect(await status(path, await internalToken({ issuer: `${AUTHORITY}/b2c_1a_signin/v2.0` }))).toBe(401);
    expect(await status(path, await token({ sub: users.globalAdmin, permissions: ['all_users.read'] }))).toBe(401);
    expect(await status(path)).toBe(401);
  });
});

describe('authorisation', () => {
  it('needs the global permission of each admin area', async () => {
    const none = await token({ sub: users.partner, permissions: [] });
    for (const path of [
      '/Users',
      '/Applications',
      '/Attributes',
      '/Permissions',
      '/Roles',
      '/AccountAccesses',
      '/CustomFlows',
    ]) {
      expect(await status(path, none)).toBe(403);
    }
    const readOnly = await token({ sub: users.globalAdmin, permissions: ['applications.read'] });
    expect(await status('/Applications', readOnly)).toBe(200);
    expect(
      (
        await h.request('POST', '/Applications', {
          token: readOnly,
          body: { label: 'x', url: 'https://x.example.test' },
        })
      ).status,
    ).toBe(403);
    expect(await status(`/Applications/${apps.hr}`, readOnly, 'DELETE')).toBe(403);
  });

  it('lets an application admin reach only the applications they administer', async () => {
    const planner = await token({ sub: users.appAdmin, permissions: ['kitchen_planner.admin'] });
    expect(await status(`/Admin/Applications/${apps.kitchenPlanner}/Users`, planner)).toBe(200);
    expect(await status(`/Admin/Applications/${apps.dealerOrdering}/Users`, planner)).toBe(403);
    expect(await status(`/Admin/Applications/${apps.kitchenPlanner}/AccessRequests`, planner)).toBe(403);
    const manager = await token({
      sub: users.appAdmin,
      permissions: ['kitchen_planner.admin', 'kitchen_planner.admin.access_requests'],
    });
    expect(await status(`/Admin/Applications/${apps.kitchenPlanner}/AccessRequests`, manager)).toBe(200);
    const list = await h.request('GET', '/Admin/Applications', { token: planner });
    expect(
      ((await list.json()) as { items: { permissions: { manageAccessRequests: boolean } }[] }).items[0]?.permissions
        .manageAccessRequests,
    ).toBe(false);
  });

  it('lets nobody write by forging a body', async () => {
    const none = await token({ sub: users.partner, permissions: [] });
    expect(
      (
        await h.request('PUT', `/Admin/Applications/${apps.dealerOrdering}/Users/${users.partner}`, {
          token: none,
          body: { roleIds: [] },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await h.request('DELETE', `/Users/${users.customer}`, {
          token: await token({ sub: users.partner, permissions: ['all_users.read'] }),
        })
      ).status,
    ).toBe(403);
  });

  it('answers CORS preflights for the portal only', async () => {
    const ok = await h.request('OPTIONS', '/My/Applications', {
      headers: {
        origin: 'http://localhost:5999',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,lang',
      },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5999');
    expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('lang');
    const evil = await h.request('OPTIONS', '/My/Applications', {
      headers: { origin: 'http://evil.example.test', 'access-control-request-method': 'GET' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('races', () => {
  it('answers two simultaneous access requests with one 201 and one 409, never 500', async () => {
    const t = await token({ sub: users.newUser, permissions: [] });
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        h.request('POST', `/My/Applications/${apps.dealerOrdering}/AccessRequest`, {
          token: t,
          body: { accountAccessId: accountAccesses.branchHamburg },
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});
