import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../domain/user.ts';
import {
  adminNavItems,
  canAccessAdminCenter,
  hasPermission,
  routeStatus,
  visibleAdminNavItems,
} from './permissions.ts';
import {
  adminApplicationStatus,
  canAdministerApplication,
  canChangeEmail,
  canChangePassword,
  canManageAccessRequests,
  canRequestAccess,
} from './page-permissions.ts';

const user = (permissions: string[], internal = false): SignedInUser => ({
  id: 'u',
  issuer: 'i',
  fullName: 'U',
  hkData: { attributes: { firstName: 'U', lastName: '' }, permissions, internal },
});

describe('hasPermission', () => {
  it.each([
    [undefined, 'roles.read', false],
    [user([]), 'roles.read', false],
    [user(['roles.read']), 'roles.read', true],
    [user(['roles.read']), 'roles.write', false],
    [user(['ROLES.READ']), 'roles.read', false],
  ])('%#', (u, permission, expected) => {
    expect(hasPermission(u, permission)).toBe(expected);
  });
});

describe('admin navigation', () => {
  it('has the seven items of spec §2 and the mails (#29) with their permissions', () => {
    expect(adminNavItems.map((i) => [i.path, i.permission])).toEqual([
      ['/admin/users', 'all_users.read'],
      ['/admin/applications', 'applications.read'],
      ['/admin/attributes', 'attributes.read'],
      ['/admin/permissions', 'permissions.read'],
      ['/admin/roles', 'roles.read'],
      ['/admin/account-accesses', 'accountaccesses.read'],
      ['/admin/custom-flows', 'customflows.read'],
      ['/admin/mails', 'all_users.read'],
    ]);
  });

  it('shows each item only with its permission', () => {
    expect(visibleAdminNavItems(undefined)).toEqual([]);
    expect(visibleAdminNavItems(user(['roles.read', 'x'])).map((i) => i.key)).toEqual(['roles']);
  });

  it.each([
    [undefined, [], false],
    [user([]), [], false],
    [user(['roles.read']), [], true],
    [user([]), [{ id: 'a1' }], true],
    [undefined, [{ id: 'a1' }], false],
  ])('admin center access %#', (u, apps, expected) => {
    expect(canAccessAdminCenter(u, apps)).toBe(expected);
  });
});

describe('per-application admin', () => {
  const apps = [{ id: 'a1' }];
  it('allows listed applications only', () => {
    expect(canAdministerApplication(user([]), apps, 'a1')).toBe(true);
    expect(canAdministerApplication(user([]), apps, 'a2')).toBe(false);
    expect(canAdministerApplication(undefined, apps, 'a1')).toBe(false);
    expect(adminApplicationStatus(user([]), apps, 'a1')).toBe(200);
    expect(adminApplicationStatus(user([]), apps, 'a2')).toBe(403);
    expect(adminApplicationStatus(undefined, apps, 'a1')).toBe(401);
  });
});

describe('other rules', () => {
  it('access-requests menu needs manageAccessRequests', () => {
    expect(canManageAccessRequests({ permissions: { manageAccessRequests: true } })).toBe(true);
    expect(canManageAccessRequests({ permissions: { manageAccessRequests: false } })).toBe(false);
    expect(canManageAccessRequests({})).toBe(false);
    expect(canManageAccessRequests(undefined)).toBe(false);
  });

  it('internal accounts cannot change e-mail or password', () => {
    expect(canChangeEmail(user([], true))).toBe(false);
    expect(canChangePassword(user([], true))).toBe(false);
    expect(canChangeEmail(user([]))).toBe(true);
    expect(canChangePassword(user([]))).toBe(true);
    expect(canChangeEmail(undefined)).toBe(false);
    expect(canChangePassword(undefined)).toBe(false);
  });

  it('internal applications cannot be requested', () => {
    expect(canRequestAccess({ internal: true })).toBe(false);
    expect(canRequestAccess({ internal: false })).toBe(true);
  });

  it('routes need a token (401) and their permission (403)', () => {
    expect(routeStatus(undefined)).toBe(401);
    expect(routeStatus(user([]))).toBe(200);
    expect(routeStatus(user([]), 'roles.read')).toBe(403);
    expect(routeStatus(user(['roles.read']), 'roles.read')).toBe(200);
  });
});
