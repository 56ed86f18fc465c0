// Routes as data (conventions, habit 7): path, permission, layout and the lazily loaded
// page, plus typed link builders. Navigation, guards and prefetch read from this table.
import type { ComponentType } from 'react';
import { matchRoute } from 'wouter';
import { parse as parsePattern } from 'regexparam';
import type { UserPortalApi } from '@portal/adapters';
import { lazyPage, type LazyPage } from './app/lazy-page.tsx';
import { preloadMyApps } from './features/shared/my-apps-store.ts';
import type { Namespace } from './i18n/languages.ts';

export type LayoutKind = 'default' | 'noNavbar' | 'empty' | 'admin';

type TitleKey =
  | 'home'
  | 'login'
  | 'signingIn'
  | 'signingOut'
  | 'signedOut'
  | 'settings'
  | 'flow'
  | 'refresh'
  | 'notFound'
  | 'admin'
  | 'catalogue'
  | 'requests';

export interface RouteDef {
  readonly name: string;
  /** wouter pattern */
  readonly path: string;
  readonly layout: LayoutKind;
  /** Reachable without a signed-in user (sign-in and sign-out pages only). */
  readonly public?: boolean;
  /** A permission the signed-in user must hold (else 403). */
  readonly permission?: string;
  readonly title?: TitleKey;
  /** Prefetched when the browser is idle. */
  readonly prefetch?: boolean;
  readonly page: LazyPage;
  /**
   * Starts loading the route's data as soon as the signed-in user is known, in parallel with
   * the page chunk (architecture: a route's data in parallel with its code); the page reads
   * the same cache.
   */
  readonly preloadData?: (api: UserPortalApi, userId: string) => void;
  /** The page marks the first route ready itself (when its data is painted), not on mount. */
  readonly marksReady?: boolean;
  /**
   * The namespaces of the page's texts (besides `common`): loaded before it renders (with the
   * page's code: a page the server rendered is taken over with every text it shows, #28.12);
   * when no language of the chain has one, the shell says so with a retry instead of raw keys
   * (#30.9). The first is the page's own; a page that shows the attribute fields also needs
   * `settings`.
   */
  readonly texts?: readonly Namespace[];
}

type Page = { default: ComponentType };

const home = lazyPage<Page>(() => import('./features/home/home-page.tsx'));
const login = lazyPage<Page>(() => import('./features/auth/login-page.tsx'));
const callback = lazyPage<Page>(() => import('./features/auth/callback-page.tsx'));
const logout = lazyPage<Page>(() => import('./features/auth/logout-page.tsx'));
const logoutSuccess = lazyPage<Page>(() => import('./features/auth/logout-success-page.tsx'));
const settings = lazyPage<Page>(() => import('./features/settings/settings-page.tsx'));
const gate = lazyPage<Page>(() => import('./features/flows/gate-page.tsx'));
const refresh = lazyPage<Page>(() => import('./features/flows/refresh-page.tsx'));
const customFlow = lazyPage<Page>(() => import('./features/flows/custom-flow-page.tsx'));
const catalogue = lazyPage<Page>(() => import('./features/access/catalogue-page.tsx'));
const requestForm = lazyPage<Page>(() => import('./features/access/request-page.tsx'));
const myRequests = lazyPage<Page>(() => import('./features/access/my-requests-page.tsx'));
const admin = lazyPage<Page>(() => import('./features/admin/index.tsx'));
const notFound = lazyPage<Page>(() => import('./features/errors/not-found-page.tsx'));

