// The public API of @portal/core. Named exports only (no `export *`).

export type {
  ApplicationId, AttributeId, PermissionId, RoleId, AccountAccessId, CustomFlowId, UserId, AccessRequestId,
  UsageType, Permission, AttributeDataType, Attribute, ApplicationAttributeLink, Role, ApplicationRoleLink,
  AccountAccessGroup, CustomFlow, WebhookHeader, Webhook, InternalActivationGroup, ApplicationPermissions,
  Application, ApplicationDetail, ApplicationBranding, UserAttributeValue, User, AccessRequestStatus, AccessRequest,
  AccessRequestDecision, Choice, AccessRequestOptions, AccessRequestQuestion, AccessRequestChoice, HistoryMode, HistoryEntry, LocaleCode, Locale, PageSize, ListQuery, Page, NavigationBarState,
} from './domain/entities.ts';
export {
  usageTypes, attributeDataTypes, accessRequestStatuses, historyModes, localeCodes, defaultLocale, pageSizes, defaultPageSize,
} from './domain/entities.ts';
export {
  toastDurationMs, fetchDelayMs, authStateLength, codeVerifierLength, nonceLength, maxAuthStateRecords, authCookiePrefix,
  localeCookieKey, localeCookieMaxAgeDays, externalAppIconSize, logoMaxBytes, chunkReloadIntervalMs, refreshLeadMs,
  authStateMaxAgeSeconds, authRoutes,
} from './domain/constants.ts';
export type { HkData, SignedInUser, AvatarColor, Greeting } from './domain/user.ts';
export { fullName, avatarInitials, avatarPalette, avatarColorIndex, avatarColor, greeting } from './domain/user.ts';
export type { HistoryRefKind, HistoryRef, HistoryValue, HistoryChange } from './domain/history.ts';
export { historyRefKinds, refKindOfProperty, historyValue, historyChange } from './domain/history.ts';
export { toggleFavourite, moveFavourite, itemsInOrder } from './domain/favourites.ts';
export { recentlyUsedShown, recentlyUsed } from './domain/recent.ts';
export type { UsageGroupKind, UsageGroup } from './domain/usage.ts';
export { usageGroupKinds, usageRest, isUsed } from './domain/usage.ts';
export type {
  AuthFlow, TokenPolicyData, RefreshData, AuthStateExtraData, AuthStateData, AuthStateRecord, AuthConfig,
  ProviderMetadata, TokenResponse, StoredSession,
} from './domain/auth.ts';
export type { AuthConfigSource } from './domain/auth-config.ts';
export { authConfigOf } from './domain/auth-config.ts';
export type { Theme } from './domain/theme.ts';
export { themes, themeCookieKey, toTheme, themeAttribute } from './domain/theme.ts';
export type { MySession } from './domain/my-sessions.ts';
export { decodeMySessions, decodeEndedCount } from './domain/my-sessions.ts';
export type { IdTokenClaims } from './domain/claims.ts';
export { decodeHkData, decodeIdTokenClaims, signedInUserFromClaims, decodeStoredSession } from './domain/claims.ts';
export type { IdTokenClaimsProblem, IdTokenExpectations, DecodedTokenResponse, DecodedRefreshResponse } from './domain/token-answers.ts';
export {
  checkIdTokenClaims, isWellFormedState, decodeAuthStateRecord, decodeAuthStateData, decodeTokenResponse, decodeRefreshResponse,
} from './domain/token-answers.ts';
export type { SplitUrl } from './domain/url.ts';
export { splitUrl, parseQuery, buildQuery, withoutQueryParams, withoutQuery, originOf } from './domain/url.ts';
export { alphabet, randomString, base64Url, pkceChallenge } from './domain/random.ts';
export { isSafeReturnPath, safeReturnPath, returnPathFromUrl } from './domain/return-path.ts';
export type { ChunkReloadDecision } from './domain/chunk-reload.ts';
export { chunkReloadMarkerKey, reloadAfterChunkError, isChunkLoadError } from './domain/chunk-reload.ts';

