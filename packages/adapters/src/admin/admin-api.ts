// The admin console's calls (spec §7) over the typed API client. Every list is one page of
// the server (page, pageSize, search, sort, order → { items, total }); nothing here fetches
// per row. Bodies and answers are the contract's generated types; every answer is checked by
// its schema's generated validator before the console reads it.

import type { AccessRequestDecision } from '@portal/core';
import type { operations, Query, Schema } from '@portal/contract';
import type { ApiClient } from '../http/client.ts';
import { decodeWire, type Validator } from '@portal/contract/decode';
import * as wire from '@portal/contract/validators';
import { unwrap, unwrapVoid } from '../http/client.ts';
import { administrableApplications } from '../http/administrable.ts';
import { uploadApplicationImage } from '../http/image-upload.ts';
import { endsAtOfLastDay } from '../http/my-access.ts';
import { exportQuery, historyQuery, listQuery, pageQuery, type HistoryParams } from './list-query.ts';
import type {
  AccessRequestDetail,
  AccessRequestSummary,
  AccountAccessDetail,
  AccountAccessInput,
  AccountAccessSummary,
  AdminHistoryEntry,
  AdminPage,
  DeleteResult,
  EntityUsage,
  AdministrableApplication,
  ApplicationDetail,
  ApplicationInput,
  ApplicationSummary,
  ApplicationUser,
  ApplicationUserAccessReasons,
  ApplicationUserInput,
  ApplicationUserSummary,
  AttributeDetail,
  AttributeInput,
  AttributeSummary,
  CustomFlowDetail,
  CustomFlowInput,
  CustomFlowSummary,
  EntityRef,
  ListParams,
  PermissionDetail,
  PermissionInput,
  PermissionSummary,
  RoleDetail,
  RoleInput,
  RoleSummary,
  UserDetail,
  UserSummary,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookSigningSecret,
  WebhookSigningSecretCreated,
  ApplicationUsersBulkChange,
  ImportResult,
} from './types.ts';

/** A list's search and sort, without paging: what a CSV download keeps. */
export type ExportParams = Omit<ListParams, 'page' | 'pageSize'>;

/** Create, read, update, delete and history of one entity kind. */
export interface EntityApi<Summary, Detail, Input, Removed = void> {
  list(params: ListParams): Promise<AdminPage<Summary>>;
  get(id: string): Promise<Detail>;
  create(input: Input): Promise<Detail>;
  update(id: string, input: Input): Promise<Detail>;
  remove(id: string): Promise<Removed>;
  history(id: string, params: HistoryParams): Promise<AdminPage<AdminHistoryEntry>>;
  /** Undoes one entry of the history (#19.7); the entity as saved. */
  revert(id: string, entryId: string): Promise<Detail>;
  /** The whole list with this search and sort as a CSV download (a link: the browser streams it to disk). */
  exportUrl(params: ExportParams): string;
}

/** Several entities of a list deleted at once, all or nothing (#20.3); how many were deleted. */
export interface BulkRemovable {
  removeMany(ids: readonly string[]): Promise<number>;
}

/** An entity others use (roles, account accesses, attributes, custom flows): its usage, and a delete that says what it was removed from. */
export interface UsedEntityApi<Summary, Detail, Input> extends EntityApi<Summary, Detail, Input, DeleteResult> {
  usage(id: string): Promise<EntityUsage>;
}

