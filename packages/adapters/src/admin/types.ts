// The admin console's types: the contract's generated wire types under the names the console
// uses (ADR 0015). Nothing here is written again by hand; a field added to the OpenAPI
// document reaches the console with `pnpm --filter @portal/contract generate`.

import type { components, operations } from '@portal/contract';

type Schemas = components['schemas'];

/** One page request of a list (architecture §7), as the list calls' query takes it. */
type ListQuery = NonNullable<operations['listApplications']['parameters']['query']>;
export type SortOrder = NonNullable<ListQuery['order']>;
export interface ListParams<Sort extends string = string> {
  readonly page: number;
  readonly pageSize: NonNullable<ListQuery['pageSize']>;
  readonly search?: string;
  readonly sort?: Sort;
  readonly order?: SortOrder;
}

/** A list's answer (`{ items, total }`, architecture §7). */
export type AdminPage<T> = Omit<Schemas['ApplicationList'], 'items'> & { readonly items: readonly T[] };

/** A referenced entity shown by name. */
export type EntityRef = Schemas['Ref'];
export type Usage = Schemas['Usage'];
export type AdminHistoryEntry = Schemas['HistoryEntry'];
/** Where an entity is used (GET {id}/Usage). */
export type EntityUsage = Schemas['EntityUsage'];
/** The answer of a delete: what the entity was removed from. */
export type DeleteResult = Schemas['DeleteResult'];

// ---- applications ----------------------------------------------------------------------

/** An application the caller administers (GET /Admin/Applications: sidebar dropdown, /admin/{application}). */
export type AdministrableApplication = Schemas['AdminApplication'];
export type ApplicationSummary = Schemas['ApplicationSummary'];
export type AttributeLink = Schemas['ApplicationAttributeLink'];
export type RoleLink = Schemas['ApplicationRoleLink'];
export type ActivationGroup = Schemas['ActivationGroup'];
export type WebhookHeader = Schemas['WebhookHeader'];
export type WebhookSettings = Schemas['Webhook'];
export type WebhookInput = Schemas['WebhookInput'];
export type ApplicationDetail = Schemas['Application'];
export type ApplicationInput = Schemas['ApplicationInput'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
/** One attempt of a delivery: the request's headers with the secret values masked as `••••••`, the answer's first 2 KB. */
export type WebhookDeliveryAttempt = Schemas['WebhookDeliveryAttempt'];
/** A delivery with the JSON body every attempt sends and its attempts, oldest first. */
export type WebhookDeliveryDetail = Schemas['WebhookDeliveryDetail'];
/** A mail of the API's outbox (#29) and whether the API sends mail at all. */
export type Mail = Schemas['Mail'];
export type MailStatus = Schemas['MailStatus'];
export type MailSettings = Schemas['MailSettings'];
/** A signing secret of the webhook as listed: never the secret itself, only its last four characters. */
export type WebhookSigningSecret = Schemas['WebhookSigningSecret'];
/** A new signing secret: the answer of its creation is the only time `secret` is shown. */
export type WebhookSigningSecretCreated = Schemas['WebhookSigningSecretCreated'];

// ---- attributes, permissions, roles, account accesses, custom flows ---------------------

export type AttributeSummary = Schemas['AttributeSummary'];
export type AttributeDetail = Schemas['Attribute'];
export type AttributeInput = Schemas['AttributeInput'];
export type PermissionSummary = Schemas['PermissionSummary'];
export type PermissionDetail = Schemas['Permission'];
export type PermissionInput = Schemas['PermissionInput'];
export type RoleSummary = Schemas['RoleSummary'];
export type RoleDetail = Schemas['Role'];
export type RoleInput = Schemas['RoleInput'];
export type DeterminationMethod = Schemas['DeterminationMethod'];
export type AccountAccessSummary = Schemas['AccountAccessSummary'];
export type AccountAccessDetail = Schemas['AccountAccess'];
export type AccountAccessInput = Schemas['AccountAccessInput'];
export type CustomFlowSummary = Schemas['CustomFlowSummary'];
export type CustomFlowDetail = Schemas['CustomFlowDefinition'];
export type CustomFlowInput = Schemas['CustomFlowDefinitionInput'];

/** Every determination method once, in the order the console offers them (the compiler checks that none is missing). */
export const determinationMethods = [
  'NONE',
  'MANUAL',
  'ATTRIBUTE',
  'DIRECTORY',
] as const satisfies readonly DeterminationMethod[];
const everyDeterminationMethod: Exclude<DeterminationMethod, (typeof determinationMethods)[number]> extends never
  ? true
  : never = true;
void everyDeterminationMethod;

// ---- users and access requests ----------------------------------------------------------

export type UserRef = Schemas['UserRef'];
export type AddressValue = Schemas['Address'];
export type UserSummary = Schemas['UserSummary'];
export type UserDetail = Schemas['UserDetail'];
export type UserApplicationAccess = UserDetail['applications'][number];
export type ApplicationUserSummary = Schemas['ApplicationUserSummary'];
export type UserAttribute = Schemas['UserAttributeValue'];
export type ApplicationUser = Schemas['ApplicationUser'];
export type ApplicationUserInput = Schemas['ApplicationUserInput'];
/** Why a user has access (#19.6): the access's, each role's and each account access's reasons. */
export type ApplicationUserAccessReasons = Schemas['ApplicationUserAccessReasons'];
export type AccessReason = Schemas['AccessReason'];
export type AccessRequestSummary = Schemas['AccessRequestSummary'];
export type AccessRequestDetail = Schemas['AccessRequest'];

/** A change to several users of an application at once (#20.3). */
export type ApplicationUsersBulkChange = Schemas['ApplicationUsersBulk'];
export type ApplicationUsersBulkAction = ApplicationUsersBulkChange['action'];
/** What a line of a CSV import does (or would do) to the user's access. */
export type ImportChange = Schemas['ImportChange'];
export type ImportRow = Schemas['ApplicationUsersImportRow'];
export type ImportProblem = Schemas['ApplicationUsersImportProblem'];
/** A dry run (`applied` false) or an applied import: each valid line's change and each invalid line's reason. */
export type ImportResult = Schemas['ApplicationUsersImportResult'];

// ---- jobs (#28.6, ADR 0025) ----------------------------------------------------------------

/** Work that may outlast a proxy (an applied import, a bulk change, several decisions), answered 202 as a job. */
export type Job = Schemas['Job'];
export type JobKind = Schemas['JobKind'];
/** Why a finished job changed nothing: the status and body the call answered before it was a job. */
export type JobFailure = Schemas['JobFailure'];
/** How many a bulk change or a decision of several requests changed (a job's result). */
export type BulkResult = Schemas['BulkResult'];
