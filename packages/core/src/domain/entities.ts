// Entities of spec §3, as the portal uses them. Adapters map wire types onto these;
// generated (OpenAPI) types never leave packages/adapters.

export type ApplicationId = string;
export type AttributeId = string;
export type PermissionId = string;
export type RoleId = string;
export type AccountAccessId = string;
export type CustomFlowId = string;
export type UserId = string;
export type AccessRequestId = string;

/** Usage types of spec §3 (where an attribute is used). */
export const usageTypes = ['APPLICATION', 'CUSTOM_FLOW', 'ROLE', 'APPLICATION_ACCOUNT_ACCESS'] as const;
export type UsageType = (typeof usageTypes)[number];

/** A permission of the directory (admin permissions, application permissions). */
export interface Permission {
  readonly id: PermissionId;
  readonly key: string;
  readonly description?: string;
}

/** Data types an attribute can carry. */
export const attributeDataTypes = ['STRING', 'NUMBER', 'BOOLEAN', 'DATE', 'EMAIL', 'URL', 'LIST'] as const;
export type AttributeDataType = (typeof attributeDataTypes)[number];

export interface Attribute {
  readonly id: AttributeId;
  /** Key for token output. */
  readonly key: string;
  readonly label?: string;
  readonly dataType: AttributeDataType;
  readonly permission?: string;
  /** Link to the identity directory (extension attribute name). */
  readonly directoryLink?: string;
  readonly editableByUser: boolean;
  readonly editableByOthers: boolean;
}

/** An attribute linked to an application. */
export interface ApplicationAttributeLink {
  readonly attributeId: AttributeId;
  readonly key: string;
  readonly outputInToken: boolean;
  readonly required: boolean;
  readonly visible: boolean;
}

export interface Role {
  readonly id: RoleId;
  readonly key: string;
  readonly label?: string;
  readonly permissions: readonly string[];
  /** Applications this role unlocks. */
  readonly applicationIds: readonly ApplicationId[];
}

/** A role linked to an application. */
export interface ApplicationRoleLink {
  readonly roleId: RoleId;
  readonly key: string;
  readonly permission?: string;
  readonly visible: boolean;
  readonly default: boolean;
}

export interface AccountAccessGroup {
  readonly id: AccountAccessId;
  readonly key: string;
  readonly label?: string;
  readonly childDeterminationMethod?: string;
  readonly parentDeterminationMethod?: string;
  readonly attributeId?: AttributeId;
}

export interface CustomFlow {
  readonly id: CustomFlowId;
  readonly key: string;
  readonly label?: string;
  readonly attributeIds: readonly AttributeId[];
}

export interface WebhookHeader {
  readonly key: string;
  readonly value: string;
}

export interface Webhook {
  readonly enabled: boolean;
  readonly endpointUrl: string;
  readonly basicAuth?: {
    readonly username: string;
    /** Write-only: never returned by the API. Present only when the user sets it. */
    readonly password?: string;
  };
  readonly onGrant: boolean;
  readonly onRemove: boolean;
  readonly onUpdate: boolean;
  readonly headers: readonly WebhookHeader[];
  readonly keyVaultReference?: string;
}

export interface InternalActivationGroup {
  readonly directoryGroupName: string;
  readonly roleIds: readonly RoleId[];
  readonly accountAccessIds: readonly AccountAccessId[];
}

/** Permissions the signed-in user has on one application. */
export interface ApplicationPermissions {
  readonly manageAccessRequests: boolean;
}

export interface Application {
  readonly id: ApplicationId;
  readonly label: string;
  readonly logoUrl?: string;
  readonly description?: string;
  readonly url: string;
  readonly homePageUrl?: string;
  readonly sortNumber: number;
  readonly adminPermission?: string;
  readonly notificationsEmail?: string;
  readonly accessRequestRequired: boolean;
  readonly accessRequestAllowed: boolean;
  readonly internalCopyOfAccessRequests: boolean;
  readonly roleRequiredOnAccessRequest: boolean;
  readonly accessRequestsAmount: number;
  /** Internal applications cannot be requested (spec §6). */
  readonly internal: boolean;
  readonly clientId?: string;
  readonly permissions?: ApplicationPermissions;
}

export interface ApplicationDetail extends Application {
  readonly attributes: readonly ApplicationAttributeLink[];
  readonly roles: readonly ApplicationRoleLink[];
  readonly accountAccessIds: readonly AccountAccessId[];
  readonly customFlowIds: readonly CustomFlowId[];
  readonly internalActivationGroups: readonly InternalActivationGroup[];
  readonly webhook?: Webhook;
}

/** Branding of an external application (external-app mode, architecture §7). */
export interface ApplicationBranding {
  readonly clientId: string;
  readonly label: string;
  readonly logoUrl?: string;
  readonly url?: string;
}

export interface UserAttributeValue {
  readonly attributeId: AttributeId;
  readonly key: string;
  readonly value: string | number | boolean | readonly string[] | null;
  readonly editable: boolean;
}

