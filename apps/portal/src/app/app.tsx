// The shell: providers, the route table rendered through wouter, guards, layouts.
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { Link, Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { createModuleLoader, UiLinkProvider, UiTextProvider, type UiLinkProps } from '@portal/ui';
import { routeStatus } from '@portal/core';
import { NavigationBarProvider, ServicesProvider, ToastProvider, useServices } from './contexts.tsx';
import { ExternalAppProvider } from './external-app.tsx';
import { QuickLauncherShortcut } from './quick-launcher.tsx';
import { PageErrorBoundary } from './error-boundary.tsx';
import { ErrorViewFor } from './error-view.tsx';
import { PageLayout } from './chrome.tsx';
import { useSession } from './session.ts';
import { PageTitleScope, usePageTitle } from './page-title.tsx';
import { prefetchWhenIdle } from './lazy-page.tsx';
import { firstRoute, MarkReadyOnMount } from './ready.ts';
import { links, notFoundRoute, routes, type RouteDef } from '../routes.ts';
import { RouteTexts } from './route-texts.tsx';
import type { Services } from '../composition-root.ts';

function RouterLink({ href, children, ...rest }: UiLinkProps) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('#'))
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  return (
    <Link href={href} {...rest}>
      {children}
    </Link>
  );
}

export function UiBridge({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation('ui');
  return (
    <UiTextProvider t={(key, vars) => t(key as 'common.loading', vars ?? {})}>
      <UiLinkProvider component={RouterLink}>{children}</UiLinkProvider>
    </UiTextProvider>
  );
}

/** Blank while the session is being read (no flash of the sign-in page). */
function Pending() {
  return <div aria-busy="true" className="min-h-dvh bg-canvas" />;
}

function RouteView({ route }: { readonly route: RouteDef }) {
  const { t } = useTranslation('common');
  usePageTitle(route.title === undefined ? undefined : t(`titles.${route.title}`));
  // The page's own title (a console page's, an error's) wins over the route's.
  return (
    <PageTitleScope>
      <GuardedRoute route={route} />
    </PageTitleScope>
  );
}

function GuardedRoute({ route }: { readonly route: RouteDef }) {
  const session = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (!route.public) {
    if (!session.isSignedIn) {
      const returnPath = `${location}${search === '' ? '' : `?${search}`}`;
      return <Redirect to={links.login({ returnPath })} replace />;
    }
    if (routeStatus(session.user, route.permission) === 403) {
      return (
        <PageLayout kind="default">
          <ErrorViewFor error={{ kind: 'page', status: 403 }} />
        </PageLayout>
      );
    }
  }
  const Page = route.page.Component;
  const current = route.name === 'home' ? 'myApps' : route.layout === 'admin' ? 'admin' : undefined;
  return (
    <PageLayout kind={route.layout} {...(current === undefined ? {} : { current })}>
      <PageErrorBoundary resetKey={location} fallback={(error) => <ErrorViewFor error={error} />}>
        <Suspense fallback={<Pending />}>
          <RouteTexts {...(route.texts === undefined ? {} : { namespaces: route.texts })}>
            <Page />
          </RouteTexts>
          {route.marksReady === true ? null : <MarkReadyOnMount />}
        </Suspense>
      </PageErrorBoundary>
    </PageLayout>
  );
}

/** The focus after a move to another page (#30.11): its code loads on the first move. */
const pageFocus = createModuleLoader(() => import('./page-focus.ts'));

/** After a move to another page (not a change of its query, nor the first page): the focus to its heading. */
function useFocusOnPageChange(path: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const had = document.activeElement;
    pageFocus.load().then(
      (module) => module.focusNewPage(had),
      () => undefined,
    );
  }, [path]);
}

function Routes() {
  const services = useServices();
  const [location, navigate] = useLocation();
  const search = useSearch();
  useFocusOnPageChange(location);
  useEffect(() => {
    services.setUnauthenticatedHandler(() => {
      const returnPath = `${window.location.pathname}${window.location.search}`;
      navigate(links.login({ returnPath }), { replace: true });
    });
  }, [services, navigate]);
  useEffect(() => {
    // Only after the first route has painted: the prefetch must not compete with it.
    firstRoute.whenReady(() => {
      prefetchWhenIdle(
        routes.filter((r) => r.prefetch === true).map((r) => r.page),
        {
          navigator: window.navigator,
          ...(typeof window.requestIdleCallback === 'function'
            ? { requestIdleCallback: (cb: () => void) => window.requestIdleCallback(cb) }
            : {}),
          setTimeout: (cb, ms) => window.setTimeout(cb, ms),
        },
      );
    });
  }, []);
  void location;
  void search;
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={route.name} path={route.path}>
          <RouteView route={route} />
        </Route>
      ))}
      <Route>
        <RouteView route={notFoundRoute} />
      </Route>
    </Switch>
  );
}

export function App({ services, i18n }: { readonly services: Services; readonly i18n: I18n }) {
  return (
    <ServicesProvider services={services}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<Pending />}>
          <UiBridge>
            <ToastProvider>
              <NavigationBarProvider>
                <ExternalAppProvider>
                  <Routes />
                  <QuickLauncherShortcut />
                </ExternalAppProvider>
              </NavigationBarProvider>
            </ToastProvider>
          </UiBridge>
        </Suspense>
      </I18nextProvider>
    </ServicesProvider>
  );
}
