// @portal/adapters/admin: the admin console's API calls (spec §7) and their domain types.
export type { AdminApi, AdminApiOptions, BulkRemovable, EntityApi, UsedEntityApi, HistoryParams, ExportParams } from './admin-api.ts';
export { createAdminApi, decisionBody, listQuery } from './admin-api.ts';
export type {
  SortOrder, ListParams, AdminPage, EntityRef, Usage, AdminHistoryEntry, EntityUsage, DeleteResult, AdministrableApplication, ApplicationSummary, AttributeLink, RoleLink,
  ActivationGroup, WebhookHeader, WebhookSettings, WebhookInput, ApplicationDetail, ApplicationInput, WebhookDelivery, WebhookDeliveryAttempt, WebhookDeliveryDetail, WebhookSigningSecret,
  WebhookSigningSecretCreated, AttributeSummary,
  AttributeDetail, AttributeInput, PermissionSummary, PermissionDetail, PermissionInput, RoleSummary, RoleDetail, RoleInput, DeterminationMethod,
  AccountAccessSummary, AccountAccessDetail, AccountAccessInput, CustomFlowSummary, CustomFlowDetail, CustomFlowInput, UserRef, AddressValue,
  UserSummary, UserApplicationAccess, UserDetail, ApplicationUserSummary, UserAttribute, ApplicationUser, ApplicationUserInput, ApplicationUserAccessReasons, AccessReason,
  AccessRequestSummary, AccessRequestDetail, ApplicationUsersBulkAction, ApplicationUsersBulkChange, ImportChange, ImportRow, ImportProblem, ImportResult,
} from './types.ts';
export { determinationMethods } from './types.ts';
