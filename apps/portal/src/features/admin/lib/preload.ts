// Which admin page chunks to preload: when idle, what the sidebar links to (the overview, the
// global lists the user may see, the application's start, users and access requests); a
// detail page when the pointer or focus reaches a link to it (a list's row link). Detail
// chunks (forms, pickers, history) are not preloaded when idle: on a list page they would
// only add to the JS heap (performance.md row 6). Pages the user may not open are left out.
import { adminNavItems } from '@portal/core';

export type AdminPageKey =
  | 'overview' | 'applications' | 'application' | 'attributes' | 'attribute' | 'permissions' | 'permission'
  | 'roles' | 'role' | 'accountAccesses' | 'accountAccess' | 'customFlows' | 'customFlow' | 'users' | 'user'
  | 'appStart' | 'appUsers' | 'appUser' | 'accessRequests' | 'accessRequest';

export interface PreloadInput {
  /** hkData.permissions of the signed-in user. */
  readonly permissions: readonly string[];
  /** The user administers at least one application (the sidebar's dropdown). */
  readonly administersApplications: boolean;
  /** … and may decide access requests of at least one. */
  readonly managesAccessRequests: boolean;
}

const globalDetail: Readonly<Record<string, AdminPageKey>> = {
  users: 'user',
  applications: 'application',
  attributes: 'attribute',
  permissions: 'permission',
  roles: 'role',
  'account-accesses': 'accountAccess',
  'custom-flows': 'customFlow',
};

/** The detail page a console path shows (`/admin/roles/{id}`, `/admin/{app}/users/{id}`, …), if any. */
export function detailPageOfPath(path: string): AdminPageKey | undefined {
  const parts = path.split(/[?#]/, 1)[0]?.split('/').filter((part) => part !== '') ?? [];
  if (parts[0] !== 'admin') return undefined;
  if (parts.length === 3) return Object.hasOwn(globalDetail, parts[1] ?? '') ? globalDetail[parts[1] ?? ''] : undefined;
  if (parts.length === 4 && parts[2] === 'users') return 'appUser';
  if (parts.length === 4 && parts[2] === 'access-requests') return 'accessRequest';
  return undefined;
}

let preloadPath: (path: string) => void = () => undefined;
/** The console installs how a path's page chunk is preloaded. */
export function setPathPreloader(preloader: (path: string) => void): void {
  preloadPath = preloader;
}
/** The user is about to open this path (pointer or focus on its link): preload its page. */
export function preloadPageOf(path: string): void {
  preloadPath(path);
}

/** The sidebar's targets, in the sidebar's order: preloaded when idle once the console has painted. */
export function pagesToPreload({ permissions, administersApplications, managesAccessRequests }: PreloadInput): readonly AdminPageKey[] {
  const global = adminNavItems.filter((item) => permissions.includes(item.permission)).map((item) => item.key);
  const sidebar: AdminPageKey[] = ['overview', ...global];
  if (administersApplications) sidebar.push('appStart', 'appUsers');
  if (administersApplications && managesAccessRequests) sidebar.push('accessRequests');
  return sidebar;
}