export type { AdminPermission, AdminNavKey, AdminNavItem } from './permissions/permissions.ts';
export {
  adminPermissions, adminNavItems, hasPermission, visibleAdminNavItems, canAccessAdminCenter, canAdministerApplication,
  adminApplicationStatus, canManageAccessRequests, canChangeEmail, canChangePassword, canRequestAccess, routeStatus,
} from './permissions/permissions.ts';

export type { ApplicationAccessSettings, ApplicationAccess, AdminPort, AdminIssues, AdminOutcome } from './admin/admin.ts';
export { applicationRules, validateApplicationLinks, saveApplication, decideAccessRequest, grantAccess, removeAccess } from './admin/admin.ts';

export type { ValidationCode, ValidationIssue, ValidationResult, LogoFile, AccessRequestField } from './validation/validation.ts';
export {
  validationCodes, validateRequired, validateNumeric, validateEmail, isHttpUrl, validateUrl, looksLikeSvg, validateLogo,
  validateTag, validateEditable, validateAccessRequestRoles, validateApplicationUserRoles, validateAccessRequestChoice, validateText, validateEndDate, validateAccessRequestForm, validateDenyReason, validateWebhookHeaderName, validateWebhookHeaderValue,
  validateWebhookEndpoint,
} from './validation/validation.ts';

export type {
  PageErrorStatus, AuthErrorCode, ServerErrorDetail, ServerError, PortalError, ErrorPageModel, ToastModel, PlacedField,
} from './errors/errors.ts';
export {
  pageErrorStatuses, pageErrorStatus, authErrorCodes, HttpError, IdentityProviderError, isHttpError, isIdentityProviderError,
  plainText, readServerError, fieldErrors, unplacedMessages, fromHttpStatus, toPortalError, isPortalError, errorPage, toastError,
} from './errors/errors.ts';
export type { IdentityErrorParams, CancelContext } from './errors/identity-error.ts';
export { cancelCode, identityError } from './errors/identity-error.ts';

export type {
  TimerHandle, Clock, Random, Digest, AuthStateStore, SessionStore, Lock, AuthorizationRequest, CodeExchangeRequest,
  RefreshGrantRequest, EndSessionRequest, IdentityProvider, Navigator, LocaleStore, MarkerStore, AuthCheckTarget,
  MissingAttribute, AuthCheckResult, PortalApi, Ports,
} from './ports/ports.ts';
export { readJwtPayload } from './domain/jwt.ts';
export { isLocaleCode, resolveLocale, localeFallbacks, langHeader, switchLocale, directoryApplicationUrl } from './domain/locale.ts';

// Machines -----------------------------------------------------------------------------

export type { AuthPorts, StartRequest, CallbackParams, CallbackVerdict, ExchangeResult, ExchangeRequest } from './machines/sign-in/sign-in.actors.ts';
export {
  startAuthorization, readCallbackParams, isAuthCallback, strippedCallbackUrl, callbackParamNames, takeRecord, judgeCallback,
  exchangeCode, sessionFromTokenResponse, storeSession, policyOf,
} from './machines/sign-in/sign-in.actors.ts';
export type { SignInInput, SignInEvent, SignInContext, SignInOutput } from './machines/sign-in/sign-in.types.ts';
export { signInMachine, provideSignIn, outputOf as signInOutputOf } from './machines/sign-in/sign-in.machine.ts';
export type { SignInView, SignInViewStatus } from './machines/sign-in/sign-in.view.ts';
export { signInView } from './machines/sign-in/sign-in.view.ts';

