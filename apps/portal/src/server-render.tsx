// The first view rendered on the portal server (issue #16, ADR 0013): the same route table,
// the same App and the same pages as the browser, with the services of this request (its
// cookies, its user from the boot data, the API through the server's proxy). The data the
// first view shows (the launcher's list) is fetched here, in the request, and handed to the
// client with the page, which hydrates it instead of loading it again. The app access gate's
// first check runs here too: an open way (or a custom flow) is a redirect, before any page;
// any other answer is the page in that state, which the browser's gate starts from (#28.10),
// with what was typed into its form when the server sent that back. Whatever fails while
// rendering leaves the page to the client, never blank.
//
// Built by `vite build --ssr` into dist-ssr/ (outside the served dist/) and loaded by the
// portal server at start.
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import type { i18n as I18n } from 'i18next';
import { createRequestCookieJar, createSessionMarkerStore, parseRequestCookies } from '@portal/adapters';
import {
  decodeApplicationBranding,
  decodeAuthCheckResult,
  decodeGateForm,
  gateFormCookie,
  gateShortcut,
  routeStatus,
  type Navigator,
} from '@portal/core';
import { greetingText } from '@portal/ui';
import type {
  FirstView,
  FirstViewAnswer,
  FirstViewCache,
  FirstViewData,
  FirstViewPlan,
  FirstViewRequest,
  GreetingTexts,
} from '../first-view.ts';
import { createServices } from './composition-root.ts';
import { bootOf } from './app/boot.ts';
import { App } from './app/app.tsx';
import { FirstViewProvider } from './app/first-view.tsx';
import { documentTitle } from './app/page-title.tsx';
import { clientIdOf } from './app/external-app.tsx';
import { createI18n } from './i18n/i18n.ts';
import { allNamespaces, initialLanguage, type Language } from './i18n/languages.ts';
import { links, routeForPath } from './routes.ts';

/** A render that takes longer than this is abandoned: the client renders the page. */
const renderTimeoutMs = 3_000;

/** One i18next instance per language, with every namespace, shared by all requests (read only). */
const translations = new Map<Language, Promise<I18n>>();

function translationsFor(language: Language): Promise<I18n> {
  let ready = translations.get(language);
  if (ready === undefined) {
    ready = createI18n(language).then(async (i18n) => {
      await i18n.loadNamespaces([...allNamespaces]);
      return i18n;
    });
    // A failed load is tried again by the next request.
    ready.catch(() => translations.delete(language));
    translations.set(language, ready);
  }
  return ready;
}

/** No address bar on the server: a render never navigates (a redirect is answered as one). */
const noNavigation = (url: string): Navigator => ({
  currentUrl: () => url,
  redirect: () => undefined,
  replace: () => undefined,
  reload: () => undefined,
});

const noStorage = { getItem: () => null, setItem: () => undefined };

/**
 * One request's first view. The plan comes first (from the route table, the session and, for
 * the gate, its first check): a redirect, or the page's status, so the server can send the
 * page's head while the page is rendered.
 */
