// The public API of @portal/adapters (named exports only).

export type { CookieJar, CookieAttributes, StoredCookie, MemoryCookieJar } from './cookies/jar.ts';
export {
  cookieByteLimit,
  createDocumentCookieJar,
  createMemoryCookieJar,
  serializeCookie,
  parseCookies,
  deleteCookie,
} from './cookies/jar.ts';
export { CookieWriteError } from './cookies/errors.ts';
export type { RequestCookieJar } from './cookies/request-jar.ts';
export { createRequestCookieJar, parseRequestCookies } from './cookies/request-jar.ts';
export { authStateCookieAttributes, createCookieAuthStateStore } from './cookies/auth-state-store.ts';
export {
  localeCookieAttributes,
  toLocaleCode,
  allowedLanguage,
  createCookieLocaleStore,
} from './locale/locale-store.ts';
export type { ThemeStore } from './theme/theme-store.ts';
export { themeCookieAttributes, createCookieThemeStore } from './theme/theme-store.ts';

export type { FetchLike, RetryPolicy, ApiFetchOptions } from './http/api-fetch.ts';
export { defaultRetryPolicy, isApiPath, apiPathOf, createApiFetch } from './http/api-fetch.ts';
export { NetworkError, isNetworkError } from './http/errors.ts';
export type { ApiClient, ApiClientOptions, FetchResult } from './http/client.ts';
export { createApiClient, unwrap, unwrapVoid } from './http/client.ts';
export type {
  MyApplication,
  NamedRef,
  AttributeField,
  MyApplicationDetail,
  AttributeValueInput,
  Address,
  Profile,
  ProfileInput,
  CustomFlowPage,
  UserPortalApi,
} from './http/portal-api.ts';
export { createPortalApi, toAuthCheckResult } from './http/portal-api.ts';
export { listMyApplications } from './http/my-applications.ts';
export type {
  AppRef,
  RequestNeeds,
  CatalogueApplication,
  NamedChoice,
  MyAccessRequestItem,
  MyNotificationKind,
  MyNotification,
  MyNotifications,
  PageQuery,
  MyAccessApi,
} from './http/my-access.ts';
export {
  createMyAccessApi,
  localToday,
  endsAtOfLastDay,
  lastDayOfEndsAt,
  daysUntilLocalDay,
} from './http/my-access.ts';
export { signOutAtPortalServer } from './http/portal-server.ts';
export type { MySessionsApi, MySessionsApiOptions } from './http/my-sessions.ts';
export { createMySessionsApi } from './http/my-sessions.ts';
export { uploadApplicationImage } from './http/image-upload.ts';

export type {
  ClientAuthentication,
  OidcCodeExchangeRequest,
  OidcOptions,
  OidcIdentityProvider,
  PolicyLocation,
} from './oidc/identity-provider.ts';
export {
  createSystemClock,
  createCryptoRandom,
  createSubtleDigest,
  createWindowNavigator,
  createSessionMarkerStore,
} from './platform/browser.ts';

export { toProviderError, createOidcIdentityProvider } from './oidc/identity-provider.ts';
export { providerPortalOverviewUrl } from './oidc/provider-portal.ts';
