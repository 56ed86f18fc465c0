import { describe, expect, it } from 'vitest';
import { adminNavItems, type SignedInUser } from '@portal/core';
import type { AdministrableApplication } from '@portal/adapters/admin';
import { adminHref, adminPageKeys, adminRouteOfPath, adminRoutes, adminRouteStatus, pagesToPreload } from './routes.ts';
import { adminLinks } from './lib/links.ts';
import { listRoutes } from './lib/list-routes.ts';

const user = (permissions: readonly string[] = []): SignedInUser => ({
  id: 'u',
  issuer: 'https://idp',
  fullName: 'Pat Admin',
  hkData: { attributes: { firstName: 'Pat', lastName: 'Admin' }, permissions, internal: false },
});
const app = (id: string, manageAccessRequests = false): AdministrableApplication => ({
  id,
  label: id,
  logoUrl: null,
  url: `https://${id}.example`,
  internal: false,
  accessRequestsAmount: 0,
  permissions: { manageAccessRequests },
});
const ready = (...items: AdministrableApplication[]) => ({ status: 'ready' as const, items });
const loading = { status: 'loading' as const, items: [] };

describe('the console route table: the page of a path', () => {
  it('finds every page from its own link, with its decoded parameters', () => {
    expect(adminRouteOfPath(adminLinks.overview())?.key).toBe('overview');
    for (const kind of [
      'applications',
      'attributes',
      'permissions',
      'roles',
      'accountAccesses',
      'customFlows',
      'users',
    ] as const) {
      expect(adminRouteOfPath(adminLinks.list(kind))?.key).toBe(kind);
      expect(adminRouteOfPath(adminLinks.detail(kind, 'a b'))?.params).toEqual({ id: 'a b' });
    }
    expect(adminRouteOfPath(adminLinks.application('küchen planer'))).toMatchObject({
      key: 'appStart',
      params: { application: 'küchen planer' },
    });
    expect(adminRouteOfPath(adminLinks.applicationUsers('planner'))?.key).toBe('appUsers');
    expect(adminRouteOfPath(adminLinks.applicationUser('planner', 'u1'))).toMatchObject({
      key: 'appUser',
      params: { application: 'planner', id: 'u1' },
    });
    expect(adminRouteOfPath(adminLinks.accessRequests('planner'))?.key).toBe('accessRequests');
    expect(adminRouteOfPath(`${adminLinks.accessRequest('planner', 'r1')}?tab=history`)?.key).toBe('accessRequest');
  });

  it('matches a global page before an application of that name, and nothing outside the console', () => {
    expect(adminRouteOfPath('/admin/users/x')?.key).toBe('user');
    expect(adminRouteOfPath('/admin/custom-flows')?.key).toBe('customFlows');
    // The mails (#29) are a global page, not an application called "mails".
    expect(adminRouteOfPath('/admin/mails')?.key).toBe('mails');
    expect(adminRouteOfPath('/admin/users/x/y')).toBeUndefined();
    expect(adminRouteOfPath('/admin/planner/settings/x')).toBeUndefined();
    expect(adminRouteOfPath('/settings')).toBeUndefined();
  });

  it('builds links from the paths, each parameter encoded', () => {
    expect(adminHref('appUser', { application: 'hk/portal', id: 'u 1' })).toBe('/admin/hk%2Fportal/users/u%201');
    for (const key of adminPageKeys) expect(adminRoutes[key].path.startsWith('/admin')).toBe(true);
  });

  it('gives the full width to the application detail only (spec §2)', () => {
    expect(adminPageKeys.filter((key) => adminRoutes[key].fullWidth === true)).toEqual(['application']);
  });

  it('asks for the first page of every list page, and of nothing else', () => {
    const lists = adminPageKeys.filter((key) => adminRoutes[key].firstPage !== undefined);
    expect(lists.sort()).toEqual(Object.keys(listRoutes).sort());
    for (const key of lists) expect(adminRoutes[key].firstPage).toBe(listRoutes[key as keyof typeof listRoutes]);
  });

  it('agrees with core on the sidebar items: path and permission', () => {
    for (const item of adminNavItems) {
      expect(adminRoutes[item.key].path).toBe(item.path);
      expect(adminRoutes[item.key].access).toEqual({ to: 'global', permission: item.permission });
    }
  });
});

describe('who may open a console page (spec §2, §6, by core’s rules)', () => {
  it('global pages: with their read permission', () => {
    const roles = adminRoutes.roles.access;
    expect(adminRouteStatus(roles, { user: user(['roles.read']), administrable: loading })).toBe(200);
    expect(adminRouteStatus(roles, { user: user(['users.read']), administrable: ready(app('planner')) })).toBe(403);
    expect(adminRouteStatus(roles, { user: undefined, administrable: loading })).toBe(401);
  });

  it('the overview: with a global item or an administered application; pending while those load', () => {
    const overview = adminRoutes.overview.access;
    expect(adminRouteStatus(overview, { user: user(['roles.read']), administrable: loading })).toBe(200);
    expect(adminRouteStatus(overview, { user: user(), administrable: loading })).toBe('pending');
    expect(adminRouteStatus(overview, { user: user(), administrable: ready(app('planner')) })).toBe(200);
    expect(adminRouteStatus(overview, { user: user(), administrable: ready() })).toBe(403);
  });

  it('an application’s pages: only for an administered application; access requests only with manageAccessRequests', () => {
    const users = adminRoutes.appUsers.access;
    const requests = adminRoutes.accessRequests.access;
    expect(
      adminRouteStatus(users, { user: user(), administrable: ready(app('planner')), application: 'planner' }),
    ).toBe(200);
    expect(adminRouteStatus(users, { user: user(), administrable: ready(app('planner')), application: 'shop' })).toBe(
      403,
    );
    expect(adminRouteStatus(users, { user: user(), administrable: loading, application: 'planner' })).toBe('pending');
    expect(
      adminRouteStatus(requests, { user: user(), administrable: ready(app('planner')), application: 'planner' }),
    ).toBe(403);
    expect(
      adminRouteStatus(requests, { user: user(), administrable: ready(app('planner', true)), application: 'planner' }),
    ).toBe(200);
  });
});

describe('admin page preload order', () => {
  it('is the sidebar targets, in the sidebar order', () => {
    expect(
      pagesToPreload({
        permissions: ['roles.read', 'all_users.read'],
        administersApplications: true,
        managesAccessRequests: true,
      }),
    ).toEqual(['overview', 'users', 'roles', 'mails', 'appStart', 'appUsers', 'accessRequests']);
  });

  it('leaves out what the user may not open, and detail pages', () => {
    expect(pagesToPreload({ permissions: [], administersApplications: true, managesAccessRequests: false })).toEqual([
      'overview',
      'appStart',
      'appUsers',
    ]);
    expect(
      pagesToPreload({
        permissions: ['customflows.read'],
        administersApplications: false,
        managesAccessRequests: false,
      }),
    ).toEqual(['overview', 'customFlows']);
  });
});
