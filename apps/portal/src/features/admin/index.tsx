// The admin console (loaded lazily for /admin and /admin/*): the admin layout with its
// sidebar (application dropdown, users, access requests with the open-request badge, the
// global items the user may see) and the page of the console's route table (`routes.ts`) the
// address shows, one lazily loaded chunk per page. Once the console has
// painted, the sidebar's page chunks are preloaded when the browser is idle, so a route switch
// does not wait for code (a detail page's chunk: when a row link is pointed at or focused);
// a list route asks for its first page while its chunk loads, not after.
import { Suspense, useCallback, useEffect, useMemo, type MouseEvent } from 'react';
import type { AdminApi } from '@portal/adapters/admin';
import { Route, useLocation } from 'wouter';
import { AdminLayout } from '@portal/ui/admin';
import { useChrome } from '../../app/chrome.tsx';
import { useNavigationBarState } from '../../app/contexts.tsx';
import { useSession } from '../../app/session.ts';
import { ErrorView } from '../../app/error-view.tsx';
import { prefetchWhenIdle } from '../../app/lazy-page.tsx';
import { AdminProvider, useAdmin } from './admin-context.tsx';
import { adminLinks } from './lib/links.ts';
import { PageSkeleton } from './components/page-state.tsx';
import { enterListRoute, startFirstPage } from './lib/list-routes.ts';
import { adminRouteOfPath, adminRouteStatus, adminRoutes, pagesToPreload, type AdminMatch } from './routes.ts';

const idleEnv = () => ({
  navigator: window.navigator,
  // At the latest after a second: a busy main thread must not postpone the preload past the first click.
  ...(typeof window.requestIdleCallback === 'function'
    ? { requestIdleCallback: (cb: () => void) => window.requestIdleCallback(cb, { timeout: 1000 }) }
    : {}),
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
    prefetchWhenIdle(
      sidebar.map((key) => adminRoutes[key].page),
      idleEnv(),
    );
  }, [permissions, administersApplications, managesAccessRequests]);
}

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
  return useCallback(
    (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a') : null;
      if (
        anchor === null ||
        anchor.origin !== window.location.origin ||
        anchor.target !== '' ||
        anchor.pathname === window.location.pathname
      )
        return;
      const target = adminRouteOfPath(anchor.pathname);
      if (target?.route.firstPage !== undefined)
        startFirstPage(target.key, target.route.firstPage, api, target.params.application);
    },
    [api],
  );
}

function AdminShell() {
  const chrome = useChrome('admin');
  const navigationBar = useNavigationBarState();
  const session = useSession();
  const [location] = useLocation();
  const { administrable, api } = useAdmin();
  const shown = adminRouteOfPath(location);
  const applicationId = shown?.params.application;
  const current = applicationId === undefined ? undefined : administrable.items.find((app) => app.id === applicationId);
  usePreloadPages(
    administrable.items.length > 0,
    administrable.items.some((app) => app.permissions.manageAccessRequests),
  );
  const onClickCapture = useListOnClick(api);
  return (
    <div className="contents" onClickCapture={onClickCapture}>
      <AdminLayout
        {...chrome}
        navigationBar={navigationBar}
        fullWidth={shown?.route.fullWidth === true}
        sidebar={{
          homeHref: adminLinks.overview(),
          myAppsHref: '/',
          currentPath: location,
          applications: administrable.items.map((app) => ({
            id: app.id,
            label: app.label,
            href: adminLinks.application(app.id),
          })),
          permissions: session.user?.hkData.permissions ?? [],
          ...(current === undefined
            ? {}
            : {
                currentApplication: {
                  id: current.id,
                  label: current.label,
                  usersHref: adminLinks.applicationUsers(current.id),
                  ...(current.permissions.manageAccessRequests
                    ? {
                        accessRequestsHref: adminLinks.accessRequests(current.id),
                        accessRequestsAmount: current.accessRequestsAmount,
                      }
                    : {}),
                },
              }),
        }}
      >
        <Suspense fallback={<PageSkeleton />}>
          <AdminPage shown={shown} />
        </Suspense>
      </AdminLayout>
    </div>
  );
}

/**
 * The console page of the route table the path shows, after its access check (spec §2, §6:
 * else 403; while the administered applications that decide it load, the skeleton); 404 for
 * a path the table does not know.
 */
function AdminPage({ shown }: { readonly shown: AdminMatch | undefined }) {
  const session = useSession();
  const { administrable, api } = useAdmin();
  const application = shown?.params.application;
  const status =
    shown === undefined
      ? 404
      : adminRouteStatus(shown.route.access, {
          user: session.user,
          administrable,
          ...(application === undefined ? {} : { application }),
        });
  // During render, so the list call starts with the page chunk (not after it); once per route.
  useMemo(() => {
    enterListRoute(
      status === 200 && shown?.route.firstPage !== undefined
        ? { list: shown.key, route: shown.route.firstPage, api, ...(application === undefined ? {} : { application }) }
        : undefined,
    );
  }, [status, shown?.key, shown?.route, application, api]);
  if (status === 'pending') return <PageSkeleton />;
  if (status !== 200 || shown === undefined)
    return <ErrorView error={{ kind: 'page', status: status === 200 ? 404 : status }} />;
  // The page reads its parameters as the router gives them (`useParams`).
  return <Route path={shown.route.path} component={shown.route.page.Component} />;
}
