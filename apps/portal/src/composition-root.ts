// The composition root: core's machines wired to adapters' ports and the browser, built
// once at start from the runtime configuration.
import type { AuthConfig, AuthPorts, IdentityProvider, Lock, LocaleStore, MarkerStore, SessionHandle } from '@portal/core';
import { authRoutes, createSessionHandle, isChunkLoadError, reloadAfterChunkError } from '@portal/core';
import {
  createApiClient, fromAccessTokenSource, createCookieLocaleStore, createCookieSessionStore, createCryptoRandom, createDocumentCookieJar,
  createSessionMarkerStore, createSubtleDigest, createSystemClock, createWindowNavigator, listMyApplications,
  type ApiClient, type UserPortalApi,
} from '@portal/adapters';
import type { RuntimeConfig } from './config.ts';
import { setChunkErrorHandler } from './app/lazy-page.tsx';
import { lazyPort } from './platform/lazy-port.ts';

export interface PortalPorts extends AuthPorts {
  readonly api: UserPortalApi;
  readonly lock: Lock;
  readonly localeStore: LocaleStore;
  readonly markerStore: MarkerStore;
}

export interface Services {
  readonly config: RuntimeConfig;
  readonly authConfig: AuthConfig;
  readonly ports: PortalPorts;
  /**
   * The session: read from its cookies at start; core's session machine (in a chunk of its
   * own, ADR 0007) takes over after the first paint (`session.start()`) or on first need.
   */
  readonly session: SessionHandle;
  /** The typed API client (openapi-fetch over the contract), for calls the portal API lacks. */
  readonly client: ApiClient;
  /** The user-side API in domain types (also core's PortalApi port). */
  readonly api: UserPortalApi;
  /**
   * After the first paint: start the session machine and load the deferred adapters, so
   * neither waits for a later click (failures are tried again on first use).
   */
  startDeferred(): void;
  /** The current language for the API's `lang` header (set by the i18n setup). */
  getLanguage(): string;
  setLanguageSource(source: () => string): void;
  /** Called when the API still answers 401 after a refresh. */
  setUnauthenticatedHandler(handler: () => void): void;
}

/** Core's sign-in configuration from the runtime configuration. */
export function authConfigOf(config: RuntimeConfig): AuthConfig {
  return {
    clientId: config.clientId,
    scopes: ['openid', 'offline_access', config.apiScope],
    redirectUri: `${config.portalUrl}${authRoutes.callback}`,
    refreshRedirectUri: `${config.portalUrl}${authRoutes.claimsRefreshReturn}`,
    policies: { signIn: config.idp.policies.signIn, refresh: config.idp.policies.refresh },
  };
}

export function createServices(config: RuntimeConfig, overrides: { readonly identityProvider?: IdentityProvider } = {}): Services {
  const jar = createDocumentCookieJar();
  let languageSource: () => string = () => 'de';
  const deferred = () => import('./platform/deferred-adapters.ts');
  const identityProvider = overrides.identityProvider ?? lazyPort(
    () => import('./platform/oidc.ts').then((m) => m.createIdentityProvider({ authority: config.idp.authority, clientId: config.clientId, getUiLocale: () => languageSource() })),
    ['discover', 'authorizationUrl', 'exchangeCode', 'refresh', 'endSessionUrl'],
  );
  const base: Omit<PortalPorts, 'api'> = {
    clock: createSystemClock(),
    random: createCryptoRandom(),
    digest: createSubtleDigest(),
    navigator: createWindowNavigator(),
    authStateStore: lazyPort(() => deferred().then((m) => m.createCookieAuthStateStore(jar)), ['save', 'take']),
    sessionStore: createCookieSessionStore(jar),
    identityProvider,
    lock: lazyPort(() => deferred().then((m) => m.createWebLock()), ['run']),
    localeStore: createCookieLocaleStore(jar),
    markerStore: createSessionMarkerStore(),
  };
  const authConfig = authConfigOf(config);
  const onChunkError = (error: unknown) => {
    if (isChunkLoadError(error)) reloadAfterChunkError(base);
  };
  const session = createSessionHandle(base, {
    startEngine: (restored) => import('./app/session-engine.ts').then((m) => m.startSessionEngine(base, authConfig, restored)),
    onError: onChunkError,
  });

  let onUnauthenticated: () => void = () => {};
  const client = createApiClient({
    baseUrl: config.apiUrl,
    ...fromAccessTokenSource(session),
    getLanguage: () => languageSource(),
    onUnauthenticated: () => onUnauthenticated(),
  });

  // The launcher's list is in the first route; every other call loads its code on first use.
  const api: UserPortalApi = {
    ...lazyPort(() => deferred().then((m) => m.createPortalApi(client)), [
      'listAdministrableApplications', 'getApplicationBranding', 'getAccessRequest', 'decideAccessRequest', 'authCheck', 'submitAttributes',
      'getAccessRequestOptions', 'requestAccess', 'getMyApplication', 'updateMyAttributes', 'getProfile', 'updateProfile', 'getCustomFlow', 'submitCustomFlow',
    ]),
    listMyApplications: (options) => listMyApplications(client, options),
  };
  const ports: PortalPorts = { ...base, api };

  setChunkErrorHandler(onChunkError);

  return {
    config,
    authConfig,
    ports,
    session,
    client,
    api,
    startDeferred() {
      session.start().catch(() => undefined);
      deferred().catch(() => undefined);
    },
    getLanguage: () => languageSource(),
    setLanguageSource(source) { languageSource = source; },
    setUnauthenticatedHandler(handler) { onUnauthenticated = handler; },
  };
}
