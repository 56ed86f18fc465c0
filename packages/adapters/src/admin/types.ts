// Domain types of the admin console (what the console's pages read and write). The API
// client's generated wire types stay in this package; these mirror them field by field,
// with `readonly` everywhere, and the mapping in admin-api.ts is checked by the compiler.

import type { AccessRequestStatus, AttributeDataType, HistoryMode, HistoryRef, LocaleCode, PageSize, UsageGroup, UsageType } from '@portal/core';

export type SortOrder = 'asc' | 'desc';

/** One page request of a list (architecture §7). */
export interface ListParams<Sort extends string = string> {
  readonly page: number;
  readonly pageSize: PageSize;
  readonly search?: string;
  readonly sort?: Sort;
  readonly order?: SortOrder;
}

export interface AdminPage<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/** A referenced entity shown by name. */
export interface EntityRef {
  readonly id: string;
  readonly key: string;
  readonly label: string;
}

export interface Usage {
  readonly type: UsageType;
  readonly id: string;
  readonly label: string;
}

export interface AdminHistoryEntry {
  readonly id: string;
  readonly tableName: string;
  readonly entity: string;
  readonly mode: HistoryMode;
  readonly field: string | null;
  /** The value before an UPDATE. */
  readonly oldValue: string | null;
  readonly value: string | null;
  readonly updatedAt: string;
  readonly updatedBy: string | null;
  /** The author's name (null: the system, or an author the API no longer knows). */
  readonly updatedByName: string | null;
  /** The entities the old or new value names by id. */
  readonly references: readonly HistoryRef[];
}

/** Where an entity is used (GET {id}/Usage). */
export interface EntityUsage {
  readonly groups: readonly UsageGroup[];
}

/** The answer of a delete: what the entity was removed from. */
export interface DeleteResult {
  readonly removedFrom: readonly UsageGroup[];
}

// ---- applications ----------------------------------------------------------------------

/** An application the caller administers (sidebar dropdown, /admin/{application}). */
export interface AdministrableApplication {
  readonly id: string;
  readonly label: string;
  readonly logoUrl: string | null;
  readonly url: string;
  readonly internal: boolean;
  readonly accessRequestsAmount: number;
  readonly permissions: { readonly manageAccessRequests: boolean };
}

export interface ApplicationSummary {
  readonly id: string;
  readonly label: string;
  readonly logoUrl: string | null;
  readonly url: string;
  readonly description: string;
  readonly internal: boolean;
  readonly sortNumber: number;
  readonly released: boolean;
}

export interface AttributeLink {
  readonly attributeId: string;
  readonly outputInToken: boolean;
  readonly required: boolean;
  readonly visible: boolean;
}

export interface RoleLink {
  readonly roleId: string;
  readonly permissionId: string | null;
  readonly visible: boolean;
  readonly default: boolean;
}

export interface ActivationGroup {
  readonly directoryGroupName: string;
  readonly roleIds: readonly string[];
  readonly accountAccessIds: readonly string[];
}

export interface WebhookHeader {
  readonly key: string;
  readonly value: string;
}

export interface WebhookSettings {
  readonly enabled: boolean;
  readonly endpointUrl: string;
  readonly username: string | null;
  readonly passwordSet: boolean;
  readonly onGrant: boolean;
  readonly onRemove: boolean;
  readonly onUpdate: boolean;
  readonly headers: readonly WebhookHeader[];
  readonly keyVaultReference: string | null;
  /** The webhook pauses itself after this many failed deliveries in a row; null: never. */
  readonly pauseAfterFailures: number | null;
  readonly consecutiveFailures: number;
  /** When it paused itself; its deliveries wait until it is resumed. */
  readonly pausedAt: string | null;
}

export interface WebhookInput {
  readonly enabled: boolean;
  readonly endpointUrl: string;
  readonly username?: string | null;
  /** Write-only: omitted keeps the stored password, null removes it. */
  readonly password?: string | null;
  readonly onGrant: boolean;
  readonly onRemove: boolean;
  readonly onUpdate: boolean;
  readonly headers?: readonly WebhookHeader[];
  readonly keyVaultReference?: string | null;
  /** 1–100; null: never pause; omitted keeps the stored value. */
  readonly pauseAfterFailures?: number | null;
}