/** Order matters: the first matching route wins. */
export const routes: readonly RouteDef[] = [
  {
    name: 'home',
    path: '/',
    layout: 'default',
    title: 'home',
    texts: ['home'],
    page: home,
    preloadData: preloadMyApps,
    marksReady: true,
  },
  { name: 'login', path: '/login', layout: 'noNavbar', public: true, title: 'login', texts: ['auth'], page: login },
  {
    name: 'authLogin',
    path: '/auth/login',
    layout: 'empty',
    public: true,
    title: 'signingIn',
    texts: ['auth'],
    page: callback,
    marksReady: true,
  },
  {
    name: 'authLogout',
    path: '/auth/logout',
    layout: 'empty',
    public: true,
    title: 'signingOut',
    texts: ['auth'],
    page: logout,
  },
  {
    name: 'authLogoutSuccess',
    path: '/auth/logout-success',
    layout: 'noNavbar',
    public: true,
    title: 'signedOut',
    texts: ['auth'],
    page: logoutSuccess,
  },
  {
    name: 'settings',
    path: '/settings',
    layout: 'default',
    title: 'settings',
    texts: ['settings'],
    prefetch: true,
    page: settings,
  },
  {
    name: 'settingsApplication',
    path: '/settings/applications/:id',
    layout: 'default',
    title: 'settings',
    texts: ['settings'],
    page: settings,
  },
  {
    name: 'settingsTab',
    path: '/settings/:tab',
    layout: 'default',
    title: 'settings',
    texts: ['settings'],
    page: settings,
  },
  // Access governance (#19): the catalogue, a request to one application, the user's requests.
  { name: 'catalogue', path: '/catalogue', layout: 'default', title: 'catalogue', texts: ['flows'], page: catalogue },
  {
    name: 'catalogueRequest',
    path: '/catalogue/:application/request',
    layout: 'default',
    title: 'catalogue',
    texts: ['flows', 'settings'],
    page: requestForm,
  },
  { name: 'requests', path: '/requests', layout: 'default', title: 'requests', texts: ['flows'], page: myRequests },
  {
    name: 'flowsAuth',
    path: '/flows/auth',
    layout: 'noNavbar',
    title: 'flow',
    texts: ['flows', 'settings'],
    prefetch: true,
    page: gate,
  },
  {
    name: 'flowsAuthRefresh',
    path: '/flows/auth-refresh',
    layout: 'empty',
    title: 'refresh',
    texts: ['flows'],
    page: refresh,
  },
  {
    name: 'flow',
    path: '/flows/:key?',
    layout: 'noNavbar',
    title: 'flow',
    texts: ['flows', 'settings'],
    page: customFlow,
  },
  // One route for the whole console (`*?`: `/admin` too), so moving inside it keeps the console
  // mounted: two routes would unmount and mount it again (layout, sidebar, its data) on the way
  // from `/admin` to `/admin/users`.
  { name: 'admin', path: '/admin/*?', layout: 'admin', title: 'admin', texts: ['admin', 'settings'], page: admin },
];

export const notFoundRoute: RouteDef = {
  name: 'notFound',
  path: '*',
  layout: 'default',
  title: 'notFound',
  page: notFound,
};

/**
 * The parameters of a path matched by a wouter pattern, decoded; `undefined` when it does not
 * match. Wouter's own matcher with its own parser, so the table decides exactly as its
 * `Switch` does (`:param`, `:param?`, `*`, `*?`, a trailing slash).
 */
export function matchPath(pattern: string, path: string): Readonly<Record<string, string>> | undefined {
  const [matched, params] = matchRoute(parsePattern, pattern, path.split(/[?#]/, 1)[0] ?? '');
  if (!matched) return undefined;
  const decoded: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'string' || /^\d+$/.test(key)) continue;
    try {
      decoded[key] = decodeURIComponent(value);
    } catch {
      decoded[key] = value;
    }
  }
  return decoded;
}

/** The parameters a wouter pattern names (`/admin/:application/users/:id` → application, id). */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { readonly [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { readonly [K in Name]: string }
    : Readonly<Record<never, string>>;

/** A link to a pattern of the table: each parameter encoded in its place. */
export function pathOf<P extends string>(pattern: P, params: PathParams<P>): string {
  const values = params as Readonly<Record<string, string>>;
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** The route wouter renders for a path (the first match, else the 404 route). */
export function routeForPath(path: string): RouteDef {
  return routes.find((route) => matchPath(route.path, path) !== undefined) ?? notFoundRoute;
}

// ---- typed link builders -------------------------------------------------------------

const q = (params: Readonly<Record<string, string | undefined>>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, value);
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
};

export type SettingsTab = 'personal' | 'security' | 'applications';

export const links = {
  home: () => '/',
  login: (p: { readonly returnPath?: string } = {}) =>
    `/login${q({ returnPath: p.returnPath === '/' ? undefined : p.returnPath })}`,
  authLogin: (p: { readonly returnPath?: string; readonly reauth?: boolean } = {}) =>
    `/auth/login${q({ returnPath: p.returnPath === '/' ? undefined : p.returnPath, reauth: p.reauth === true ? '1' : undefined })}`,
  /** The portal server's start of an e-mail or password change at the provider (a full page load, not a route). */
  authChange: (p: { readonly policy: 'email' | 'password'; readonly returnPath: string }) =>
    `/auth/login${q({ policy: p.policy, returnPath: p.returnPath })}`,
  authLogout: () => '/auth/logout',
  logoutSuccess: () => '/auth/logout-success',
  settings: (tab?: SettingsTab) => (tab === undefined ? '/settings' : `/settings/${tab}`),
  settingsApplication: (p: { readonly id: string }) => `/settings/applications/${encodeURIComponent(p.id)}`,
  flowsAuth: (p: { readonly clientId: string }) => `/flows/auth${q({ client_id: p.clientId })}`,
  flowsAuthRefresh: () => '/flows/auth-refresh',
  flow: (p: { readonly key: string; readonly clientId?: string }) =>
    `/flows/${encodeURIComponent(p.key)}${q({ client_id: p.clientId })}`,
  admin: () => '/admin',
  catalogue: () => '/catalogue',
  /** `from`: an earlier request whose choices the form starts with (request again, #30.11). */
  catalogueRequest: (p: { readonly application: string; readonly from?: string | undefined }) =>
    `/catalogue/${encodeURIComponent(p.application)}/request${q({ from: p.from })}`,
  requests: () => '/requests',
} as const;