export interface AdminApi {
  /** Applications the caller administers, with open request counts (sidebar dropdown). */
  listAdministrableApplications(
    params?: Readonly<Query<'listAdminApplications'>>,
  ): Promise<AdminPage<AdministrableApplication>>;
  listAccessRequests(
    applicationId: string,
    params: ListParams & { readonly status?: Query<'listAccessRequests'>['status'] },
  ): Promise<AdminPage<AccessRequestSummary>>;
  getAccessRequest(id: string): Promise<AccessRequestDetail>;
  decideAccessRequest(id: string, decision: AccessRequestDecision): Promise<AccessRequestDetail>;
  listApplicationUsers(applicationId: string, params: ListParams): Promise<AdminPage<ApplicationUserSummary>>;
  /** The application's users, or its access requests with a status, as CSV downloads. */
  applicationUsersExportUrl(applicationId: string, params: ExportParams): string;
  accessRequestsExportUrl(
    applicationId: string,
    params: ExportParams & { readonly status?: Query<'exportAccessRequests'>['status'] },
  ): string;
  getApplicationUser(applicationId: string, userId: string): Promise<ApplicationUser>;
  /** Why the user has the access, each role and each account access (#19.6). */
  getApplicationUserAccessReasons(applicationId: string, userId: string): Promise<ApplicationUserAccessReasons>;
  updateApplicationUser(applicationId: string, userId: string, input: ApplicationUserInput): Promise<ApplicationUser>;
  removeApplicationUser(applicationId: string, userId: string): Promise<void>;
  /** Several users' access changed at once, all or nothing (#20.3); how many users' access changed. */
  bulkUpdateApplicationUsers(applicationId: string, change: ApplicationUsersBulkChange): Promise<number>;
  /** Several open requests of one application decided alike, all or nothing (#20.3); how many. */
  decideAccessRequests(
    applicationId: string,
    requestIds: readonly string[],
    decision: AccessRequestDecision,
  ): Promise<number>;
  /** Users' access from CSV text: a dry run (`apply` false) or the import, all or nothing (#20.3). */
  importApplicationUsers(applicationId: string, csv: string, apply: boolean): Promise<ImportResult>;
  selectRoles(applicationId: string, params: ListParams): Promise<AdminPage<EntityRef>>;
  selectAccountAccesses(applicationId: string, params: ListParams): Promise<AdminPage<EntityRef>>;
  listWebhookDeliveries(
    applicationId: string,
    params: Pick<ListParams, 'page' | 'pageSize'>,
  ): Promise<AdminPage<WebhookDelivery>>;
  /** One delivery with its payload and attempts (secret header values masked by the API). */
  getWebhookDelivery(applicationId: string, deliveryId: string): Promise<WebhookDeliveryDetail>;
  /** Queues a delivery of event TEST (202); it is signed, sent and listed like any other. */
  sendTestWebhookDelivery(applicationId: string): Promise<WebhookDelivery>;
  /** Queues a delivery's payload again as a new delivery whose `replayOf` names it. */
  replayWebhookDelivery(applicationId: string, deliveryId: string): Promise<WebhookDelivery>;
  /** Resumes a webhook that paused itself after failed deliveries in a row; its waiting deliveries are sent. */
  resumeWebhook(applicationId: string): Promise<void>;
  /** The active signing secrets (at most two), oldest first. */
  listWebhookSigningSecrets(applicationId: string): Promise<readonly WebhookSigningSecret[]>;
  /** A new signing secret, shown this once; 409 `webhook.secretLimit` while two are active. */
  createWebhookSigningSecret(applicationId: string): Promise<WebhookSigningSecretCreated>;
  deleteWebhookSigningSecret(applicationId: string, secretId: string): Promise<void>;
  uploadLogo(file: Blob, fileName?: string): Promise<Readonly<Schema<'ImageUpload'>>>;
  readonly applications: EntityApi<ApplicationSummary, ApplicationDetail, ApplicationInput> & BulkRemovable;
  readonly attributes: UsedEntityApi<AttributeSummary, AttributeDetail, AttributeInput> & BulkRemovable;
  readonly permissions: EntityApi<PermissionSummary, PermissionDetail, PermissionInput> & BulkRemovable;
  readonly roles: UsedEntityApi<RoleSummary, RoleDetail, RoleInput> & BulkRemovable;
  readonly accountAccesses: UsedEntityApi<AccountAccessSummary, AccountAccessDetail, AccountAccessInput> &
    BulkRemovable;
  readonly customFlows: UsedEntityApi<CustomFlowSummary, CustomFlowDetail, CustomFlowInput> & BulkRemovable;
  readonly users: BulkRemovable & {
    list(params: ListParams): Promise<AdminPage<UserSummary>>;
    get(id: string): Promise<UserDetail>;
    remove(id: string): Promise<void>;
    exportUrl(params: ExportParams): string;
  };
}

