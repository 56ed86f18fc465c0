import { describe, expect, it } from 'vitest';
import { links, matchPath, pathOf, notFoundRoute, routeForPath, routes } from './routes.ts';

describe('routes', () => {
  it('covers every route of the specification', () => {
    const paths = routes.map((r) => r.path);
    for (const path of [
      '/',
      '/login',
      '/settings',
      '/settings/:tab',
      '/settings/applications/:id',
      '/auth/login',
      '/auth/logout',
      '/auth/logout-success',
      '/flows/auth',
      '/flows/auth-refresh',
      '/flows/:key?',
    ]) {
      expect(paths).toContain(path);
    }
    // `/admin` and `/admin/*`: one route, so the console stays mounted inside itself.
    expect(routeForPath('/admin').name).toBe('admin');
    expect(routeForPath('/admin/roles/r1').name).toBe('admin');
  });

  it('needs a signed-in user everywhere except the sign-in and sign-out pages', () => {
    const open = routes
      .filter((r) => r.public === true)
      .map((r) => r.path)
      .sort();
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
    expect(matchPath('/', '/')).toBeDefined();
    expect(matchPath('/', '/settings')).toBeUndefined();
    expect(matchPath('/settings/:tab', '/settings/security')).toBeDefined();
    expect(matchPath('/settings/:tab', '/settings')).toBeUndefined();
    expect(matchPath('/settings/:tab', '/settings/security/x')).toBeUndefined();
    expect(matchPath('/flows/:key?', '/flows')).toBeDefined();
    expect(matchPath('/flows/:key?', '/flows/dealer-data')).toBeDefined();
    expect(matchPath('/admin/*', '/admin/users/42')).toBeDefined();
    expect(matchPath('/admin/*', '/admin')).toBeUndefined();
    expect(matchPath('/admin/*?', '/admin')).toBeDefined();
    expect(matchPath('/admin/*?', '/admin/users')).toBeDefined();
    expect(matchPath('/admin/*?', '/administrator')).toBeUndefined();
    expect(matchPath('/login', '/login/')).toBeDefined();
  });

  it('gives the decoded parameters, without the search', () => {
    expect(matchPath('/admin/:application/users/:id', '/admin/k%C3%BCchen%20planer/users/u1?tab=history')).toEqual({
      application: 'küchen planer',
      id: 'u1',
    });
    expect(matchPath('/settings/:tab', '/settings/%E0%A4%A')).toEqual({ tab: '%E0%A4%A' });
  });

  it('builds a link from a pattern with each parameter encoded', () => {
    expect(pathOf('/admin/:application/users/:id', { application: 'küchen planer', id: 'a/b' })).toBe(
      '/admin/k%C3%BCchen%20planer/users/a%2Fb',
    );
    expect(pathOf('/admin/users', {})).toBe('/admin/users');
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
