// The console's part of the route table (ADR 0012): the shell's table mounts the console on
// `/admin/*?`; this table, loaded with the console, says for each console page its path, who
// may open it (core's rules), its lazily loaded page, the first list page it asks for while
// its code loads, when its code is preloaded and whether it needs the full width. The console's
// `Switch`, its links, guards, preloading and the sidebar's application come from here.
import {
  adminApplicationStatus,
  canAccessAdminCenter,
  canManageAccessRequests,
  routeStatus,
  type AdminPermission,
  type SignedInUser,
} from '@portal/core';
import type { AdministrableApplication } from '@portal/adapters/admin';
import { lazyPage, type LazyPage } from '../../app/lazy-page.tsx';
import { matchPath, pathOf, type PathParams } from '../../routes.ts';
import { listRoutes, type ListRoute } from './lib/list-routes.ts';

/** Who may open a page: any console user, a global permission's holder, an application's administrator. */
export type AdminAccess =
  | { readonly to: 'console' }
  | { readonly to: 'global'; readonly permission: AdminPermission }
  | { readonly to: 'application'; readonly accessRequests?: boolean };

export interface AdminRouteDef<P extends string = string> {
  /** wouter pattern */
  readonly path: P;
  readonly access: AdminAccess;
  readonly page: LazyPage;
  /** A list page: its first page is asked for while the chunk loads (performance.md). */
  readonly firstPage?: ListRoute;
  /** When the page's code is preloaded: when idle (the sidebar's targets) or when a link to it is pointed at. */
  readonly preload: 'idle' | 'intent';
  /** The admin full-width variant (spec §2): the page's tables need the width. */
  readonly fullWidth?: boolean;
}

type Page = { default: () => React.JSX.Element | null };
const route = <P extends string>(def: AdminRouteDef<P>): AdminRouteDef<P> => def;
const global = (permission: AdminPermission): AdminAccess => ({ to: 'global', permission });

/** Order matters: the first match wins (the global pages before `/admin/:application`); the sidebar's order. */
export const adminRoutes = {
  overview: route({
    path: '/admin',
    access: { to: 'console' },
    preload: 'idle',
    page: lazyPage<Page>(() => import('./pages/overview.tsx')),
  }),
  users: route({
    path: '/admin/users',
    access: global('all_users.read'),
    preload: 'idle',
    firstPage: listRoutes.users,
    page: lazyPage<Page>(() => import('./pages/users-list.tsx')),
  }),
  user: route({
    path: '/admin/users/:id',
    access: global('all_users.read'),
    preload: 'intent',
    page: lazyPage<Page>(() => import('./pages/user-detail.tsx')),
  }),
  applications: route({
    path: '/admin/applications',
    access: global('applications.read'),
    preload: 'idle',
    firstPage: listRoutes.applications,
    page: lazyPage<Page>(() => import('./pages/applications-list.tsx')),
  }),
  application: route({
    path: '/admin/applications/:id',
    access: global('applications.read'),
    preload: 'intent',
    fullWidth: true,
    page: lazyPage<Page>(() => import('./pages/application-detail.tsx')),
  }),
  attributes: route({
    path: '/admin/attributes',
    access: global('attributes.read'),
    preload: 'idle',
    firstPage: listRoutes.attributes,
    page: lazyPage<Page>(() => import('./pages/attributes-list.tsx')),
  }),
  attribute: route({
    path: '/admin/attributes/:id',
    access: global('attributes.read'),
    preload: 'intent',
    page: lazyPage<Page>(() => import('./pages/attribute-detail.tsx')),
  }),
  permissions: route({
    path: '/admin/permissions',
    access: global('permissions.read'),
    preload: 'idle',
    firstPage: listRoutes.permissions,
    page: lazyPage<Page>(() => import('./pages/permissions-list.tsx')),
  }),
  permission: route({
    path: '/admin/permissions/:id',
    access: global('permissions.read'),
    preload: 'intent',
    page: lazyPage<Page>(() => import('./pages/permission-detail.tsx')),
  }),
  roles: route({
    path: '/admin/roles',
    access: global('roles.read'),
    preload: 'idle',
    firstPage: listRoutes.roles,
    page: lazyPage<Page>(() => import('./pages/roles-list.tsx')),
  }),
  role: route({
    path: '/admin/roles/:id',
    access: global('roles.read'),
    preload: 'intent',
    page: lazyPage<Page>(() => import('./pages/role-detail.tsx')),
  }),
  accountAccesses: route({
    path: '/admin/account-accesses',
    access: global('accountaccesses.read'),
    preload: 'idle',
    firstPage: listRoutes.accountAccesses,
    page: lazyPage<Page>(() => import('./pages/account-accesses-list.tsx')),
  }),
  accountAccess: route({
    path: '/admin/account-accesses/:id',
    access: global('accountaccesses.read'),
    preload: 'intent',
    page: lazyPage<Page>(() => import('./pages/account-access-detail.tsx')),
  }),
  customFlows: route({
    path: '/admin/custom-flows',
    access: global('customflows.read'),
    preload: 'idle',
    firstPage: listRoutes.customFlows,
    page: lazyPage<Page>(() => import('./pages/custom-flows-list.tsx')),
  }),
  customFlow: route({
    path: '/admin/custom-flows/:id',
    access: global('customflows.read'),
    preload: 'intent',
    page: lazyPage<Page>(() => import('./pages/custom-flow-detail.tsx')),
  }),
  appStart: route({
    path: '/admin/:application',
    access: { to: 'application' },
    preload: 'idle',
    page: lazyPage<Page>(() => import('./pages/app-start.tsx')),
  }),
  appUsers: route({
    path: '/admin/:application/users',
    access: { to: 'application' },
    preload: 'idle',
    firstPage: listRoutes.appUsers,
    page: lazyPage<Page>(() => import('./pages/app-users-list.tsx')),
  }),
  appUsersImport: route({
    path: '/admin/:application/users/import',
    access: { to: 'application' },
    preload: 'intent',
    page: lazyPage<Page>(() => import('./pages/app-users-import.tsx')),
  }),
  appUser: route({
    path: '/admin/:application/users/:id',
    access: { to: 'application' },
    preload: 'intent',
    page: lazyPage<Page>(() => import('./pages/app-user-detail.tsx')),
  }),
  accessRequests: route({
    path: '/admin/:application/access-requests',
    access: { to: 'application', accessRequests: true },
    preload: 'idle',
    firstPage: listRoutes.accessRequests,
    page: lazyPage<Page>(() => import('./pages/access-requests-list.tsx')),
  }),
  accessRequest: route({
    path: '/admin/:application/access-requests/:id',
    access: { to: 'application', accessRequests: true },
    preload: 'intent',
    page: lazyPage<Page>(() => import('./pages/access-request-detail.tsx')),
  }),
} as const;

