import { describe, expect, it } from 'vitest';
import { links, routes } from './routes.ts';

describe('routes', () => {
  it('covers every route of the specification', () => {
    const paths = routes.map((r) => r.path);
    for (const path of ['/', '/login', '/settings', '/settings/:tab', '/settings/applications/:id', '/auth/login', '/auth/logout', '/auth/logout-success',
      '/flows/auth', '/flows/auth-refresh', '/flows/:key?', '/admin', '/admin/*']) {
      expect(paths).toContain(path);
    }
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
