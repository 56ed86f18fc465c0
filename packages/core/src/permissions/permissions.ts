// Permission rules of spec §2 and §6, as a table of pure functions (conventions, habit 8): the
// shell's (a route's status, the admin center's link); the pages' own are in `page-permissions.ts`.

import type { Application } from '../domain/entities.ts';
import type { SignedInUser } from '../domain/user.ts';

/**
 * The global permissions (spec §2, the contract's decision 4): the one list of their names (#31.2).
 * The API checks and seeds them, the console guards its pages and writes with them; every other
 * place names one through `GlobalPermission`, so a name not in this list does not compile.
 */
export const globalPermissions = [
  'all_users.read',
  'all_users.write',
  'applications.read',
  'applications.write',
  'attributes.read',
  'attributes.write',
  'permissions.read',
  'permissions.write',
  'roles.read',
  'roles.write',
  'accountaccesses.read',
  'accountaccesses.write',
  'customflows.read',
  'customflows.write',
  'access_requests.manage',
] as const;
export type GlobalPermission = (typeof globalPermissions)[number];

/** The global read permissions, each of which opens a page of the console. */
export type AdminPermission = Extract<GlobalPermission, `${string}.read`>;

export type AdminNavKey =
  'users' | 'applications' | 'attributes' | 'permissions' | 'roles' | 'accountAccesses' | 'customFlows' | 'mails';

export interface AdminNavItem {
  /** Stable key; the UI maps it to a translation key and an icon. */
  readonly key: AdminNavKey;
  readonly path: string;
  readonly permission: AdminPermission;
}

/**
 * The global admin navigation items, each shown only with its permission (spec §2), and the mails
 * the API sent (#29), for those who may see all users (the mails name them and what they asked for).
 */
export const adminNavItems: readonly AdminNavItem[] = [
  { key: 'users', path: '/admin/users', permission: 'all_users.read' },
  { key: 'applications', path: '/admin/applications', permission: 'applications.read' },
  { key: 'attributes', path: '/admin/attributes', permission: 'attributes.read' },
  { key: 'permissions', path: '/admin/permissions', permission: 'permissions.read' },
  { key: 'roles', path: '/admin/roles', permission: 'roles.read' },
  { key: 'accountAccesses', path: '/admin/account-accesses', permission: 'accountaccesses.read' },
  { key: 'customFlows', path: '/admin/custom-flows', permission: 'customflows.read' },
  { key: 'mails', path: '/admin/mails', permission: 'all_users.read' },
];

/** A user has a permission only if signed in and it is listed in hkData.permissions (spec §6). */
export function hasPermission(user: SignedInUser | undefined, permission: string): boolean {
  return user !== undefined && user.hkData.permissions.includes(permission);
}

/** The admin navigation items this user may see. */
export function visibleAdminNavItems(user: SignedInUser | undefined): readonly AdminNavItem[] {
  return adminNavItems.filter((item) => hasPermission(user, item.permission));
}

/** Admin center access: at least one visible admin item, or at least one administered application. */
export function canAccessAdminCenter(
  user: SignedInUser | undefined,
  administrableApplications: readonly Pick<Application, 'id'>[],
): boolean {
  return user !== undefined && (visibleAdminNavItems(user).length > 0 || administrableApplications.length > 0);
}

/** Routes need a token, otherwise 401 (spec §6). */
export function routeStatus(user: SignedInUser | undefined, permission?: string): 200 | 401 | 403 {
  if (user === undefined) return 401;
  if (permission !== undefined && !hasPermission(user, permission)) return 403;
  return 200;
}