export interface ApplicationDetail {
  readonly id: string;
  readonly label: string;
  readonly logoUrl: string | null;
  readonly description: string;
  readonly url: string;
  readonly homePageUrl: string | null;
  readonly sortNumber: number;
  readonly adminPermissionId: string | null;
  readonly adminPermissionKey: string | null;
  readonly notificationEmail: string | null;
  readonly accessRequestRequired: boolean;
  readonly accessRequestAllowed: boolean;
  readonly internalCopyOfAccessRequests: boolean;
  readonly roleRequiredOnAccessRequest: boolean;
  readonly internal: boolean;
  readonly released: boolean;
  readonly accessRequestsAmount: number;
  readonly attributes: readonly AttributeLink[];
  readonly roles: readonly RoleLink[];
  readonly accountAccessIds: readonly string[];
  readonly customFlowIds: readonly string[];
  readonly activationGroups: readonly ActivationGroup[];
  readonly webhook: WebhookSettings | null;
}

export interface ApplicationInput {
  readonly label: string;
  readonly logoUrl?: string | null;
  readonly description?: string;
  readonly url: string;
  readonly homePageUrl?: string | null;
  readonly sortNumber?: number;
  readonly adminPermissionId?: string | null;
  readonly notificationEmail?: string | null;
  readonly accessRequestRequired?: boolean;
  readonly accessRequestAllowed?: boolean;
  readonly internalCopyOfAccessRequests?: boolean;
  readonly roleRequiredOnAccessRequest?: boolean;
  readonly internal?: boolean;
  readonly attributes?: readonly AttributeLink[];
  readonly roles?: readonly RoleLink[];
  readonly accountAccessIds?: readonly string[];
  readonly customFlowIds?: readonly string[];
  readonly activationGroups?: readonly ActivationGroup[];
  readonly webhook?: WebhookInput | null;
}

export interface WebhookDelivery {
  readonly id: string;
  readonly event: 'GRANT' | 'REMOVE' | 'UPDATE' | 'TEST';
  readonly userId: string;
  readonly status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  /** The delivery this one sends again. */
  readonly replayOf: string | null;
  readonly attempts: number;
  readonly responseStatus: number | null;
  readonly error: string | null;
  readonly createdAt: string;
  readonly lastAttemptAt: string | null;
  readonly nextAttemptAt: string | null;
}

/** One attempt of a delivery: the request's headers with the secret values masked as `••••••`, the answer's first 2 KB. */
export interface WebhookDeliveryAttempt {
  readonly attempt: number;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly requestHeaders: readonly { readonly name: string; readonly value: string }[];
  readonly responseStatus: number | null;
  readonly responseBody: string | null;
  readonly error: string | null;
}

/** A delivery with the JSON body every attempt sends and its attempts, oldest first. */
export interface WebhookDeliveryDetail {
  readonly delivery: WebhookDelivery;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly attempts: readonly WebhookDeliveryAttempt[];
}

/** A signing secret of the webhook as listed: never the secret itself, only its last four characters. */
export interface WebhookSigningSecret {
  readonly id: string;
  readonly createdAt: string;
  readonly hint: string;
}

/** A new signing secret: the answer of its creation is the only time `secret` is shown. */
export interface WebhookSigningSecretCreated extends WebhookSigningSecret {
  readonly secret: string;
}

// ---- attributes, permissions, roles, account accesses, custom flows ---------------------

export interface AttributeSummary {
  readonly id: string;
  readonly key: string;
  readonly label: string;
  readonly dataType: AttributeDataType;
  readonly editableByUser: boolean;
  readonly editableByOthers: boolean;
}

export interface AttributeDetail extends AttributeSummary {
  readonly permissionId: string | null;
  readonly directoryLink: string | null;
  readonly usages: readonly Usage[];
}

export interface AttributeInput {
  readonly key: string;
  readonly label: string;
  readonly dataType: AttributeDataType;
  readonly permissionId?: string | null;
  readonly directoryLink?: string | null;
  readonly editableByUser?: boolean;
  readonly editableByOthers?: boolean;
}

export interface PermissionSummary {
  readonly id: string;
  readonly key: string;
  readonly description: string;
}

export interface PermissionDetail extends PermissionSummary {
  readonly usages: readonly Usage[];
}

export interface PermissionInput {
  readonly key: string;
  readonly description?: string;
}

export interface RoleSummary {
  readonly id: string;
  readonly key: string;
  readonly label: string;
  readonly description: string;
}

export interface RoleDetail extends RoleSummary {
  readonly permissionIds: readonly string[];
  readonly applicationIds: readonly string[];
}

export interface RoleInput {
  readonly key: string;
  readonly label: string;
  readonly description?: string;
  readonly permissionIds?: readonly string[];
  readonly applicationIds?: readonly string[];
}

export type DeterminationMethod = 'NONE' | 'MANUAL' | 'ATTRIBUTE' | 'DIRECTORY';
export const determinationMethods: readonly DeterminationMethod[] = ['NONE', 'MANUAL', 'ATTRIBUTE', 'DIRECTORY'];