export interface User {
  readonly id: UserId;
  readonly fullName: string;
  readonly companyName?: string;
  readonly address?: string;
  readonly email: string;
  readonly language?: string;
  readonly internal: boolean;
  readonly attributes: readonly UserAttributeValue[];
  readonly roleIds: readonly RoleId[];
  readonly accountAccessIds: readonly AccountAccessId[];
  /** ISO date-time. */
  readonly accessSince?: string;
  /** ISO date-time. */
  readonly createdAt?: string;
}

/** OPEN, ACCEPTED, DENIED (spec §4); CANCELLED by the requester and EXPIRED (the time-bound access it gave ended), #19. */
export const accessRequestStatuses = ['OPEN', 'ACCEPTED', 'DENIED', 'CANCELLED', 'EXPIRED'] as const;
export type AccessRequestStatus = (typeof accessRequestStatuses)[number];

export interface AccessRequest {
  readonly id: AccessRequestId;
  readonly applicationId: ApplicationId;
  /** The label of the account access asked for. */
  readonly requestedAccountAccess?: string;
  /** The account access asked for: pre-ticked when the request is accepted (#17.17). */
  readonly requestedAccountAccessId?: AccountAccessId;
  /** The role asked for: pre-ticked when the request is accepted (#17.17). */
  readonly requestedRoleId?: RoleId;
  /** ISO date-time. */
  readonly requestedAt: string;
  readonly userId: UserId;
  readonly status: AccessRequestStatus;
  /** Why the user asks (#19). */
  readonly justification?: string;
  /** The last day of access the user asked for (ISO day, #19). */
  readonly requestedEndDate?: string;
  /** The application's longest time-bound access in days (#19): a decision's end date may be at most this far ahead. */
  readonly maxAccessDays?: number;
}

/** An entry a picker offers (a role, an account-access group). */
export interface Choice {
  readonly id: string;
  readonly key: string;
  readonly label: string;
}

/** What an access request to one application may name (`GET /My/Applications/{id}/AccessRequest`). */
export interface AccessRequestOptions {
  /** The request must name a role (the application's roleRequiredOnAccessRequest). */
  readonly roleRequired: boolean;
  /** The request must name an account access (at least one is linked, whatever the search). */
  readonly accountAccessRequired: boolean;
  /** The linked account-access groups (one page, narrowed by the search). */
  readonly accountAccesses: Page<Choice>;
  /** The application's visible roles. */
  readonly roles: Page<Choice>;
  /** A justification is required (#19); absent or false: optional. */
  readonly justificationRequired?: boolean;
  /** At most this many characters of justification (#19); absent: `justificationMaxLength`. */
  readonly justificationMaxLength?: number;
  /** The application grants time-bound access (#19): the request may name an end date at most this many days ahead. */
  readonly maxAccessDays?: number;
  /** The application's questions the user answers (#19). */
  readonly questions?: readonly AccessRequestQuestion[];
}

/** A question an application asks in an access request (#19). */
export interface AccessRequestQuestion {
  readonly id: string;
  readonly label: string;
  readonly required: boolean;
}

/** What the user names in an access request. */
export interface AccessRequestChoice {
  readonly accountAccessId?: AccountAccessId;
  readonly roleId?: RoleId;
  readonly comment?: string;
  /** Why the user asks (#19). */
  readonly justification?: string;
  /** The last day of access asked for (ISO day, #19). */
  readonly endDate?: string;
  /** Answers to the application's questions, by question id (#19). */
  readonly answers?: Readonly<Record<string, string>>;
}

/** Decision body (architecture §7): accept with roles (and account accesses), or deny. */
export type AccessRequestDecision =
  | { readonly kind: 'accept'; readonly roleIds: readonly RoleId[]; readonly accountAccessIds: readonly AccountAccessId[]; readonly endDate?: string }
  | { readonly kind: 'deny'; readonly reason?: string };

export const historyModes = ['CREATE', 'UPDATE', 'DELETE'] as const;
export type HistoryMode = (typeof historyModes)[number];

export interface HistoryEntry {
  readonly tableName: string;
  readonly entity: string;
  readonly mode: HistoryMode;
  readonly field?: string;
  readonly value?: string;
  /** ISO date-time. */
  readonly updatedAt: string;
  readonly updatedBy?: string;
}

export const localeCodes = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl'] as const;
export type LocaleCode = (typeof localeCodes)[number];
export const defaultLocale: LocaleCode = 'de';

export interface Locale {
  readonly code: LocaleCode;
  readonly iso: string;
  readonly title: string;
  readonly file: string;
}

/** Lists (architecture §7). */
export const pageSizes = [10, 25, 50, 100] as const;
export type PageSize = (typeof pageSizes)[number];
export const defaultPageSize: PageSize = 25;

export interface ListQuery {
  readonly page: number;
  readonly pageSize: PageSize;
  readonly search?: string;
  readonly sort?: string;
  readonly order?: 'asc' | 'desc';
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/** Navigation bar state (spec §2). */
export interface NavigationBarState {
  readonly title?: string;
  readonly subTitle?: string;
  readonly backLink?: string;
}