export type { ClaimsRefreshInput, ClaimsRefreshEvent, ClaimsRefreshContext, ClaimsRefreshOutput } from './machines/claims-refresh/claims-refresh.types.ts';
export { claimsRefreshMachine, provideClaimsRefresh, safeRefreshData, maxRefreshSleepMs } from './machines/claims-refresh/claims-refresh.machine.ts';
export type { ClaimsRefreshView, ClaimsRefreshViewStatus } from './machines/claims-refresh/claims-refresh.view.ts';
export { claimsRefreshView } from './machines/claims-refresh/claims-refresh.view.ts';

export type { LoadedSession, AccessTokenSource, SessionHandle } from './machines/session/session.types.ts';
export type { SessionPorts, RefreshRequest, SignOutRequest } from './machines/session/session.actors.ts';
export { refreshLockName, refreshSession, signOut } from './machines/session/session.actors.ts';
export { userFromSession, refreshDueIn } from './machines/session/session.restore.ts';
export type { RemoteSessionOptions } from './machines/session/session.remote.ts';
export { createRemoteSessionHandle, decodeSignedInUser, decodeBootError } from './machines/session/session.remote.ts';
export type { SessionView, SessionViewStatus } from './machines/session/session.view.ts';
export { sessionViewOf, sameSessionView } from './machines/session/session.view.ts';

export type { ExternalAppEvent, ExternalAppContext } from './machines/external-app/external-app.types.ts';
export { externalAppMachine, provideExternalApp, clientIdFromUrl } from './machines/external-app/external-app.machine.ts';
export type { ExternalAppView } from './machines/external-app/external-app.view.ts';
export { externalAppView } from './machines/external-app/external-app.view.ts';

export type { AccessRequestInput, AccessRequestEvent, AccessRequestContext, AccessRequestOutput } from './machines/access-request/access-request.types.ts';
export type { DecideRequest } from './machines/access-request/access-request.machine.ts';
export { accessRequestMachine, provideAccessRequest } from './machines/access-request/access-request.machine.ts';
export type { AccessRequestView } from './machines/access-request/access-request.view.ts';
export { accessRequestView } from './machines/access-request/access-request.view.ts';

export {
  justificationMaxLength, expiryReminderDays, dayNumber, isoDayOf, isoDay, addDays, endOfMonth, latestEndDate, daysLeft, expiryBadge,
} from './domain/access-governance.ts';
export type {
  AccessRequestFormInput, AccessRequestFormEvent, AccessRequestFormContext, AccessRequestFormField, AccessRequestFormOutput, LoadAccessRequestNeeds, SendAccessRequestForm,
} from './machines/access-request-form/access-request-form.types.ts';
export { accessRequestFormMachine, provideAccessRequestForm, cleanChoice } from './machines/access-request-form/access-request-form.machine.ts';
export type { AccessRequestFormView } from './machines/access-request-form/access-request-form.view.ts';
export { accessRequestFormView } from './machines/access-request-form/access-request-form.view.ts';
export type { AppGateInput, AppGateEvent, AppGateContext, LoadRequestOptionsRequest, SendAccessRequest, StartClaimsRefreshRequest } from './machines/app-gate/app-gate.types.ts';
export { appGateMachine, provideAppGate, validateAttributeValues, startClaimsRefreshFor, startClaimsRefreshAtServer, gateShortcut, defaultRefreshSleepMs } from './machines/app-gate/app-gate.machine.ts';
export type { AppGateView, AppGateViewStatus, GateRequestView } from './machines/app-gate/app-gate.view.ts';
export { appGateView } from './machines/app-gate/app-gate.view.ts';


export type { HttpMethod, RetryPolicy, RetryInput, RetryDecision } from './errors/retry.ts';
export { defaultRetryPolicy, isIdempotent, parseRetryAfter, backoffMs, retryDecision } from './errors/retry.ts';
export { invalidAnswer, withoutNulls, decodeAuthCheckResult, decodeApplicationBranding, decodeApplications, decodeAccessRequest, decodeAccessRequestOptions } from './domain/api-schemas.ts';
