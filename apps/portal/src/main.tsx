// Start: everything the first view needs is requested at once (no waterfall): the runtime
// configuration (preloaded by index.html), the page chunk of the address's route and the
// language's messages; then the services, and the route's data as soon as the session is
// known; then, with the messages and the page's code there, render (in a transition, so
// React yields while it builds the first tree), or hydrate the page the portal server rendered.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createCookieLocaleStore, createDocumentCookieJar } from '@portal/adapters';
import './styles.css';
import { loadRuntimeConfig } from './config.ts';
import { createServices } from './composition-root.ts';
import { readBoot } from './app/boot.ts';
import { createI18n } from './i18n/i18n.ts';
import { initialLanguage } from './i18n/languages.ts';
import { routeForPath } from './routes.ts';
import { preloadRouteData } from './app/route-data.ts';
import { firstRoute } from './app/ready.ts';
import { App } from './app/app.tsx';
import { FirstViewProvider, primeFirstView, readFirstViewData } from './app/first-view.tsx';
import { preloadExternalAppMode } from './app/external-app.tsx';

/** The steps of the start on the performance timeline (`portal:*`; the benchmark prints them). */
const mark = (step: string) => performance.mark(`portal:${step}`);

async function start() {
  mark('start');
  const root = document.getElementById('root');
  if (root === null) return;
  const config = loadRuntimeConfig();
  // A failed chunk load is retried by the render (and then handled by the chunk guard).
  const route = routeForPath(window.location.pathname);
  const page = route.page.preload().catch(() => undefined);
  preloadExternalAppMode(window.location.search);
  const initial = initialLanguage(createCookieLocaleStore(createDocumentCookieJar()).read());
  // The last fallback language (English) only after the first route is ready: German is complete.
  // The launcher's German texts are bundled; any other first route waits for all of its ui texts.
  const i18n = createI18n(initial, {
    deferLastFallback: (load) => firstRoute.whenReady(load),
    awaitAllUiMessages: route.name !== 'home',
  });
  // Both run in parallel; neither must become an unhandled rejection while the other is awaited.
  i18n.catch(() => undefined);
  // No configuration, no portal: say so in the user's language rather than stay blank.
  const runtime = await config.catch((error: unknown) =>
    import('./app/start-failure.tsx').then((m) => m.showStartFailure(root, i18n, error)),
  );
  if (runtime === undefined) return;
  const services = createServices(runtime, readBoot());
  mark('services');
  // The page the portal server rendered (#16): its data goes to the caches, so the hydration
  // renders exactly that and nothing is fetched again.
  const rendered = root.firstElementChild !== null;
  const firstView = rendered ? readFirstViewData() : {};
  primeFirstView(firstView);
  // The API's `lang` header until i18next is ready: the language it is being started with.
  services.setLanguageSource(() => initial);
  preloadRouteData(
    services.session.view().user?.id,
    services.api,
    () => window.location.pathname,
    () => mark('data'),
  );
  // The deferred adapters load once the first route has painted.
  firstRoute.whenReady(() => {
    mark('ready');
    services.startDeferred();
  });
  // Render once the page's chunk and texts are there too: a page that suspends at the first
  // render shows the fallback, and React then holds it for at least 300 ms before revealing the
  // page; a page the server rendered that suspends while it is taken over and then receives an
  // update gives up its HTML for the fallback, and a click on it meanwhile is lost (#28.12).
  const texts = i18n.then((instance) => instance.loadNamespaces([...(route.texts ?? [])]).then(() => instance));
  const [language] = await Promise.all([texts, page]);
  services.setLanguageSource(() => language.resolvedLanguage ?? language.language);
  mark('render');
  const app = (
    <FirstViewProvider data={firstView}>
      <App services={services} i18n={language} />
    </FirstViewProvider>
  );
  // The server's page is hydrated after it has been painted (#28.15: a frame, then a task):
  // hydration is one long task, and run before the paint it would hold the page back. Its links
  // and forms work meanwhile. A tab in the background hydrates when it is shown.
  if (rendered) requestAnimationFrame(() => setTimeout(() => hydrateRoot(root, app)));
  else startTransition(() => createRoot(root).render(app));
}

start().catch((error: unknown) => {
  console.error('[portal] could not start', error);
});
