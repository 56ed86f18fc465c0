import { describe, expect, it } from 'vitest';
import { links, matchesPath, notFoundRoute, routeForPath, routes } from './routes.ts';

describe('routes', () => {
  it('covers every route of the specification', () => {
    const paths = routes.map((r) => r.path);
    for (const path of ['/', '/login', '/settings', '/settings/:tab', '/settings/applications/:id', '/auth/login', '/auth/logout', '/auth/logout-success',
      '/flows/auth', '/flows/auth-refresh', '/flows/:key?']) {
      expect(paths).toContain(path);
    }
    // `/admin` and `/admin/*`: one route, so the console stays mounted inside itself.
    expect(routeForPath('/admin').name).toBe('admin');
    expect(routeForPath('/admin/roles/r1').name).toBe('admin');
  });

  it('needs a signed-in user everywhere except the sign-in and sign-out pages', () => {
    const open = routes.filter((r) => r.public === true).map((r) => r.path).sort();
    expect(open).toEqual(['/auth/login', '/auth/logout', '/auth/logout-success', '/login']);
  });

  it('puts the fixed flow routes before the custom flow', () => {
    const index = (name: string) => routes.findIndex((r) => r.name === name);
    expect(index('flowsAuth')).toBeLessThan(index('flow'));
    expect(index('flowsAuthRefresh')).toBeLessThan(index('flow'));
  });

  it('builds typed links', () => {
    expect(links.home()).toBe('/');
    expect(links.login({ returnPath: '/settings' })).toBe('/login?returnPath=%2Fsettings');
    expect(links.login({ returnPath: '/' })).toBe('/login');
    expect(links.authLogin({ returnPath: '/x', reauth: true })).toBe('/auth/login?returnPath=%2Fx&reauth=1');
    expect(links.settings()).toBe('/settings');
    expect(links.settings('security')).toBe('/settings/security');
    expect(links.settingsApplication({ id: 'a/b' })).toBe('/settings/applications/a%2Fb');
    expect(links.flowsAuth({ clientId: 'shop' })).toBe('/flows/auth?client_id=shop');
    expect(links.flow({ key: 'dealer-data', clientId: 'shop' })).toBe('/flows/dealer-data?client_id=shop');
    expect(links.logoutSuccess()).toBe('/auth/logout-success');
  });
});

describe('the route of an address (for preloading before the router runs)', () => {
  it('matches as wouter does: literals, parameters, optional parameters, wildcards', () => {
    expect(matchesPath('/', '/')).toBe(true);
    expect(matchesPath('/', '/settings')).toBe(false);
    expect(matchesPath('/settings/:tab', '/settings/security')).toBe(true);
    expect(matchesPath('/settings/:tab', '/settings')).toBe(false);
    expect(matchesPath('/settings/:tab', '/settings/security/x')).toBe(false);
    expect(matchesPath('/flows/:key?', '/flows')).toBe(true);
    expect(matchesPath('/flows/:key?', '/flows/dealer-data')).toBe(true);
    expect(matchesPath('/admin/*', '/admin/users/42')).toBe(true);
    expect(matchesPath('/admin/*', '/admin')).toBe(false);
    expect(matchesPath('/admin/*?', '/admin')).toBe(true);
    expect(matchesPath('/admin/*?', '/admin/users')).toBe(true);
    expect(matchesPath('/admin/*?', '/administrator')).toBe(false);
    expect(matchesPath('/login', '/login/')).toBe(true);
  });

  it('picks the first matching route, else the 404 route', () => {
    expect(routeForPath('/').name).toBe('home');
    expect(routeForPath('/settings/applications/x').name).toBe('settingsApplication');
    expect(routeForPath('/settings/personal').name).toBe('settingsTab');
    expect(routeForPath('/flows/auth').name).toBe('flowsAuth');
    expect(routeForPath('/flows/auth-refresh').name).toBe('flowsAuthRefresh');
    expect(routeForPath('/flows/dealer-data').name).toBe('flow');
    expect(routeForPath('/admin').name).toBe('admin');
    expect(routeForPath('/admin/users').name).toBe('admin');
    expect(routeForPath('/admin/applications/planner/users').name).toBe('admin');
    expect(routeForPath('/administrator').name).toBe(notFoundRoute.name);
    expect(routeForPath('/auth/login').name).toBe('authLogin');
    expect(routeForPath('/nowhere').name).toBe(notFoundRoute.name);
  });

  it('home loads its data with its chunk and marks ready itself (when the tiles are shown)', () => {
    const home = routeForPath('/');
    expect(home.preloadData).toBeTypeOf('function');
    expect(home.marksReady).toBe(true);
    // The sign-in callback is not a first view: the page it returns to is.
    expect(routeForPath('/auth/login').marksReady).toBe(true);
  });
});