export interface AccountAccessSummary {
  readonly id: string;
  readonly key: string;
  readonly label: string;
  readonly parentId: string | null;
}

export interface AccountAccessDetail extends AccountAccessSummary {
  readonly parentDeterminationMethod: DeterminationMethod;
  readonly childDeterminationMethod: DeterminationMethod;
  readonly attributeId: string | null;
}

export interface AccountAccessInput {
  readonly key: string;
  readonly label: string;
  readonly parentId?: string | null;
  readonly parentDeterminationMethod?: DeterminationMethod;
  readonly childDeterminationMethod?: DeterminationMethod;
  readonly attributeId?: string | null;
}

export interface CustomFlowSummary {
  readonly id: string;
  readonly key: string;
  readonly label: string;
  readonly description: string;
}

export interface CustomFlowDetail extends CustomFlowSummary {
  readonly attributeIds: readonly string[];
}

export interface CustomFlowInput {
  readonly key: string;
  readonly label: string;
  readonly description?: string;
  readonly attributeIds?: readonly string[];
}

// ---- users and access requests ----------------------------------------------------------

export interface UserRef {
  readonly id: string;
  readonly fullName: string;
  readonly email: string;
  readonly companyName: string | null;
}

export interface AddressValue {
  readonly street?: string;
  readonly postalCode?: string;
  readonly city?: string;
  readonly country?: string;
}

export interface UserSummary {
  readonly id: string;
  readonly fullName: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly companyName: string | null;
  readonly internal: boolean;
  readonly language: LocaleCode;
  readonly createdAt: string;
}

export interface UserApplicationAccess {
  readonly id: string;
  readonly label: string;
  readonly accessSince: string;
  readonly roles: readonly EntityRef[];
  readonly accountAccesses: readonly EntityRef[];
}

export interface UserDetail extends UserSummary {
  readonly address: AddressValue | null;
  readonly applications: readonly UserApplicationAccess[];
}

export interface ApplicationUserSummary extends UserRef {
  readonly accessSince: string;
  readonly roles: readonly EntityRef[];
}

export interface UserAttribute {
  readonly attributeId: string;
  readonly key: string;
  readonly label: string;
  readonly dataType: AttributeDataType;
  readonly value: string | null;
  readonly required: boolean;
  readonly editable: boolean;
}

export interface ApplicationUser {
  readonly user: UserRef;
  readonly hasAccess: boolean;
  readonly accessSince: string | null;
  readonly roles: readonly EntityRef[];
  readonly accountAccesses: readonly EntityRef[];
  readonly attributes: readonly UserAttribute[];
}

export interface ApplicationUserInput {
  readonly roleIds: readonly string[];
  readonly accountAccessIds?: readonly string[];
  readonly attributes?: readonly { readonly key: string; readonly value: string | null }[];
}

export interface AccessRequestSummary {
  readonly id: string;
  readonly applicationId: string;
  readonly status: AccessRequestStatus;
  readonly requestedAt: string;
  readonly user: UserRef;
  readonly requestedAccountAccess: EntityRef | null;
}

export interface AccessRequestDetail extends AccessRequestSummary {
  readonly requestedRole: EntityRef | null;
  readonly comment: string | null;
  readonly decidedAt: string | null;
  readonly decidedBy: string | null;
  readonly reason: string | null;
  readonly roleIds: readonly string[];
  readonly accountAccessIds: readonly string[];
}

/** A change to several users of an application at once (#20.3). */
export type ApplicationUsersBulkAction = 'addRoles' | 'removeRoles' | 'addAccountAccesses' | 'removeAccountAccesses' | 'removeAccess';

export interface ApplicationUsersBulkChange {
  readonly action: ApplicationUsersBulkAction;
  readonly userIds: readonly string[];
  readonly roleIds?: readonly string[];
  readonly accountAccessIds?: readonly string[];
}

/** What a line of a CSV import does (or would do) to the user's access. */
export type ImportChange = 'GRANT' | 'UPDATE' | 'REMOVE' | 'UNCHANGED';

export interface ImportRow {
  readonly line: number;
  readonly email: string;
  readonly userId: string;
  readonly change: ImportChange;
  readonly roles: readonly EntityRef[];
  readonly accountAccesses: readonly EntityRef[];
}

export interface ImportProblem {
  readonly line: number;
  readonly email: string | null;
  /** Why the line is invalid, in the caller's language (from the API). */
  readonly message: string;
}

/** A dry run (`applied` false) or an applied import: each valid line's change and each invalid line's reason. */
export interface ImportResult {
  readonly applied: boolean;
  readonly rows: readonly ImportRow[];
  readonly invalid: readonly ImportProblem[];
}
