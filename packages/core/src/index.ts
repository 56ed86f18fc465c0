// The public API of @portal/core. Named exports only (no `export *`).

export type {
  ApplicationId, AttributeId, PermissionId, RoleId, AccountAccessId, CustomFlowId, UserId, AccessRequestId,
  UsageType, Permission, AttributeDataType, Attribute, ApplicationAttributeLink, Role, ApplicationRoleLink,
  AccountAccessGroup, CustomFlow, WebhookHeader, Webhook, InternalActivationGroup, ApplicationPermissions,
  Application, ApplicationDetail, ApplicationBranding, UserAttributeValue, User, AccessRequestStatus, AccessRequest,
  AccessRequestDecision, HistoryMode, HistoryEntry, LocaleCode, Locale, PageSize, ListQuery, Page, NavigationBarState,
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
export type {
  AuthFlow, TokenPolicyData, RefreshData, AuthStateExtraData, AuthStateData, AuthStateRecord, AuthConfig,
  ProviderMetadata, TokenResponse, StoredSession,
} from './domain/auth.ts';
export type { IdTokenClaims, IdTokenClaimsProblem, IdTokenExpectations, DecodedTokenResponse } from './domain/claims.ts';
export {
  decodeHkData, IdTokenClaimsSchema, decodeIdTokenClaims, checkIdTokenClaims, signedInUserFromClaims, isWellFormedState,
  decodeAuthStateRecord, decodeAuthStateData, decodeTokenResponse, decodeStoredSession,
} from './domain/claims.ts';
export type { SplitUrl } from './domain/url.ts';
export { splitUrl, parseQuery, buildQuery, withoutQueryParams, withoutQuery, originOf } from './domain/url.ts';
export { alphabet, randomString, base64Url, pkceChallenge } from './domain/random.ts';
export { isSafeReturnPath, safeReturnPath, returnPathFromUrl } from './domain/return-path.ts';
export type { ChunkReloadDecision } from './domain/chunk-reload.ts';
export { chunkReloadMarkerKey, reloadAfterChunkError, isChunkLoadError } from './domain/chunk-reload.ts';

export type { AdminPermission, AdminNavKey, AdminNavItem } from './permissions/permissions.ts';
export {
  adminPermissions, adminNavItems, hasPermission, visibleAdminNavItems, canAccessAdminCenter, canAdministerApplication,
  adminApplicationStatus, canManageAccessRequests, canChangeEmail, canChangePassword, canRequestAccess, routeStatus, policies,
} from './permissions/permissions.ts';

export type { ValidationCode, ValidationIssue, ValidationResult, LogoFile } from './validation/validation.ts';
export {
  validationCodes, validateRequired, validateNumeric, validateEmail, isHttpUrl, validateUrl, looksLikeSvg, validateLogo,
  validateTag, validateEditable, validateAccessRequestRoles, validateWebhookHeaderName, validateWebhookHeaderValue,
  validateWebhookEndpoint,
} from './validation/validation.ts';

export type {
  PageErrorStatus, AuthErrorCode, ServerErrorDetail, ServerError, PortalError, IdentityErrorParams, CancelContext,
  ErrorPageModel, ToastModel,
} from './errors/errors.ts';
export {
  pageErrorStatuses, pageErrorStatus, authErrorCodes, HttpError, IdentityProviderError, isHttpError, isIdentityProviderError,
  plainText, readServerError, fieldErrors, fromHttpStatus, toPortalError, isPortalError, cancelCode, identityError, errorPage,
  toastError,
} from './errors/errors.ts';

export type {
  TimerHandle, Clock, Random, Digest, AuthStateStore, SessionStore, Lock, AuthorizationRequest, CodeExchangeRequest,
  RefreshGrantRequest, EndSessionRequest, IdentityProvider, Navigator, LocaleStore, MarkerStore, AuthCheckTarget,
  MissingAttribute, AuthCheckResult, PortalApi, Ports,
} from './ports/ports.ts';