export type AdminPageKey = keyof typeof adminRoutes;
export const adminPageKeys = Object.keys(adminRoutes) as AdminPageKey[];

/** A link to a console page, its parameters typed by its path. */
export function adminHref<K extends AdminPageKey>(key: K, params: PathParams<(typeof adminRoutes)[K]['path']>): string {
  return pathOf(adminRoutes[key].path, params);
}

export interface AdminMatch {
  readonly key: AdminPageKey;
  readonly route: AdminRouteDef;
  /** Decoded: `application`, `id`. */
  readonly params: Readonly<Record<string, string>>;
}

/** The console page a path shows (the first match, as the console's `Switch` decides), if any. */
export function adminRouteOfPath(path: string): AdminMatch | undefined {
  for (const key of adminPageKeys) {
    const params = matchPath(adminRoutes[key].path, path);
    if (params !== undefined) return { key, route: adminRoutes[key], params };
  }
  return undefined;
}

/** The user is about to open this path (a link pointed at or focused): preload its page if it loads on intent. */
export function preloadPageOf(path: string): void {
  const match = adminRouteOfPath(path);
  if (match?.route.preload === 'intent')
    match.route.page.preload().catch(() => {
      /* the chunk guard handled it */
    });
}

export interface AdminAccessInput {
  readonly user: SignedInUser | undefined;
  readonly administrable: {
    readonly status: 'loading' | 'ready' | 'failed';
    readonly items: readonly AdministrableApplication[];
  };
  /** The `application` parameter of the path. */
  readonly application?: string;
}

/**
 * Whether the user may open a console page (spec §2, §6) by core's rules: 200, 401, 403, or
 * 'pending' while the administered applications that would decide it are still loading.
 */
export function adminRouteStatus(
  access: AdminAccess,
  { user, administrable, application }: AdminAccessInput,
): 200 | 401 | 403 | 'pending' {
  const waiting = administrable.status === 'loading';
  switch (access.to) {
    case 'global':
      return routeStatus(user, access.permission);
    case 'console':
      if (user === undefined) return 401;
      if (canAccessAdminCenter(user, administrable.items)) return 200;
      return waiting ? 'pending' : 403;
    case 'application': {
      const status = adminApplicationStatus(user, administrable.items, application ?? '');
      if (status === 403 && waiting) return 'pending';
      if (status !== 200 || access.accessRequests !== true) return status;
      return canManageAccessRequests(administrable.items.find((app) => app.id === application)) ? 200 : 403;
    }
  }
}

export interface PreloadInput {
  /** hkData.permissions of the signed-in user. */
  readonly permissions: readonly string[];
  /** The user administers at least one application (the sidebar's dropdown). */
  readonly administersApplications: boolean;
  /** … and may decide access requests of at least one. */
  readonly managesAccessRequests: boolean;
}

/**
 * The pages preloaded when idle once the console has painted: the sidebar's targets the user
 * may open, in the sidebar's order. Detail pages load on intent (a list's row link): on a list
 * page they would only add to the JS heap (performance.md row 6).
 */
export function pagesToPreload({
  permissions,
  administersApplications,
  managesAccessRequests,
}: PreloadInput): readonly AdminPageKey[] {
  return adminPageKeys.filter((key) => {
    const { access, preload } = adminRoutes[key];
    if (preload !== 'idle') return false;
    switch (access.to) {
      case 'console':
        return true;
      case 'global':
        return permissions.includes(access.permission);
      case 'application':
        return administersApplications && (access.accessRequests !== true || managesAccessRequests);
    }
  });
}
