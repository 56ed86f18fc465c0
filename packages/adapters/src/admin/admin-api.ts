// The admin console's calls (spec §7) over the typed API client. Every list is one page of
// the server (page, pageSize, search, sort, order → { items, total }); nothing here fetches
// per row. Bodies and answers are the contract's generated types; every answer is checked by
// its schema's generated validator before the console reads it.

import type { AccessRequestDecision } from '@portal/core';
import type { Query, Schema } from '@portal/contract';
import type { ApiClient, FetchResult } from '../http/client.ts';
import { decodeWire, type Validator } from '@portal/contract/decode';
import * as wire from '@portal/contract/validators';
import { unwrap, unwrapVoid } from '../http/client.ts';
import { administrableApplications } from '../http/administrable.ts';
import { uploadApplicationImage } from '../http/image-upload.ts';
import { decisionBody } from '../http/access-request.ts';
import { exportQuery, listQuery, pageQuery } from './list-query.ts';
import {
  entityCalls,
  type BulkRemovable,
  type EntityApi,
  type ExportParams,
  type ListedEntityApi,
  type UsedEntityApi,
  type UsageOf,
} from './entity-api.ts';
import type {
  AccessRequestDetail,
  AccessRequestSummary,
  AccountAccessDetail,
  AccountAccessInput,
  AccountAccessSummary,
  AdminPage,
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
  Mail,
  MailSettings,
  MailStatus,
  WebhookDeliveryDetail,
  WebhookSigningSecret,
  WebhookSigningSecretCreated,
  ApplicationUsersBulkChange,
  ImportResult,
  Job,
} from './types.ts';

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
  /**
   * Several users' access changed at once, all or nothing (#20.3), as a job (#28.6): its result says how many users'
   * access changed. `idempotencyKey` names this submit: sent again (a retry), the API answers the first job.
   */
  bulkUpdateApplicationUsers(
    applicationId: string,
    change: ApplicationUsersBulkChange,
    idempotencyKey: string,
  ): Promise<Job>;
  /** Several open requests of one application decided alike, all or nothing (#20.3), as a job (#28.6): how many. */
  decideAccessRequests(
    applicationId: string,
    requestIds: readonly string[],
    decision: AccessRequestDecision,
    idempotencyKey: string,
  ): Promise<Job>;
  /** What CSV text would change: a dry run of the import, nothing written (#20.3). */
  dryRunImport(applicationId: string, csv: string): Promise<ImportResult>;
  /** The import applied, all or nothing, as a job (#28.6): its result is the import's result, applied. */
  startImport(applicationId: string, csv: string, idempotencyKey: string): Promise<Job>;
  /** A job of the application as it stands (#28.6). */
  getJob(applicationId: string, jobId: string): Promise<Job>;
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
  /** The API's mails, newest first, optionally in one state (#29; all_users.read). */
  listMails(params: Pick<ListParams, 'page' | 'pageSize'> & { readonly status?: MailStatus }): Promise<AdminPage<Mail>>;
  /** Whether the API sends mail (an SMTP host is configured) and where the internal copy of access requests goes. */
  getMailSettings(): Promise<MailSettings>;
  /** The active signing secrets (at most two), oldest first. */
  listWebhookSigningSecrets(applicationId: string): Promise<readonly WebhookSigningSecret[]>;
  /** A new signing secret, shown this once; 409 `webhook.secretLimit` while two are active. */
  createWebhookSigningSecret(applicationId: string): Promise<WebhookSigningSecretCreated>;
  deleteWebhookSigningSecret(applicationId: string, secretId: string): Promise<void>;
  uploadLogo(file: Blob, fileName?: string): Promise<Readonly<Schema<'ImageUpload'>>>;
  readonly applications: EntityApi<ApplicationSummary, ApplicationDetail, ApplicationInput> & BulkRemovable & UsageOf;
  readonly attributes: UsedEntityApi<AttributeSummary, AttributeDetail, AttributeInput> & BulkRemovable;
  readonly permissions: UsedEntityApi<PermissionSummary, PermissionDetail, PermissionInput> & BulkRemovable;
  readonly roles: UsedEntityApi<RoleSummary, RoleDetail, RoleInput> & BulkRemovable;
  readonly accountAccesses: UsedEntityApi<AccountAccessSummary, AccountAccessDetail, AccountAccessInput> &
    BulkRemovable;
  readonly customFlows: UsedEntityApi<CustomFlowSummary, CustomFlowDetail, CustomFlowInput> & BulkRemovable;
  readonly users: ListedEntityApi<UserSummary, UserDetail> & UsageOf;
}

export interface AdminApiOptions {
  /** Where the API answers for the browser (the portal's `/api`): downloads are links to it. */
  readonly baseUrl: string;
}

/** The answer checked by the schema's generated validator: a `WireDecodeError` names the bad value's path (ADR 0015). */
const read =
  <T>(validator: Validator<T>, schema: string) =>
  (value: unknown): T =>
    decodeWire(validator, schema, value);