export function startFirstView(request: FirstViewRequest): FirstView {
  const language = initialLanguage(request.language);
  const boot = bootOf(request.boot);
  const url = `${request.config.portalUrl}${request.path}${request.search === '' ? '' : `?${request.search}`}`;
  const services = createServices(request.config, boot, {
    cookieJar: createRequestCookieJar(request.cookieHeader),
    navigator: noNavigation(url),
    markerStore: createSessionMarkerStore(noStorage),
    fetch: request.fetch,
  });
  services.setLanguageSource(() => language);
  const route = routeForPath(request.path);
  const user = boot.user;
  const brandedBy = clientIdOf(request.search);
  // Everything the page needs starts now, beside the plan. A failed load renders the page
  // without it: the client loads it and shows what went wrong.
  const loads = Promise.all([
    translationsFor(language),
    route.page.preload(),
    route.name === 'home' && user !== undefined ? services.api.listMyApplications().catch(() => undefined) : undefined,
    brandedBy === undefined
      ? undefined
      : services.api
          .getApplicationBranding(brandedBy)
          .then(decodeApplicationBranding)
          .catch(() => undefined),
  ]);
  loads.catch(() => undefined);
  // The gate's first check (a failed one: the page's machine asks again and shows why).
  const gateCheck: Promise<FirstViewData['gate']> =
    route.name === 'flowsAuth' && brandedBy !== undefined && user !== undefined
      ? services.api
          .authCheck({ clientId: brandedBy })
          .then(decodeAuthCheckResult)
          .then((result) => {
            const form = decodeGateForm(parseRequestCookies(request.cookieHeader).get(gateFormCookie));
            return form?.clientId === brandedBy
              ? { clientId: brandedBy, result, form }
              : { clientId: brandedBy, result };
          })
          .catch(() => undefined)
      : Promise.resolve(undefined);

  const plan = (async (): Promise<FirstViewPlan> => {
    // A page that needs a session, without one: the sign-in first (as the client's guard does).
    if (route.public !== true && user === undefined) {
      return {
        kind: 'redirect',
        location: links.login({ returnPath: `${request.path}${request.search === '' ? '' : `?${request.search}`}` }),
      };
    }
    // The gate's first check, here: when nothing stands in the way the user goes straight on
    // (works without JavaScript; no page in between), a custom flow is its page. Otherwise the
    // page in the check's state.
    const gate = await gateCheck;
    if (gate !== undefined) {
      const shortcut = gateShortcut(gate.result, url);
      if (shortcut !== undefined) return { kind: 'redirect', location: shortcut };
      if (gate.result.status === 'customFlow')
        return { kind: 'redirect', location: links.flow({ key: gate.result.flowKey, clientId: gate.clientId }) };
    }
    return { kind: 'page', status: route.name === 'notFound' ? 404 : 200, title: await titleOf() };
  })();

  /**
   * The document title the page will set (its `usePageTitle`), in the page's language: the
   * route's title, or the error page's for the server's error (boot data) or a permission the
   * user lacks. A console page names itself more precisely once the client runs.
   */
  async function titleOf(): Promise<string> {
    const i18n = await translationsFor(language);
    const t = i18n.getFixedT(language, 'common');
    const forbidden = user !== undefined && route.public !== true && routeStatus(user, route.permission) === 403;
    const key = boot.error !== undefined || forbidden ? 'error' : route.title;
    return documentTitle(t, key === undefined ? undefined : t(`titles.${key}`), request.config.brandName);
  }

  async function render(cache?: FirstViewCache): Promise<FirstViewAnswer> {
    const [[i18n, , myApps, externalApp], gate] = await Promise.all([loads, gateCheck]);
    const data: FirstViewData = {
      ...(user !== undefined && myApps !== undefined ? { myApps: { userId: user.id, list: myApps } } : {}),
      ...(externalApp === undefined ? {} : { externalApp }),
      ...(gate === undefined ? {} : { gate }),
    };
    // Everything the render reads: the same inputs render the same page (the hour: the greeting
    // and the days of an access that ends soon are the server's time's).
    const key = JSON.stringify([
      request.path,
      request.search,
      language,
      request.boot,
      data,
      request.cookieHeader ?? '',
      Math.floor(Date.now() / 3_600_000),
    ]);
    const cached = cache?.get(key);
    if (cached !== undefined) return cached;
    const answer = await renderPage(i18n, data);
    if (answer.kind === 'page') cache?.set(key, answer);
    return answer;
  }

  async function renderPage(i18n: I18n, data: FirstViewData): Promise<FirstViewAnswer> {
    const errors: unknown[] = [];
    const redirect: { redirectTo?: string } = {};
    const { prelude } = await prerender(
      <Router ssrPath={request.path} ssrSearch={request.search} ssrContext={redirect}>
        <FirstViewProvider data={data}>
          <App services={services} i18n={i18n} />
        </FirstViewProvider>
      </Router>,
      // One piece of HTML without React's inline scripts (a strict CSP allows none of them): no
      // boundary is split off however large it is.
      {
        signal: AbortSignal.timeout(renderTimeoutMs),
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onError: (error) => {
          errors.push(error);
        },
      },
    );
    const html = await new Response(prelude).text();
    if (redirect.redirectTo !== undefined)
      return { kind: 'client', reason: `the page redirects to ${redirect.redirectTo}` };
    if (errors.length > 0)
      return { kind: 'client', reason: String(errors[0] instanceof Error ? errors[0].message : errors[0]) };
    // A boundary still pending when the render ended would need React's inline scripts.
    if (/<script\b|<template\b/i.test(html))
      return { kind: 'client', reason: 'a part of the page did not finish rendering' };
    const greetings = route.name === 'home' && user !== undefined ? greetingsFor(i18n, user.fullName) : undefined;
    return { kind: 'page', html, data, ...(greetings === undefined ? {} : { greetings }) };
  }

  return { plan, render };
}

/** The launcher's heading for each time of day: the page picks the browser's before it paints. */
function greetingsFor(i18n: I18n, name: string): GreetingTexts {
  const fixed = i18n.getFixedT(null, 'ui');
  const t = (key: string, vars?: Readonly<Record<string, string | number>>) =>
    fixed(key as 'common.loading', vars ?? {});
  return {
    morning: greetingText(t, 'morning', name),
    day: greetingText(t, 'day', name),
    evening: greetingText(t, 'evening', name),
  };
}
