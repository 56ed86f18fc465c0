// The admin console (loaded lazily for /admin and /admin/*): the admin layout with its
// sidebar (application dropdown, users, access requests with the open-request badge, the
// global items the user may see) and one lazily loaded chunk per page. Once the console has
// painted, the sidebar's page chunks are preloaded when the browser is idle, so a route switch
// does not wait for code (a detail page's chunk: when a row link is pointed at or focused);
// a list route asks for its first page while its chunk loads, not after.
import { Suspense, useCallback, useEffect, useMemo, type MouseEvent } from 'react';
import type { AdminApi } from '@portal/adapters/admin';
import { Route, Switch, useLocation, useParams } from 'wouter';
import { hasPermission, visibleAdminNavItems, type AdminPermission } from '@portal/core';
import { AdminLayout } from '@portal/ui/admin';
import { useChrome } from '../../app/chrome.tsx';
import { useNavigationBarState } from '../../app/contexts.tsx';
import { useSession } from '../../app/session.ts';
import { ErrorView } from '../../app/error-view.tsx';
import { lazyPage, prefetchWhenIdle, type LazyPage } from '../../app/lazy-page.tsx';
import { AdminProvider, useAdmin } from './admin-context.tsx';
import { adminLinks, applicationOfPath, needsFullWidth } from './lib/links.ts';
import { PageSkeleton } from './components/page-state.tsx';
import { forgetFirstPage, isListRoute, listOfPath, startFirstPage } from './lib/list-routes.ts';
import { detailPageOfPath, pagesToPreload, setPathPreloader, type AdminPageKey } from './lib/preload.ts';

type Page = { default: () => React.JSX.Element | null };

const pages: Readonly<Record<AdminPageKey, LazyPage>> = {
  overview: lazyPage<Page>(() => import('./pages/overview.tsx')),
  applications: lazyPage<Page>(() => import('./pages/applications-list.tsx')),
  application: lazyPage<Page>(() => import('./pages/application-detail.tsx')),
  attributes: lazyPage<Page>(() => import('./pages/attributes-list.tsx')),
  attribute: lazyPage<Page>(() => import('./pages/attribute-detail.tsx')),
  permissions: lazyPage<Page>(() => import('./pages/permissions-list.tsx')),
  permission: lazyPage<Page>(() => import('./pages/permission-detail.tsx')),
  roles: lazyPage<Page>(() => import('./pages/roles-list.tsx')),
  role: lazyPage<Page>(() => import('./pages/role-detail.tsx')),
  accountAccesses: lazyPage<Page>(() => import('./pages/account-accesses-list.tsx')),
  accountAccess: lazyPage<Page>(() => import('./pages/account-access-detail.tsx')),
  customFlows: lazyPage<Page>(() => import('./pages/custom-flows-list.tsx')),
  customFlow: lazyPage<Page>(() => import('./pages/custom-flow-detail.tsx')),
  users: lazyPage<Page>(() => import('./pages/users-list.tsx')),
  user: lazyPage<Page>(() => import('./pages/user-detail.tsx')),
  appStart: lazyPage<Page>(() => import('./pages/app-start.tsx')),
  appUsers: lazyPage<Page>(() => import('./pages/app-users-list.tsx')),
  appUser: lazyPage<Page>(() => import('./pages/app-user-detail.tsx')),
  accessRequests: lazyPage<Page>(() => import('./pages/access-requests-list.tsx')),
  accessRequest: lazyPage<Page>(() => import('./pages/access-request-detail.tsx')),
};

type PageKey = AdminPageKey;

const idleEnv = () => ({
  navigator: window.navigator,
  // At the latest after a second: a busy main thread must not postpone the preload past the first click.
  ...(typeof window.requestIdleCallback === 'function' ? { requestIdleCallback: (cb: () => void) => window.requestIdleCallback(cb, { timeout: 1000 }) } : {}),
  setTimeout: (cb: () => void, ms: number) => window.setTimeout(cb, ms),
});

/**
 * After the console has painted: the sidebar's targets when idle. The global ones need only
 * the permissions; the application's pages follow once the administrable list is known
 * (preloading a page twice is a no-op). Detail pages: on intent, `RowLink`.
 */
function usePreloadPages(administersApplications: boolean, managesAccessRequests: boolean) {
  const session = useSession();
  const permissions = session.user?.hkData.permissions;
  useEffect(() => {
    const sidebar = pagesToPreload({ permissions: permissions ?? [], administersApplications, managesAccessRequests });
    prefetchWhenIdle(sidebar.map((key) => pages[key]), idleEnv());
  }, [permissions, administersApplications, managesAccessRequests]);
}

setPathPreloader((path) => {
  const key = detailPageOfPath(path);
  if (key !== undefined) pages[key].preload().catch(() => { /* the chunk guard handled it */ });
});

export default function AdminApp() {
  return (
    <AdminProvider>
      <AdminShell />
    </AdminProvider>
  );
}

/**
 * A plain click on a link to a list (the sidebar, the overview's cards) asks for the list's
 * first page at once, before the new route renders (the page then takes that request over).
 */
function useListOnClick(api: AdminApi): (event: MouseEvent) => void {
  return useCallback((event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    if (anchor === null || anchor.origin !== window.location.origin || anchor.target !== '' || anchor.pathname === window.location.pathname) return;
    const target = listOfPath(anchor.pathname);
    if (target !== undefined) startFirstPage(target.list, api, target.application);
  }, [api]);
}

