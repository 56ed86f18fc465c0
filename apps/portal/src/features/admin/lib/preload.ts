// Which admin page chunks to preload, in which order: first what the sidebar links to (the
// overview, the global lists the user may see, the application's start, users and access
// requests), then the detail pages behind those lists. Pages the user may not open are left out.
import { adminNavItems, type AdminNavKey } from '@portal/core';

export type AdminPageKey =
  | 'overview' | 'applications' | 'application' | 'attributes' | 'attribute' | 'permissions' | 'permission'
  | 'roles' | 'role' | 'accountAccesses' | 'accountAccess' | 'customFlows' | 'customFlow' | 'users' | 'user'
  | 'appStart' | 'appUsers' | 'appUser' | 'accessRequests' | 'accessRequest';

const detailOf: Readonly<Record<AdminNavKey, AdminPageKey>> = {
  users: 'user',
  applications: 'application',
  attributes: 'attribute',
  permissions: 'permission',
  roles: 'role',
  accountAccesses: 'accountAccess',
  customFlows: 'customFlow',
};

export interface PreloadInput {
  /** hkData.permissions of the signed-in user. */
  readonly permissions: readonly string[];
  /** The user administers at least one application (the sidebar's dropdown). */
  readonly administersApplications: boolean;
  /** … and may decide access requests of at least one. */
  readonly managesAccessRequests: boolean;
}

export function pagesToPreload({ permissions, administersApplications, managesAccessRequests }: PreloadInput): { readonly sidebar: readonly AdminPageKey[]; readonly rest: readonly AdminPageKey[] } {
  const global = adminNavItems.filter((item) => permissions.includes(item.permission)).map((item) => item.key);
  const sidebar: AdminPageKey[] = ['overview', ...global];
  const rest: AdminPageKey[] = global.map((key) => detailOf[key]);
  if (administersApplications) {
    sidebar.push('appStart', 'appUsers');
    rest.push('appUser');
    if (managesAccessRequests) {
      sidebar.push('accessRequests');
      rest.push('accessRequest');
    }
  }
  return { sidebar, rest };
}
