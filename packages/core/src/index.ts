// The public API of @portal/core. Named exports only (no `export *`).

export type {
  AttributeDataType,
  AdministrableApplication,
  Application,
  ApplicationBranding,
  AccessRequestStatus,
  AccessRequest,
  AccessRequestDecision,
  AccessRequestChoice,
  Choice,
  AccessRequestOptions,
  LocaleCode,
  PageSize,
  Page,
  NavigationBarState,
  Present,
} from './domain/entities.ts';
export { attributeDataTypes, accessRequestStatuses, localeCodes, defaultLocale, pageSizes } from './domain/entities.ts';
export {
  toastDurationMs,
  fetchDelayMs,
  maxAuthStateRecords,
  authCookiePrefix,
  localeCookieKey,
  localeCookieMaxAgeDays,
  externalAppIconSize,
  logoMaxBytes,
  authStateMaxAgeSeconds,
  authRoutes,
} from './domain/constants.ts';
export type { SignedInUser, AvatarColor, Greeting } from './domain/user.ts';
export { avatarInitials, avatarPalette, avatarColor, greeting } from './domain/user.ts';
export type { HistoryRefKind, HistoryRef, HistoryValue } from './domain/history.ts';
export { historyChange, historyRecordChanges, historyRefKindOfProperty } from './domain/history.ts';
export { toggleFavourite, moveFavourite, itemsInOrder } from './domain/favourites.ts';
export { recentlyUsed } from './domain/recent.ts';
export type { UsageGroup } from './domain/usage.ts';
export { usageRest } from './domain/usage.ts';
export type { AuthStateData, AuthConfig, ProviderMetadata, TokenResponse, StoredSession } from './domain/auth.ts';
export { authConfigOf } from './domain/auth-config.ts';
export type { Theme } from './domain/theme.ts';
export { themes, themeCookieKey, toTheme, themeAttribute } from './domain/theme.ts';
export type { MySession } from './domain/my-sessions.ts';
export { decodeMySessions, decodeEndedCount } from './domain/my-sessions.ts';
export { signedInUserFromClaims, decodeStoredSession, withDirectoryData } from './domain/claims.ts';
export { checkIdTokenClaims, isWellFormedState, decodeAuthStateRecord } from './domain/token-answers.ts';
export { thirdPartyLoginUrl } from './domain/url-build.ts';
export { randomString, pkceChallenge } from './domain/random.ts';
export { exitPath, isSafeReturnPath, safeReturnPath } from './domain/return-path.ts';
export { reloadAfterChunkError, isChunkLoadError } from './domain/chunk-reload.ts';
export { jsonBodyMaxBytes, jsonBodyMaxDepth, isJsonContentType, jsonNestsTooDeep } from './domain/json-body.ts';
export type { CsvCell } from './domain/csv.ts';
export { csvLine } from './domain/csv.ts';
export { directoryGroupKey, directoryGroupNameProblems } from './domain/directory-groups.ts';

export type { AdminPermission, AdminNavKey, AdminNavItem, GlobalPermission } from './permissions/permissions.ts';
export {
  globalPermissions,
  adminNavItems,
  hasPermission,
  visibleAdminNavItems,
  canAccessAdminCenter,
  routeStatus,
} from './permissions/permissions.ts';
export {
  adminPermissions,
  adminApplicationStatus,
  canManageAccessRequests,
  canChangeEmail,
  canChangePassword,
} from './permissions/page-permissions.ts';

export type { AdminPort, AdminIssues, AdminOutcome, AccessEndChange } from './admin/admin.ts';
export { isJobFinished, jobOutcome, jobPollDelayMs, jobReadFailure, jobShareDone } from './admin/jobs.ts';
export {
  applicationRules,
  validateApplicationLinks,
  saveApplication,
  decideAccessRequest,
  grantAccess,
  removeAccess,
} from './admin/admin.ts';

export type { ValidationIssue, ValidationResult, RequiredAnswer } from './validation/validation.ts';
export {
  validationCodes,
  answerMaxLength,
  denyReasonMaxLength,
  searchMaxLength,
  validateRequired,
  validateNumeric,
  validateEmail,
  isHttpUrl,
  validateUrl,
  validateLogo,
  validateTag,
  validateAccessRequestRoles,
  validateApplicationUserRoles,
  validateEndDate,
  validateAccessRequestForm,
  validateAttributeValue,
  validateAccessEnd,
  validateDenyReason,
  validateRequiredAnswer,
  validateRequiredAnswerSetting,
  isAnswered,
  requiredAnswers,
  validateWebhookHeaderName,
  validateWebhookHeaderValue,
  validateWebhookEndpoint,
} from './validation/validation.ts';

