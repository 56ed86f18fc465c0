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
type Preload = AdminRouteDef['preload'];

/** Each page's code: its own chunk, loaded when the page is first shown or preloaded. */
const code = {
  overview: () => import('./pages/overview.tsx'),
  users: () => import('./pages/users-list.tsx'),
  user: () => import('./pages/user-detail.tsx'),
  applications: () => import('./pages/applications-list.tsx'),
  application: () => import('./pages/application-detail.tsx'),
  attributes: () => import('./pages/attributes-list.tsx'),
  attribute: () => import('./pages/attribute-detail.tsx'),
  permissions: () => import('./pages/permissions-list.tsx'),
  permission: () => import('./pages/permission-detail.tsx'),
  roles: () => import('./pages/roles-list.tsx'),
  role: () => import('./pages/role-detail.tsx'),
  accountAccesses: () => import('./pages/account-accesses-list.tsx'),
  accountAccess: () => import('./pages/account-access-detail.tsx'),
  customFlows: () => import('./pages/custom-flows-list.tsx'),
  customFlow: () => import('./pages/custom-flow-detail.tsx'),
  mails: () => import('./pages/mails-list.tsx'),
  appStart: () => import('./pages/app-start.tsx'),
  appUsers: () => import('./pages/app-users-list.tsx'),
  appUsersImport: () => import('./pages/app-users-import.tsx'),
  appUser: () => import('./pages/app-user-detail.tsx'),
  accessRequests: () => import('./pages/access-requests-list.tsx'),
  accessRequest: () => import('./pages/access-request-detail.tsx'),
} as const satisfies Record<string, () => Promise<Page>>;
type PageKey = keyof typeof code;
type ListKey = PageKey & keyof typeof listRoutes;

/** The page `key` at `path`: its code, and a list page's first page (`listRoutes[key]`) asked for while that loads. */
function page<P extends string>(key: PageKey, path: P, access: AdminAccess, preload: Preload): AdminRouteDef<P> {
  const firstPage: ListRoute | undefined = key in listRoutes ? listRoutes[key as ListKey] : undefined;
  return { path, access, preload, page: lazyPage<Page>(code[key]), ...(firstPage === undefined ? {} : { firstPage }) };
}

/**
 * A global entity kind's two pages, for the holders of its read permission: its list at `path`, preloaded
 * when idle (the sidebar's target), and its detail at `{path}/:id`, preloaded on intent (`fullWidth`: the detail's).
 */
function globalPages<L extends ListKey, D extends PageKey, P extends string>(
  [list, detail]: readonly [L, D],
  path: P,
  permission: AdminPermission,
  { fullWidth = false }: Pick<AdminRouteDef, 'fullWidth'> = {},
) {
  const access: AdminAccess = { to: 'global', permission };
  return {
    [list]: page(list, path, access, 'idle'),
    [detail]: { ...page(detail, `${path}/:id` as const, access, 'intent'), ...(fullWidth ? { fullWidth } : {}) },
  } as Record<L, AdminRouteDef<P>> & Record<D, AdminRouteDef<`${P}/:id`>>;
}

const ofApplication: AdminAccess = { to: 'application' };
const ofAccessRequests: AdminAccess = { to: 'application', accessRequests: true };

/** Order matters: the first match wins (the global pages before `/admin/:application`); the sidebar's order. */
export const adminRoutes = {
  overview: page('overview', '/admin', { to: 'console' }, 'idle'),
  ...globalPages(['users', 'user'], '/admin/users', 'all_users.read'),
  ...globalPages(['applications', 'application'], '/admin/applications', 'applications.read', { fullWidth: true }),
  ...globalPages(['attributes', 'attribute'], '/admin/attributes', 'attributes.read'),
  ...globalPages(['permissions', 'permission'], '/admin/permissions', 'permissions.read'),
  ...globalPages(['roles', 'role'], '/admin/roles', 'roles.read'),
  ...globalPages(['accountAccesses', 'accountAccess'], '/admin/account-accesses', 'accountaccesses.read'),
  ...globalPages(['customFlows', 'customFlow'], '/admin/custom-flows', 'customflows.read'),
  // The mails the API sent (#29): they name users and what they asked for.
  mails: page('mails', '/admin/mails', { to: 'global', permission: 'all_users.read' }, 'idle'),
  appStart: page('appStart', '/admin/:application', ofApplication, 'idle'),
  appUsers: page('appUsers', '/admin/:application/users', ofApplication, 'idle'),
  appUsersImport: page('appUsersImport', '/admin/:application/users/import', ofApplication, 'intent'),
  appUser: page('appUser', '/admin/:application/users/:id', ofApplication, 'intent'),
  accessRequests: page('accessRequests', '/admin/:application/access-requests', ofAccessRequests, 'idle'),
  accessRequest: page('accessRequest', '/admin/:application/access-requests/:id', ofAccessRequests, 'intent'),
} as const satisfies Record<PageKey, AdminRouteDef>;

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