export interface AdminApiOptions {
  /** Where the API answers for the browser (the portal's `/api`): downloads are links to it. */
  readonly baseUrl: string;
}

/** Core's decision as the wire's body. */
export function decisionBody(
  decision: AccessRequestDecision,
): operations['decideAccessRequest']['requestBody']['content']['application/json'] {
  if (decision.kind === 'accept') {
    return {
      decision: 'ACCEPT',
      roleIds: [...decision.roleIds],
      ...(decision.accountAccessIds.length === 0 ? {} : { accountAccessIds: [...decision.accountAccessIds] }),
      // The last day of access (#19) ends at the local midnight after it.
      ...(decision.endDate === undefined ? {} : { endsAt: endsAtOfLastDay(decision.endDate) }),
    };
  }
  return { decision: 'DENY', ...(decision.reason === undefined ? {} : { reason: decision.reason }) };
}

/** The answer checked by the schema's generated validator: a `WireDecodeError` names the bad value's path (ADR 0015). */
const read =
  <T>(validator: Validator<T>, schema: string) =>
  (value: unknown): T =>
    decodeWire(validator, schema, value);

export function createAdminApi(client: ApiClient, options: AdminApiOptions = { baseUrl: '/api' }): AdminApi {
  /** A CSV download of `path` (under the API's base URL) with the download's query (`exportQuery`). */
  const exportUrl = (path: string, query: Readonly<Record<string, string | undefined>>) => {
    const search = new URLSearchParams(
      Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, value]])),
    ).toString();
    return `${options.baseUrl.replace(/\/$/, '')}${path}${search === '' ? '' : `?${search}`}`;
  };
  const history = (id: string, params: HistoryParams) => ({ params: { path: { id }, query: historyQuery(params) } });
  const entry = (id: string, entryId: string) => ({ params: { path: { id, entryId } } });
  return {
    listAdministrableApplications: (params = {}) =>
      administrableApplications(client, params).then(read(wire.AdminApplicationList, 'AdminApplicationList')),
    listAccessRequests: (applicationId, params) =>
      unwrap(
        client.GET('/Admin/Applications/{id}/AccessRequests', {
          params: {
            path: { id: applicationId },
            query: {
              ...listQuery('listAccessRequests', params),
              ...(params.status === undefined ? {} : { status: params.status }),
            },
          },
        }),
      ).then(read(wire.AccessRequestList, 'AccessRequestList')),
    getAccessRequest: (id) =>
      unwrap(client.GET('/Admin/Applications/AccessRequests/{id}', { params: { path: { id } } })).then(
        read(wire.AccessRequest, 'AccessRequest'),
      ),
    decideAccessRequest: (id, decision) =>
      unwrap(
        client.PUT('/Admin/Applications/AccessRequests/{id}', {
          params: { path: { id } },
          body: decisionBody(decision),
        }),
      ).then(read(wire.AccessRequest, 'AccessRequest')),
    listApplicationUsers: (applicationId, params) =>
      unwrap(
        client.GET('/Admin/Applications/{id}/Users', {
          params: { path: { id: applicationId }, query: listQuery('listApplicationUsers', params) },
        }),
      ).then(read(wire.ApplicationUserList, 'ApplicationUserList')),
    applicationUsersExportUrl: (applicationId, params) =>
      exportUrl(
        `/Admin/Applications/${encodeURIComponent(applicationId)}/Users/Export`,
        exportQuery('exportApplicationUsers', params),
      ),
    accessRequestsExportUrl: (applicationId, { status, ...params }) =>
      exportUrl(`/Admin/Applications/${encodeURIComponent(applicationId)}/AccessRequests/Export`, {
        ...exportQuery('exportAccessRequests', params),
        ...(status === undefined ? {} : { status }),
      }),
    getApplicationUser: (applicationId, userId) =>
      unwrap(
        client.GET('/Admin/Applications/{id}/Users/{userId}', { params: { path: { id: applicationId, userId } } }),
      ).then(read(wire.ApplicationUser, 'ApplicationUser')),
    getApplicationUserAccessReasons: (applicationId, userId) =>
      unwrap(
        client.GET('/Admin/Applications/{id}/Users/{userId}/AccessReasons', {
          params: { path: { id: applicationId, userId } },
        }),
      ).then(read(wire.ApplicationUserAccessReasons, 'ApplicationUserAccessReasons')),
    updateApplicationUser: (applicationId, userId, input) =>
      unwrap(
        client.PUT('/Admin/Applications/{id}/Users/{userId}', {
          params: { path: { id: applicationId, userId } },
          body: input,
        }),
      ).then(read(wire.ApplicationUser, 'ApplicationUser')),
    removeApplicationUser: (applicationId, userId) =>
      unwrapVoid(
        client.DELETE('/Admin/Applications/{id}/Users/{userId}', { params: { path: { id: applicationId, userId } } }),
      ),
    bulkUpdateApplicationUsers: (applicationId, change) =>
      unwrap(
        client.POST('/Admin/Applications/{id}/Users/Bulk', { params: { path: { id: applicationId } }, body: change }),
      )
        .then(read(wire.BulkResult, 'BulkResult'))
        .then((r) => r.count),
    decideAccessRequests: (applicationId, requestIds, decision) =>
      unwrap(
        client.POST('/Admin/Applications/{id}/AccessRequests/Decide', {
          params: { path: { id: applicationId } },
          body: { requestIds: [...requestIds], decision: decisionBody(decision) },
        }),
      )
        .then(read(wire.BulkResult, 'BulkResult'))
        .then((r) => r.count),
    importApplicationUsers: (applicationId, csv, apply) =>
      unwrap(
        client.POST('/Admin/Applications/{id}/Users/Import', {
          params: { path: { id: applicationId } },
          body: { csv, apply },
        }),
      ).then(read(wire.ApplicationUsersImportResult, 'ApplicationUsersImportResult')),
    selectRoles: (applicationId, params) =>
      unwrap(
        client.GET('/Admin/Applications/{id}/Selections/Roles', {
          params: {
            path: { id: applicationId },
            query: pageQuery(params),
          },
        }),
      ).then(read(wire.SelectionList, 'SelectionList')),
    selectAccountAccesses: (applicationId, params) =>
      unwrap(
        client.GET('/Admin/Applications/{id}/Selections/AccountAccesses', {
          params: {
            path: { id: applicationId },
            query: pageQuery(params),
          },
        }),
      ).then(read(wire.SelectionList, 'SelectionList')),
    listWebhookDeliveries: (applicationId, params) =>
      unwrap(
        client.GET('/Admin/Applications/{id}/WebhookDeliveries', {
          params: { path: { id: applicationId }, query: { page: params.page, pageSize: params.pageSize } },
        }),
      ).then(read(wire.WebhookDeliveryList, 'WebhookDeliveryList')),
    getWebhookDelivery: (applicationId, deliveryId) =>
      unwrap(
        client.GET('/Admin/Applications/{id}/WebhookDeliveries/{deliveryId}', {
          params: { path: { id: applicationId, deliveryId } },
        }),
      ).then(read(wire.WebhookDeliveryDetail, 'WebhookDeliveryDetail')),
    sendTestWebhookDelivery: (applicationId) =>
      unwrap(
        client.POST('/Admin/Applications/{id}/WebhookDeliveries/Test', { params: { path: { id: applicationId } } }),
      ).then(read(wire.WebhookDelivery, 'WebhookDelivery')),
    replayWebhookDelivery: (applicationId, deliveryId) =>
      unwrap(
        client.POST('/Admin/Applications/{id}/WebhookDeliveries/{deliveryId}/Replay', {
          params: { path: { id: applicationId, deliveryId } },
        }),
      ).then(read(wire.WebhookDelivery, 'WebhookDelivery')),
    resumeWebhook: (applicationId) =>
      unwrapVoid(client.POST('/Admin/Applications/{id}/Webhook/Resume', { params: { path: { id: applicationId } } })),
    listWebhookSigningSecrets: (applicationId) =>
      unwrap(client.GET('/Admin/Applications/{id}/WebhookSigningSecrets', { params: { path: { id: applicationId } } }))
        .then(read(wire.WebhookSigningSecretList, 'WebhookSigningSecretList'))
        .then((list) => list.secrets),
    createWebhookSigningSecret: (applicationId) =>
      unwrap(
        client.POST('/Admin/Applications/{id}/WebhookSigningSecrets', { params: { path: { id: applicationId } } }),
      ).then(read(wire.WebhookSigningSecretCreated, 'WebhookSigningSecretCreated')),
    deleteWebhookSigningSecret: (applicationId, secretId) =>
      unwrapVoid(
        client.DELETE('/Admin/Applications/{id}/WebhookSigningSecrets/{secretId}', {
          params: { path: { id: applicationId, secretId } },
        }),
      ),
    uploadLogo: (file, fileName) => uploadApplicationImage(client, file, fileName),
    applications: {
      list: (params) =>
        unwrap(client.GET('/Applications', { params: { query: listQuery('listApplications', params) } })).then(
          read(wire.ApplicationList, 'ApplicationList'),
        ),
      get: (id) =>
        unwrap(client.GET('/Applications/{id}', { params: { path: { id } } })).then(
          read(wire.Application, 'Application'),
        ),
      create: (input) =>
        unwrap(client.POST('/Applications', { body: input })).then(read(wire.Application, 'Application')),
      update: (id, input) =>
        unwrap(client.PUT('/Applications/{id}', { params: { path: { id } }, body: input })).then(
          read(wire.Application, 'Application'),
        ),
      remove: (id) => unwrapVoid(client.DELETE('/Applications/{id}', { params: { path: { id } } })),
      history: (id, params) =>
        unwrap(client.GET('/Applications/{id}/History', history(id, params))).then(
          read(wire.HistoryList, 'HistoryList'),
        ),
      revert: (id, entryId) =>
        unwrap(client.POST('/Applications/{id}/History/{entryId}/Revert', entry(id, entryId))).then(
          read(wire.Application, 'Application'),
        ),
      exportUrl: (params) => exportUrl('/Applications/Export', exportQuery('exportApplications', params)),
      removeMany: (ids) =>
        unwrap(client.POST('/Applications/BulkDelete', { body: { ids: [...ids] } }))
          .then(read(wire.BulkResult, 'BulkResult'))
          .then((r) => r.count),
    },
    attributes: {
      list: (params) =>
        unwrap(client.GET('/Attributes', { params: { query: listQuery('listAttributes', params) } })).then(
          read(wire.AttributeList, 'AttributeList'),
        ),
      get: (id) =>
        unwrap(client.GET('/Attributes/{id}', { params: { path: { id } } })).then(read(wire.Attribute, 'Attribute')),
      create: (input) => unwrap(client.POST('/Attributes', { body: input })).then(read(wire.Attribute, 'Attribute')),
      update: (id, input) =>
        unwrap(client.PUT('/Attributes/{id}', { params: { path: { id } }, body: input })).then(
          read(wire.Attribute, 'Attribute'),
        ),
      remove: (id) =>
        unwrap(client.DELETE('/Attributes/{id}', { params: { path: { id } } })).then(
          read(wire.DeleteResult, 'DeleteResult'),
        ),
      history: (id, params) =>
        unwrap(client.GET('/Attributes/{id}/History', history(id, params))).then(read(wire.HistoryList, 'HistoryList')),
      revert: (id, entryId) =>
        unwrap(client.POST('/Attributes/{id}/History/{entryId}/Revert', entry(id, entryId))).then(
          read(wire.Attribute, 'Attribute'),
        ),
      exportUrl: (params) => exportUrl('/Attributes/Export', exportQuery('exportAttributes', params)),
      removeMany: (ids) =>
        unwrap(client.POST('/Attributes/BulkDelete', { body: { ids: [...ids] } }))
          .then(read(wire.BulkResult, 'BulkResult'))
          .then((r) => r.count),
      usage: (id) =>
        unwrap(client.GET('/Attributes/{id}/Usage', { params: { path: { id } } })).then(
          read(wire.EntityUsage, 'EntityUsage'),
        ),
    },
    permissions: {
      list: (params) =>
        unwrap(client.GET('/Permissions', { params: { query: listQuery('listPermissions', params) } })).then(
          read(wire.PermissionList, 'PermissionList'),
        ),
      get: (id) =>
        unwrap(client.GET('/Permissions/{id}', { params: { path: { id } } })).then(read(wire.Permission, 'Permission')),
      create: (input) => unwrap(client.POST('/Permissions', { body: input })).then(read(wire.Permission, 'Permission')),
      update: (id, input) =>
        unwrap(client.PUT('/Permissions/{id}', { params: { path: { id } }, body: input })).then(
          read(wire.Permission, 'Permission'),
        ),
      remove: (id) => unwrapVoid(client.DELETE('/Permissions/{id}', { params: { path: { id } } })),
      history: (id, params) =>
        unwrap(client.GET('/Permissions/{id}/History', history(id, params))).then(
          read(wire.HistoryList, 'HistoryList'),
        ),
      revert: (id, entryId) =>
        unwrap(client.POST('/Permissions/{id}/History/{entryId}/Revert', entry(id, entryId))).then(
          read(wire.Permission, 'Permission'),
        ),
      exportUrl: (params) => exportUrl('/Permissions/Export', exportQuery('exportPermissions', params)),
      removeMany: (ids) =>
        unwrap(client.POST('/Permissions/BulkDelete', { body: { ids: [...ids] } }))
          .then(read(wire.BulkResult, 'BulkResult'))
          .then((r) => r.count),
    },
    roles: {
      list: (params) =>
        unwrap(client.GET('/Roles', { params: { query: listQuery('listRoles', params) } })).then(
          read(wire.RoleList, 'RoleList'),
        ),
      get: (id) => unwrap(client.GET('/Roles/{id}', { params: { path: { id } } })).then(read(wire.Role, 'Role')),
      create: (input) => unwrap(client.POST('/Roles', { body: input })).then(read(wire.Role, 'Role')),
      update: (id, input) =>
        unwrap(client.PUT('/Roles/{id}', { params: { path: { id } }, body: input })).then(read(wire.Role, 'Role')),
      remove: (id) =>
        unwrap(client.DELETE('/Roles/{id}', { params: { path: { id } } })).then(
          read(wire.DeleteResult, 'DeleteResult'),
        ),
      history: (id, params) =>
        unwrap(client.GET('/Roles/{id}/History', history(id, params))).then(read(wire.HistoryList, 'HistoryList')),
      revert: (id, entryId) =>
        unwrap(client.POST('/Roles/{id}/History/{entryId}/Revert', entry(id, entryId))).then(read(wire.Role, 'Role')),
      exportUrl: (params) => exportUrl('/Roles/Export', exportQuery('exportRoles', params)),
      removeMany: (ids) =>
        unwrap(client.POST('/Roles/BulkDelete', { body: { ids: [...ids] } }))
          .then(read(wire.BulkResult, 'BulkResult'))
          .then((r) => r.count),
      usage: (id) =>
        unwrap(client.GET('/Roles/{id}/Usage', { params: { path: { id } } })).then(
          read(wire.EntityUsage, 'EntityUsage'),
        ),
    },
    accountAccesses: {
      list: (params) =>
        unwrap(client.GET('/AccountAccesses', { params: { query: listQuery('listAccountAccesses', params) } })).then(
          read(wire.AccountAccessList, 'AccountAccessList'),
        ),
      get: (id) =>
        unwrap(client.GET('/AccountAccesses/{id}', { params: { path: { id } } })).then(
          read(wire.AccountAccess, 'AccountAccess'),
        ),
      create: (input) =>
        unwrap(client.POST('/AccountAccesses', { body: input })).then(read(wire.AccountAccess, 'AccountAccess')),
      update: (id, input) =>
        unwrap(client.PUT('/AccountAccesses/{id}', { params: { path: { id } }, body: input })).then(
          read(wire.AccountAccess, 'AccountAccess'),
        ),
      remove: (id) =>
        unwrap(client.DELETE('/AccountAccesses/{id}', { params: { path: { id } } })).then(
          read(wire.DeleteResult, 'DeleteResult'),
        ),
      history: (id, params) =>
        unwrap(client.GET('/AccountAccesses/{id}/History', history(id, params))).then(
          read(wire.HistoryList, 'HistoryList'),
        ),
      revert: (id, entryId) =>
        unwrap(client.POST('/AccountAccesses/{id}/History/{entryId}/Revert', entry(id, entryId))).then(
          read(wire.AccountAccess, 'AccountAccess'),
        ),
      exportUrl: (params) => exportUrl('/AccountAccesses/Export', exportQuery('exportAccountAccesses', params)),
      removeMany: (ids) =>
        unwrap(client.POST('/AccountAccesses/BulkDelete', { body: { ids: [...ids] } }))
          .then(read(wire.BulkResult, 'BulkResult'))
          .then((r) => r.count),
      usage: (id) =>
        unwrap(client.GET('/AccountAccesses/{id}/Usage', { params: { path: { id } } })).then(
          read(wire.EntityUsage, 'EntityUsage'),
        ),
    },
    customFlows: {
      list: (params) =>
        unwrap(client.GET('/CustomFlows', { params: { query: listQuery('listCustomFlows', params) } })).then(
          read(wire.CustomFlowList, 'CustomFlowList'),
        ),
      get: (id) =>
        unwrap(client.GET('/CustomFlows/{id}', { params: { path: { id } } })).then(
          read(wire.CustomFlowDefinition, 'CustomFlowDefinition'),
        ),
      create: (input) =>
        unwrap(client.POST('/CustomFlows', { body: input })).then(
          read(wire.CustomFlowDefinition, 'CustomFlowDefinition'),
        ),
      update: (id, input) =>
        unwrap(client.PUT('/CustomFlows/{id}', { params: { path: { id } }, body: input })).then(
          read(wire.CustomFlowDefinition, 'CustomFlowDefinition'),
        ),
      remove: (id) =>
        unwrap(client.DELETE('/CustomFlows/{id}', { params: { path: { id } } })).then(
          read(wire.DeleteResult, 'DeleteResult'),
        ),
      history: (id, params) =>
        unwrap(client.GET('/CustomFlows/{id}/History', history(id, params))).then(
          read(wire.HistoryList, 'HistoryList'),
        ),
      revert: (id, entryId) =>
        unwrap(client.POST('/CustomFlows/{id}/History/{entryId}/Revert', entry(id, entryId))).then(
          read(wire.CustomFlowDefinition, 'CustomFlowDefinition'),
        ),
      exportUrl: (params) => exportUrl('/CustomFlows/Export', exportQuery('exportCustomFlows', params)),
      removeMany: (ids) =>
        unwrap(client.POST('/CustomFlows/BulkDelete', { body: { ids: [...ids] } }))
          .then(read(wire.BulkResult, 'BulkResult'))
          .then((r) => r.count),
      usage: (id) =>
        unwrap(client.GET('/CustomFlows/{id}/Usage', { params: { path: { id } } })).then(
          read(wire.EntityUsage, 'EntityUsage'),
        ),
    },
    users: {
      list: (params) =>
        unwrap(client.GET('/Users', { params: { query: listQuery('listUsers', params) } })).then(
          read(wire.UserList, 'UserList'),
        ),
      get: (id) =>
        unwrap(client.GET('/Users/{id}', { params: { path: { id } } })).then(read(wire.UserDetail, 'UserDetail')),
      remove: (id) => unwrapVoid(client.DELETE('/Users/{id}', { params: { path: { id } } })),
      exportUrl: (params) => exportUrl('/Users/Export', exportQuery('exportUsers', params)),
      removeMany: (ids) =>
        unwrap(client.POST('/Users/BulkDelete', { body: { ids: [...ids] } }))
          .then(read(wire.BulkResult, 'BulkResult'))
          .then((r) => r.count),
    },
  };
}
