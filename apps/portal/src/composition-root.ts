// The composition root: core's machines wired to adapters' ports and the browser, built
// once at start from the runtime configuration.
import type { AuthConfig, AuthPorts, IdentityProvider, Lock, LocaleStore, MarkerStore, SessionHandle } from '@portal/core';
import { authRoutes, createSessionHandle, isChunkLoadError, reloadAfterChunkError } from '@portal/core';
import {
  createApiClient, fromAccessTokenSource, createCookieAuthStateStore, createCookieLocaleStore, createCookieSessionStore, createCryptoRandom, createDocumentCookieJar,
  createPortalApi, createSessionMarkerStore, createSubtleDigest, createSystemClock, createWebLock, createWindowNavigator,
  type ApiClient, type UserPortalApi,
} from '@portal/adapters';
import type { RuntimeConfig } from './config.ts';
import { setChunkErrorHandler } from './app/lazy-page.tsx';
import { lazyIdentityProvider } from './platform/lazy-identity-provider.ts';

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
  const identityProvider = overrides.identityProvider ?? lazyIdentityProvider(() =>
    import('./platform/oidc.ts').then((m) => m.createIdentityProvider({ authority: config.idp.authority, clientId: config.clientId, getUiLocale: () => languageSource() })));
  const base: Omit<PortalPorts, 'api'> = {
    clock: createSystemClock(),
    random: createCryptoRandom(),
    digest: createSubtleDigest(),
    navigator: createWindowNavigator(),
    authStateStore: createCookieAuthStateStore(jar),
    sessionStore: createCookieSessionStore(jar),
    identityProvider,
    lock: createWebLock(),
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

  const api = createPortalApi(client);
  const ports: PortalPorts = { ...base, api };

  setChunkErrorHandler(onChunkError);

  return {
    config,
    authConfig,
    ports,
    session,
    client,
    api,
    getLanguage: () => languageSource(),
    setLanguageSource(source) { languageSource = source; },
    setUnauthenticatedHandler(handler) { onUnauthenticated = handler; },
  };
}