/** The console's global lists, by the name their paths and operations take (`roles`: `/Roles`, `listRoles`,
 * `exportRoles`), each with the validators and schema names of a page of its list and of one entity; the compiler
 * checks each entry against its paths in the contract. */
const kinds = {
  applications: [wire.ApplicationList, 'ApplicationList', wire.Application, 'Application'],
  attributes: [wire.AttributeList, 'AttributeList', wire.Attribute, 'Attribute'],
  permissions: [wire.PermissionList, 'PermissionList', wire.Permission, 'Permission'],
  roles: [wire.RoleList, 'RoleList', wire.Role, 'Role'],
  accountAccesses: [wire.AccountAccessList, 'AccountAccessList', wire.AccountAccess, 'AccountAccess'],
  customFlows: [wire.CustomFlowList, 'CustomFlowList', wire.CustomFlowDefinition, 'CustomFlowDefinition'],
  users: [wire.UserList, 'UserList', wire.UserDetail, 'UserDetail'],
} as const;

/** The path of one application in a download's link. */
const applicationPath = (applicationId: string) => `/Admin/Applications/${encodeURIComponent(applicationId)}`;
export function createAdminApi(client: ApiClient, options: AdminApiOptions = { baseUrl: '/api' }): AdminApi {
  /** A CSV download of `path` (under the API's base URL) with the download's query (`exportQuery`). */
  const exportUrl = (path: string, query: Readonly<Record<string, string | undefined>>) => {
    const search = new URLSearchParams(
      Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, value]])),
    ).toString();
    return `${options.baseUrl.replace(/\/$/, '')}${path}${search === '' ? '' : `?${search}`}`;
  };
  const calls = entityCalls(client, kinds, exportUrl);
  /** The path parameter of a call on one application or access request. */
  const on = (id: string) => ({ params: { path: { id } } });
  /** The path parameters of a call on one thing of an application: a user, a delivery, a signing secret. */
  const under = <Below extends Readonly<Record<string, string>>>(id: string, below: Below) => ({
    params: { path: { ...below, id } },
  });
  /** A job as the API answered it (202 of a submit, 200 of a read). */
  const job = (call: Promise<FetchResult<unknown>>) => unwrap(call).then(read(wire.Job, 'Job'));
  /** The path and the Idempotency-Key of a submit on one application. */
  const submit = (id: string, key: string) => ({ params: { path: { id }, header: { 'Idempotency-Key': key } } });
  /** A page of a picker's options: the roles or the account accesses of one application. */
  const selection =
    (path: '/Admin/Applications/{id}/Selections/Roles' | '/Admin/Applications/{id}/Selections/AccountAccesses') =>
    (applicationId: string, params: ListParams) =>
      unwrap(client.GET(path, { params: { ...on(applicationId).params, query: pageQuery(params) } })).then(
        read(wire.SelectionList, 'SelectionList'),
      );
  return {
    listAdministrableApplications: (params = {}) =>
      administrableApplications(client, params).then(read(wire.AdminApplicationList, 'AdminApplicationList')),
    listAccessRequests: (applicationId, { status, ...params }) =>
      unwrap(
        client.GET('/Admin/Applications/{id}/AccessRequests', {
          params: {
            ...on(applicationId).params,
            query: { ...listQuery('listAccessRequests', params), ...(status === undefined ? {} : { status }) },
          },
        }),
      ).then(read(wire.AccessRequestList, 'AccessRequestList')),
    getAccessRequest: (id) =>
      unwrap(client.GET('/Admin/Applications/AccessRequests/{id}', on(id))).then(
        read(wire.AccessRequest, 'AccessRequest'),
      ),
    decideAccessRequest: (id, decision) =>
      unwrap(client.PUT('/Admin/Applications/AccessRequests/{id}', { ...on(id), body: decisionBody(decision) })).then(
        read(wire.AccessRequest, 'AccessRequest'),
      ),
    listApplicationUsers: (applicationId, params) =>
      unwrap(
        client.GET('/Admin/Applications/{id}/Users', {
          params: { ...on(applicationId).params, query: listQuery('listApplicationUsers', params) },
        }),
      ).then(read(wire.ApplicationUserList, 'ApplicationUserList')),
    applicationUsersExportUrl: (applicationId, params) =>
      exportUrl(`${applicationPath(applicationId)}/Users/Export`, exportQuery('exportApplicationUsers', params)),
    accessRequestsExportUrl: (applicationId, { status, ...params }) =>
      exportUrl(`${applicationPath(applicationId)}/AccessRequests/Export`, {
        ...exportQuery('exportAccessRequests', params),
        ...(status === undefined ? {} : { status }),
      }),
    getApplicationUser: (applicationId, userId) =>
      unwrap(client.GET('/Admin/Applications/{id}/Users/{userId}', under(applicationId, { userId }))).then(
        read(wire.ApplicationUser, 'ApplicationUser'),
      ),
    getApplicationUserAccessReasons: (applicationId, userId) =>
      unwrap(
        client.GET('/Admin/Applications/{id}/Users/{userId}/AccessReasons', under(applicationId, { userId })),
      ).then(read(wire.ApplicationUserAccessReasons, 'ApplicationUserAccessReasons')),
    updateApplicationUser: (applicationId, userId, input) =>
      unwrap(
        client.PUT('/Admin/Applications/{id}/Users/{userId}', { ...under(applicationId, { userId }), body: input }),
      ).then(read(wire.ApplicationUser, 'ApplicationUser')),
    removeApplicationUser: (applicationId, userId) =>
      unwrapVoid(client.DELETE('/Admin/Applications/{id}/Users/{userId}', under(applicationId, { userId }))),
    bulkUpdateApplicationUsers: (applicationId, change, key) =>
      job(client.POST('/Admin/Applications/{id}/Users/Bulk', { ...submit(applicationId, key), body: change })),
    decideAccessRequests: (applicationId, requestIds, decision, key) =>
      job(
        client.POST('/Admin/Applications/{id}/AccessRequests/Decide', {
          ...submit(applicationId, key),
          body: { requestIds: [...requestIds], decision: decisionBody(decision) },
        }),
      ),
    dryRunImport: (applicationId, csv) =>
      unwrap(
        client.POST('/Admin/Applications/{id}/Users/Import', { ...on(applicationId), body: { csv, apply: false } }),
      ).then(read(wire.ApplicationUsersImportResult, 'ApplicationUsersImportResult')),
    startImport: (applicationId, csv, key) =>
      job(
        client.POST('/Admin/Applications/{id}/Users/Import', {
          ...submit(applicationId, key),
          body: { csv, apply: true },
        }),
      ),
    getJob: (applicationId, jobId) =>
      job(client.GET('/Admin/Applications/{id}/Jobs/{jobId}', under(applicationId, { jobId }))),
    selectRoles: selection('/Admin/Applications/{id}/Selections/Roles'),
    selectAccountAccesses: selection('/Admin/Applications/{id}/Selections/AccountAccesses'),
    listWebhookDeliveries: (applicationId, { page, pageSize }) =>
      unwrap(
        client.GET('/Admin/Applications/{id}/WebhookDeliveries', {
          params: { ...on(applicationId).params, query: { page, pageSize } },
        }),
      ).then(read(wire.WebhookDeliveryList, 'WebhookDeliveryList')),
    listMails: ({ page, pageSize, status }) =>
      unwrap(
        client.GET('/Admin/Mails', {
          params: { query: { page, pageSize, ...(status === undefined ? {} : { status }) } },
        }),
      ).then(read(wire.MailList, 'MailList')),
    getMailSettings: () => unwrap(client.GET('/Admin/MailSettings')).then(read(wire.MailSettings, 'MailSettings')),
    getWebhookDelivery: (applicationId, deliveryId) =>
      unwrap(
        client.GET('/Admin/Applications/{id}/WebhookDeliveries/{deliveryId}', under(applicationId, { deliveryId })),
      ).then(read(wire.WebhookDeliveryDetail, 'WebhookDeliveryDetail')),
    sendTestWebhookDelivery: (applicationId) =>
      unwrap(client.POST('/Admin/Applications/{id}/WebhookDeliveries/Test', on(applicationId))).then(
        read(wire.WebhookDelivery, 'WebhookDelivery'),
      ),
    replayWebhookDelivery: (applicationId, deliveryId) =>
      unwrap(
        client.POST(
          '/Admin/Applications/{id}/WebhookDeliveries/{deliveryId}/Replay',
          under(applicationId, { deliveryId }),
        ),
      ).then(read(wire.WebhookDelivery, 'WebhookDelivery')),
    resumeWebhook: (applicationId) =>
      unwrapVoid(client.POST('/Admin/Applications/{id}/Webhook/Resume', on(applicationId))),
    listWebhookSigningSecrets: (applicationId) =>
      unwrap(client.GET('/Admin/Applications/{id}/WebhookSigningSecrets', on(applicationId)))
        .then(read(wire.WebhookSigningSecretList, 'WebhookSigningSecretList'))
        .then((list) => list.secrets),
    createWebhookSigningSecret: (applicationId) =>
      unwrap(client.POST('/Admin/Applications/{id}/WebhookSigningSecrets', on(applicationId))).then(
        read(wire.WebhookSigningSecretCreated, 'WebhookSigningSecretCreated'),
      ),
    deleteWebhookSigningSecret: (applicationId, secretId) =>
      unwrapVoid(
        client.DELETE('/Admin/Applications/{id}/WebhookSigningSecrets/{secretId}', under(applicationId, { secretId })),
      ),
    uploadLogo: (file, fileName) => uploadApplicationImage(client, file, fileName),
    applications: { ...calls.editable('applications'), ...calls.affected('applications') },
    attributes: calls.used('attributes'),
    permissions: calls.used('permissions'),
    roles: calls.used('roles'),
    accountAccesses: calls.used('accountAccesses'),
    customFlows: calls.used('customFlows'),
    users: { ...calls.listed('users'), ...calls.affected('users') },
  };
}
