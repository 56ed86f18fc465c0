// The composition root: core's rules wired to adapters' ports and the browser, built once at
// start from the runtime configuration and the server's boot data. The portal server keeps
// the session (issue #15): no token reaches this page; API calls go to the server's `/api`,
// which adds the bearer token; sign-in and sign-out are addresses of the server.
import type {
  AuthConfig,
  Clock,
  Digest,
  LocaleStore,
  MarkerStore,
  Navigator,
  PortalError,
  Random,
  SessionHandle,
  SignedInUser,
} from '@portal/core';
import {
  authConfigOf,
  authRoutes,
  createRemoteSessionHandle,
  isChunkLoadError,
  reloadAfterChunkError,
} from '@portal/core';
import {
  createApiClient,
  createCookieLocaleStore,
  createCookieThemeStore,
  createCryptoRandom,
  createDocumentCookieJar,
  createSessionMarkerStore,
  createSubtleDigest,
  createSystemClock,
  createWindowNavigator,
  listMyApplications,
  signOutAtPortalServer,
  type ApiClient,
  type CookieJar,
  type FetchLike,
  type MySessionsApi,
  type ThemeStore,
  type UserPortalApi,
} from '@portal/adapters';
import type { RuntimeConfig } from './config.ts';
import { setChunkErrorHandler } from './app/lazy-page.tsx';
import { lazyPort } from './platform/lazy-port.ts';

interface PortalPorts {
  readonly clock: Clock;
  readonly random: Random;
  readonly digest: Digest;
  readonly navigator: Navigator;
  readonly api: UserPortalApi;
  readonly localeStore: LocaleStore;
  readonly markerStore: MarkerStore;
}

/** What the server says with the page (its `hk-boot` data block, decoded). */
export interface Boot {
  readonly user?: SignedInUser;
  /** The sign-in's error, on the callback's error page. */
  readonly error?: PortalError;
}

export interface Services {
  readonly config: RuntimeConfig;
  readonly authConfig: AuthConfig;
  readonly ports: PortalPorts;
  /** The session the server keeps: who is signed in, sign-out; ended by an API 401. */
  readonly session: SessionHandle;
  /** The sign-in error the server rendered this page for (once, on the first view). */
  readonly bootError?: PortalError;
  /** The typed API client (openapi-fetch over the contract), for calls the portal API lacks. */
  readonly client: ApiClient;
  /** The user-side API in domain types (also core's PortalApi port). */
  readonly api: UserPortalApi;
  /** The user's sessions, as the portal server keeps them (settings → security). */
  readonly mySessions: MySessionsApi;
  /** The colour scheme chosen on this device (the server writes it into the page's <html>). */
  readonly themeStore: ThemeStore;
  /** After the first paint: load the deferred adapters, so no later click waits for them. */
  startDeferred(): void;
  /** The current language for the API's `lang` header (set by the i18n setup). */
  getLanguage(): string;
  setLanguageSource(source: () => string): void;
  /** Called when the API answers 401: the server's session has ended. */
  setUnauthenticatedHandler(handler: () => void): void;
}

/**
 * Where the services run: the browser's document and window, or (rendering the first view on
 * the portal server, issue #16) the request's cookies, no address bar, and the server's own
 * way to the API.
 */
export interface Platform {
  readonly cookieJar: CookieJar;
  readonly navigator: Navigator;
  readonly markerStore: MarkerStore;
  readonly fetch?: FetchLike;
}

function browserPlatform(): Platform {
  return {
    cookieJar: createDocumentCookieJar(),
    navigator: createWindowNavigator(),
    markerStore: createSessionMarkerStore(),
  };
}

export function createServices(
  config: RuntimeConfig,
  boot: Boot = {},
  platform: Platform = browserPlatform(),
): Services {
  const jar = platform.cookieJar;
  let languageSource: () => string = () => 'de';
  const deferred = () => import('./platform/deferred-adapters.ts');
  const base: Omit<PortalPorts, 'api'> = {
    clock: createSystemClock(),
    random: createCryptoRandom(),
    digest: createSubtleDigest(),
    navigator: platform.navigator,
    localeStore: createCookieLocaleStore(jar),
    markerStore: platform.markerStore,
  };
  const authConfig = authConfigOf(config);
  const onChunkError = (error: unknown) => {
    if (isChunkLoadError(error)) reloadAfterChunkError(base);
  };
  const session = createRemoteSessionHandle({
    user: boot.user,
    signOut: () => signOutAtPortalServer(),
    signedOutPath: authRoutes.logoutSuccess,
    navigator: base.navigator,
  });

  let onUnauthenticated: () => void = () => {};
  // An API 401: the session ended at the server (said once), then the sign-in.
  const sessionEnded = () => {
    session.ended();
    onUnauthenticated();
  };
  const client = createApiClient({
    baseUrl: config.apiUrl,
    getLanguage: () => languageSource(),
    onUnauthenticated: sessionEnded,
    ...(platform.fetch === undefined ? {} : { fetch: platform.fetch }),
  });

  // The launcher's list is in the first route; every other call loads its code on first use.
  const api: UserPortalApi = {
    ...lazyPort(
      () => deferred().then((m) => m.createPortalApi(client)),
      [
        'listAdministrableApplications',
        'getApplicationBranding',
        'decideAccessRequest',
        'authCheck',
        'submitAttributes',
        'getAccessRequestOptions',
        'requestAccess',
        'getMyApplication',
        'updateMyAttributes',
        'updateMyFavourites',
        'recordLaunch',
        'getProfile',
        'updateProfile',
        'exportMyData',
        'getCustomFlow',
        'submitCustomFlow',
      ],
    ),
    listMyApplications: (options) => listMyApplications(client, options),
  };
  const ports: PortalPorts = { ...base, api };
  const mySessions = lazyPort(
    () =>
      deferred().then((m) =>
        m.createMySessionsApi({
          getLanguage: () => languageSource(),
          onUnauthenticated: sessionEnded,
        }),
      ),
    ['list', 'end', 'endOthers'],
  );

  setChunkErrorHandler(onChunkError);

  return {
    config,
    authConfig,
    ports,
    session,
    ...(boot.error === undefined ? {} : { bootError: boot.error }),
    client,
    api,
    mySessions,
    themeStore: createCookieThemeStore(jar),
    startDeferred() {
      deferred().catch(() => undefined);
    },
    getLanguage: () => languageSource(),
    setLanguageSource(source) {
      languageSource = source;
    },
    setUnauthenticatedHandler(handler) {
      onUnauthenticated = handler;
    },
  };
}