export type { PortalError, PlacedField } from './errors/errors.ts';
export { saidBesideFields } from './errors/said-beside-fields.ts';
export {
  pageErrorStatuses,
  pageErrorStatus,
  HttpError,
  IdentityProviderError,
  isHttpError,
  PortalFailure,
  isIdentityProviderError,
  fieldErrors,
  unplacedMessages,
  fromHttpStatus,
  toPortalError,
  errorPage,
  toastError,
} from './errors/errors.ts';
export { identityError } from './errors/identity-error.ts';

export type {
  Clock,
  Random,
  Digest,
  AuthStateStore,
  SessionStore,
  Lock,
  AuthorizationRequest,
  CodeExchangeRequest,
  RefreshGrantRequest,
  EndSessionRequest,
  IdentityProvider,
  Navigator,
  LocaleStore,
  MarkerStore,
  AuthCheckTarget,
  MissingAttribute,
  AuthCheckResult,
  PortalApi,
} from './ports/ports.ts';
export { readJwtPayload } from './domain/jwt.ts';
export { isLocaleCode, resolveLocale, langHeader } from './domain/locale.ts';
export { directoryApplicationUrl } from './domain/directory-portal.ts';

// Machines -----------------------------------------------------------------------------

export {
  startAuthorization,
  readCallbackParams,
  isAuthCallback,
  strippedCallbackUrl,
  takeRecord,
  judgeCallback,
  exchangeCode,
} from './machines/sign-in/sign-in.actors.ts';
export { runAuthFlow } from './machines/sign-in/auth-flow.machine.ts';
export type { AuthFlowEvent, AuthFlowOutput } from './machines/sign-in/sign-in.types.ts';

export type { SessionHandle } from './machines/session/session.types.ts';
export { refreshSession, signOut } from './machines/session/session.actors.ts';
export { userFromSession, refreshDueIn } from './machines/session/session.restore.ts';
export { createRemoteSessionHandle, decodeSignedInUser, decodeBootError } from './machines/session/session.remote.ts';
export type { SessionView } from './machines/session/session.view.ts';

export { externalAppMachine, provideExternalApp } from './machines/external-app/external-app.machine.ts';
export type { ExternalAppView } from './machines/external-app/external-app.view.ts';
export { externalAppView } from './machines/external-app/external-app.view.ts';

export { accessRequestMachine } from './machines/access-request/access-request.machine.ts';
export { accessRequestView } from './machines/access-request/access-request.view.ts';

export {
  isoDay,
  endOfMonth,
  expiryBadge,
  expiryReminderDays,
  latestEndDate,
  accessEndProblem,
  latestAccessEnd,
} from './domain/access-governance.ts';
export { currentNotices } from './domain/notices.ts';
export type {
  AccessRequestFormEvent,
  AccessRequestFormField,
} from './machines/access-request-form/access-request-form.types.ts';
export { provideAccessRequestForm } from './machines/access-request-form/access-request-form.machine.ts';
export type { AccessRequestFormView } from './machines/access-request-form/access-request-form.view.ts';
export { accessRequestFormView } from './machines/access-request-form/access-request-form.view.ts';
export { provideAppGate, gateShortcut, validateAttributeValues } from './machines/app-gate/app-gate.machine.ts';
export { appGateView } from './machines/app-gate/app-gate.view.ts';
export type { AppGateInput } from './machines/app-gate/app-gate.types.ts';
export {
  decodeGateForm,
  encodeGateForm,
  gateFormCookie,
  gateFormCookieSeconds,
  type GateFormReturn,
} from './machines/app-gate/app-gate.form.ts';

export type { RetryPolicy } from './errors/retry.ts';
export { defaultRetryPolicy, isIdempotent, retryDecision } from './errors/retry.ts';
export {
  invalidAnswer,
  decodeAuthCheckResult,
  decodeApplicationBranding,
  decodeAccessRequestOptions,
} from './domain/api-schemas.ts';