function AdminShell() {
  const chrome = useChrome('admin');
  const navigationBar = useNavigationBarState();
  const session = useSession();
  const [location] = useLocation();
  const { administrable, api } = useAdmin();
  const applicationId = applicationOfPath(location);
  const current = applicationId === undefined ? undefined : administrable.items.find((app) => app.id === applicationId);
  usePreloadPages(administrable.items.length > 0, administrable.items.some((app) => app.permissions.manageAccessRequests));
  const onClickCapture = useListOnClick(api);
  return (
    <div className="contents" onClickCapture={onClickCapture}>
      <AdminLayout
        brand={chrome.brand}
        nav={chrome.nav}
        languageSwitcher={chrome.languageSwitcher}
        userMenu={chrome.userMenu}
        footer={chrome.footer}
        navigationBar={navigationBar}
        fullWidth={needsFullWidth(location)}
        sidebar={{
          homeHref: adminLinks.overview(),
          myAppsHref: '/',
          currentPath: location,
          applications: administrable.items.map((app) => ({ id: app.id, label: app.label, href: adminLinks.application(app.id) })),
          permissions: session.user?.hkData.permissions ?? [],
          ...(current === undefined ? {} : {
            currentApplication: {
              id: current.id,
              label: current.label,
              usersHref: adminLinks.applicationUsers(current.id),
              ...(current.permissions.manageAccessRequests ? { accessRequestsHref: adminLinks.accessRequests(current.id), accessRequestsAmount: current.accessRequestsAmount } : {}),
            },
          }),
        }}
      >
        <Suspense fallback={<PageSkeleton />}>
          <AdminRoutes />
        </Suspense>
      </AdminLayout>
    </div>
  );
}

function Show({ page, application = '' }: { readonly page: PageKey; readonly application?: string }) {
  const { api } = useAdmin();
  // During render, so the list call starts with the page chunk (not after it); once per route.
  useMemo(() => {
    if (isListRoute(page)) startFirstPage(page, api, application);
    else forgetFirstPage();
  }, [page, application, api]);
  const Component = pages[page].Component;
  return <Component />;
}

/** A global page: only with its read permission (spec §2), else 403. */
function Global({ permission, page }: { readonly permission: AdminPermission; readonly page: PageKey }) {
  const session = useSession();
  if (!hasPermission(session.user, permission)) return <ErrorView error={{ kind: 'page', status: 403 }} />;
  return <Show page={page} />;
}

/** The overview: with a visible admin item or an administered application (spec §6), else 403. */
function Overview() {
  const session = useSession();
  const { administrable } = useAdmin();
  if (visibleAdminNavItems(session.user).length === 0 && administrable.items.length === 0) {
    if (administrable.status === 'loading') return <PageSkeleton />;
    return <ErrorView error={{ kind: 'page', status: 403 }} />;
  }
  return <Show page="overview" />;
}

/** A page of one application: only when the user administers it (spec §6), else 403. */
function PerApplication({ page, needsAccessRequests = false }: { readonly page: PageKey; readonly needsAccessRequests?: boolean }) {
  const { application } = useParams<{ application: string }>();
  const { administrable } = useAdmin();
  const app = administrable.items.find((item) => item.id === application);
  if (app === undefined) {
    if (administrable.status === 'loading') return <PageSkeleton />;
    return <ErrorView error={{ kind: 'page', status: 403 }} />;
  }
  if (needsAccessRequests && !app.permissions.manageAccessRequests) return <ErrorView error={{ kind: 'page', status: 403 }} />;
  return <Show page={page} application={app.id} />;
}

function AdminRoutes() {
  return (
    <Switch>
      <Route path="/admin"><Overview /></Route>
      <Route path="/admin/applications"><Global permission="applications.read" page="applications" /></Route>
      <Route path="/admin/applications/:id"><Global permission="applications.read" page="application" /></Route>
      <Route path="/admin/attributes"><Global permission="attributes.read" page="attributes" /></Route>
      <Route path="/admin/attributes/:id"><Global permission="attributes.read" page="attribute" /></Route>
      <Route path="/admin/permissions"><Global permission="permissions.read" page="permissions" /></Route>
      <Route path="/admin/permissions/:id"><Global permission="permissions.read" page="permission" /></Route>
      <Route path="/admin/roles"><Global permission="roles.read" page="roles" /></Route>
      <Route path="/admin/roles/:id"><Global permission="roles.read" page="role" /></Route>
      <Route path="/admin/account-accesses"><Global permission="accountaccesses.read" page="accountAccesses" /></Route>
      <Route path="/admin/account-accesses/:id"><Global permission="accountaccesses.read" page="accountAccess" /></Route>
      <Route path="/admin/custom-flows"><Global permission="customflows.read" page="customFlows" /></Route>
      <Route path="/admin/custom-flows/:id"><Global permission="customflows.read" page="customFlow" /></Route>
      <Route path="/admin/users"><Global permission="all_users.read" page="users" /></Route>
      <Route path="/admin/users/:id"><Global permission="all_users.read" page="user" /></Route>
      <Route path="/admin/:application"><PerApplication page="appStart" /></Route>
      <Route path="/admin/:application/users"><PerApplication page="appUsers" /></Route>
      <Route path="/admin/:application/users/:id"><PerApplication page="appUser" /></Route>
      <Route path="/admin/:application/access-requests"><PerApplication page="accessRequests" needsAccessRequests /></Route>
      <Route path="/admin/:application/access-requests/:id"><PerApplication page="accessRequest" needsAccessRequests /></Route>
      <Route><ErrorView error={{ kind: 'page', status: 404 }} /></Route>
    </Switch>
  );
}
