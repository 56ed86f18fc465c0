// Table types for Kysely. Column names are snake_case in SQL and here.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

interface Address {
  street?: string;
  postalCode?: string;
  city?: string;
  country?: string;
}

interface ActivationGroupRow {
  directoryGroupName: string;
  roleIds: string[];
  accountAccessIds: string[];
}

interface WebhookHeaderRow {
  key: string;
  value: string;
}

interface UsersTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  full_name: ColumnType<string, never, never>;
  company_name: string | null;
  address: Json<Address | null> | null;
  language: string;
  internal: boolean;
  created_at: GeneratedTimestamp;
  search: ColumnType<string, never, never>;
  /** The issuer of the user's tokens and their `sub` there (0020, ADR 0029), from the call that created them; null before. */
  issuer: Generated<string | null>;
  subject: Generated<string | null>;
}

interface PermissionsTable {
  id: string;
  key: string;
  description: string;
}

interface ApplicationsTable {
  id: string;
  label: string;
  logo_url: string | null;
  description: string;
  url: string;
  home_page_url: string | null;
  sort_number: number;
  admin_permission_id: string | null;
  notification_email: string | null;
  access_request_required: boolean;
  access_request_allowed: boolean;
  internal_copy_of_access_requests: boolean;
  role_required_on_access_request: boolean;
  internal: boolean;
  released: boolean;
  activation_groups: Json<ActivationGroupRow[]>;
  search: ColumnType<string, never, never>;
  /** Whether a request must carry a justification: 'required' | 'optional' (migration 0011). */
  request_justification: Generated<string>;
  /** Access may end at a date; the latest end is max_access_days ahead (null: no maximum). */
  time_bound_access: Generated<boolean>;
  max_access_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** Where the application starts its own sign-in (OIDC Core §4, migration 0017); null: none. */
  initiate_login_uri: ColumnType<string | null, string | null | undefined, string | null>;
}

interface WebhooksTable {
  application_id: string;
  enabled: boolean;
  endpoint_url: string;
  username: string | null;
  /** The basic-auth password, sealed (src/webhooks/secrets.ts, migration 0012). */
  password: string | null;
  on_grant: boolean;
  on_remove: boolean;
  on_update: boolean;
  headers: Json<WebhookHeaderRow[]>;
  key_vault_reference: string | null;
  /** The active signing secrets, oldest first, at most two (migration 0006), each sealed (0012). */
  signing_secrets: ColumnType<SigningSecretRow[], string | undefined, string>;
  /** Pause after this many failed deliveries in a row; null: never (migration 0010). */
  pause_after_failures: ColumnType<number | null, number | null | undefined, number | null>;
  consecutive_failures: Generated<number>;
  /** Set when the webhook paused itself; its deliveries wait until it is resumed. */
  paused_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Send the access request events (migration 0011). */
  on_access_request: Generated<boolean>;
}

interface SigningSecretRow {
  id: string;
  /** Sealed (src/webhooks/secrets.ts, migration 0012). */
  secret: string;
  createdAt: string;
}

interface AttributesTable {
  id: string;
  key: string;
  label: string;
  data_type: string;
  /** A Yes/No attribute's one accepted answer, 'true' or 'false' (#30.1, migration 0012); null: any. */
  required_value: Generated<string | null>;
  permission_id: string | null;
  directory_link: string | null;
  editable_by_user: boolean;
  editable_by_others: boolean;
}

interface RolesTable {
  id: string;
  key: string;
  label: string;
  description: string;
}

interface RolePermissionsTable {
  role_id: string;
  permission_id: string;
}

interface AccountAccessesTable {
  id: string;
  key: string;
  label: string;
  parent_id: string | null;
  parent_determination_method: string;
  child_determination_method: string;
  attribute_id: string | null;
}

interface CustomFlowsTable {
  id: string;
  key: string;
  label: string;
  description: string;
}

interface CustomFlowAttributesTable {
  custom_flow_id: string;
  attribute_id: string;
  position: number;
}

interface ApplicationAttributesTable {
  application_id: string;
  attribute_id: string;
  output_in_token: boolean;
  required: boolean;
  visible: boolean;
  position: number;
}

interface ApplicationRolesTable {
  application_id: string;
  role_id: string;
  permission_id: string | null;
  visible: boolean;
  is_default: boolean;
  position: number;
}

interface ApplicationAccountAccessesTable {
  application_id: string;
  account_access_id: string;
  position: number;
  /** A request may name it (migration 0011). */
  requestable: Generated<boolean>;
}

interface ApplicationCustomFlowsTable {
  application_id: string;
  custom_flow_id: string;
  position: number;
}

interface ApplicationUsersTable {
  application_id: string;
  user_id: string;
  access_since: GeneratedTimestamp;
  role_ids: ColumnType<string[], string[], string[]>;
  account_access_ids: ColumnType<string[], string[], string[]>;
  /** The end of a time-bound grant; the expiry job removes it after (migration 0011). */
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The accepted request that set ends_at (marked EXPIRED when the grant ends). */
  ends_request_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the user was reminded that the grant ends soon. */
  reminded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** What granted a user's access where the history cannot tell: default roles, activation groups (migration 0013). */
interface ApplicationUserSourcesTable {
  application_id: string;
  user_id: string;
  item_kind: 'ACCESS' | 'ROLE' | 'ACCOUNT_ACCESS';
  /** The role's or account access's id; '' for the access itself. */
  item_id: string;
  kind: 'HELD' | 'DIRECT_GRANT' | 'ACCESS_REQUEST' | 'DEFAULT_ROLE' | 'ACTIVATION_GROUP';
  /** The activation group's directory group name (ACTIVATION_GROUP, and DEFAULT_ROLE given with its grant); '' else. */
  directory_group_name: Generated<string>;
  access_request_id: string | null;
  granted_at: GeneratedTimestamp;
  granted_by: string | null;
  granted_by_name: string | null;
}

/** When a user's directory groups were last applied: the issue time of their token (migration 0014). */
interface UserGroupSyncsTable {
  user_id: string;
  token_issued_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  synced_at: GeneratedTimestamp;
}

/** A user's pinned launcher tiles, `position` 0 first (migration 0007). */
interface UserFavouritesTable {
  user_id: string;
  application_id: string;
  position: number;
}

/** A user's newest launch of each application from the launcher, the last few kept (migration 0008). */
interface UserLaunchesTable {
  user_id: string;
  application_id: string;
  launched_at: GeneratedTimestamp;
}

interface UserAttributeValuesTable {
  user_id: string;
  attribute_id: string;
  value: string;
}

interface AccessRequestsTable {
  id: string;
  application_id: string;
  user_id: string;
  status: string;
  requested_at: GeneratedTimestamp;
  account_access_id: string | null;
  role_id: string | null;
  comment: string | null;
  decided_at: Timestamp | null;
  decided_by: string | null;
  reason: string | null;
  role_ids: ColumnType<string[], string[] | undefined, string[]>;
  account_access_ids: ColumnType<string[], string[] | undefined, string[]>;
  /** Migration 0011: the end asked for, the answers ({ key, label, value }[]), the end set on acceptance, when the access ended. */
  requested_ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  answers: ColumnType<RequestAnswerRow[], string | undefined, string>;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  expired_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface RequestAnswerRow {
  key: string;
  label: string;
  value: string;
}

/** What the API left for a user on the launcher (migration 0011); `kind` is a MyNotificationKind. */
interface UserNotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  application_id: string;
  application_label: string;
  request_id: string | null;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: GeneratedTimestamp;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

interface HistoryTable {
  id: Generated<string>;
  table_name: string;
  entity: string;
  mode: string;
  field: string | null;
  value: string | null;
  updated_at: GeneratedTimestamp;
  updated_by: string | null;
  /** The value before an UPDATE (0004). */
  old_value: Generated<string | null>;
  /** The author's full name when the change was made (0004). */
  updated_by_name: Generated<string | null>;
  /** HistoryRefRow[] as JSON: the entities the old or new value names, with their labels then (0004). */
  refs: ColumnType<HistoryRefRow[], string | undefined, string>;
}

/** An entity a history value names: `kind` is a HistoryRefKind of the contract. */
export interface HistoryRefRow {
  kind: string;
  id: string;
  label: string;
}

interface ImagesTable {
  id: string;
  content: string;
  created_at: GeneratedTimestamp;
}

interface WebhookDeliveriesTable {
  id: string;
  application_id: string;
  event: string;
  user_id: string;
  payload: Json<unknown>;
  status: string;
  attempts: Generated<number>;
  response_status: number | null;
  error: string | null;
  created_at: GeneratedTimestamp;
  last_attempt_at: Timestamp | null;
  next_attempt_at: Timestamp | null;
  /** The API instance that holds the delivery (migration 0005), until `claimed_until`. */
  claimed_by: string | null;
  claimed_until: Timestamp | null;
  /** The delivery this one sends again (migration 0006). */
  replay_of: string | null;
}

/** One attempt of a webhook delivery (migration 0009); secret header values are masked before they are stored. */
interface WebhookDeliveryAttemptsTable {
  delivery_id: string;
  attempt: number;
  started_at: Timestamp;
  duration_ms: number;
  request_headers: Json<{ name: string; value: string }[]>;
  response_status: number | null;
  /** The first 2 KB of the answer's body. */
  response_body: string | null;
  error: string | null;
}

// The list versions and trigger-kept counts (migrations 0002, 0003, 0018): one row per server
// backend that wrote (`backend` = pg_backend_pid(), 0 = what `fold_counters()` folded); the
// figure is the sum of a key's rows.
interface ListVersionsTable {
  table_name: string;
  backend: number;
  version: string;
}

interface ApplicationUserCountsTable {
  application_id: string;
  backend: number;
  n: string;
}

interface RowCountsTable {
  table_name: string;
  backend: number;
  n: ColumnType<string, string | number, string | number>;
}

/** A mail of the outbox (migration 0012): rendered when queued, sent by src/mail/sender.ts. */
interface MailOutboxTable {
  id: string;
  /** What the mail is about (MailKind): ACCESS_REQUESTED, REQUEST_ACCEPTED, REQUEST_DENIED, ACCESS_EXPIRING, ACCESS_EXPIRED. */
  kind: string;
  recipient: string;
  language: string;
  subject: string;
  text_body: string;
  html_body: string;
  application_id: string | null;
  request_id: string | null;
  /** PENDING (to be sent, maybe again), SENT, FAILED (the attempts ran out). */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: GeneratedTimestamp;
  /** The API instance that holds the mail, until `claimed_until`. */
  claimed_by: string | null;
  claimed_until: Timestamp | null;
  last_attempt_at: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

/** A job (migration 0019, ADR 0025): work that outlasts a request, run by src/jobs/runner.ts. */
interface JobsTable {
  id: string;
  /** USERS_IMPORT, USERS_BULK, ACCESS_REQUESTS_DECIDE. */
  kind: string;
  application_id: string;
  /** The user who submitted it. */
  created_by: string;
  /** The submitter's permissions when it was accepted: the work's rules read them. */
  permissions: string[];
  /** The request's body. */
  input: Json<unknown>;
  body_hash: string;
  idempotency_key: string | null;
  /** QUEUED, RUNNING, SUCCEEDED (its work committed with it), FAILED (nothing changed). */
  status: Generated<string>;
  done: Generated<number>;
  total: number | null;
  /** SUCCEEDED: the answer the call gave before it was a job. */
  result: Json<unknown> | null;
  /** FAILED: the refusal (message keys, translated when read). */
  error: Json<unknown> | null;
  /** Claims so far (a taken-over job counts again). */
  attempts: Generated<number>;
  /** The API instance running it, until `claimed_until` (renewed while it runs). */
  claimed_by: string | null;
  claimed_until: Timestamp | null;
  created_at: GeneratedTimestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface DB {
  row_counts: RowCountsTable;
  list_versions: ListVersionsTable;
  application_user_counts: ApplicationUserCountsTable;
  users: UsersTable;
  permissions: PermissionsTable;
  applications: ApplicationsTable;
  webhooks: WebhooksTable;
  attributes: AttributesTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  account_accesses: AccountAccessesTable;
  custom_flows: CustomFlowsTable;
  custom_flow_attributes: CustomFlowAttributesTable;
  application_attributes: ApplicationAttributesTable;
  application_roles: ApplicationRolesTable;
  application_account_accesses: ApplicationAccountAccessesTable;
  application_custom_flows: ApplicationCustomFlowsTable;
  application_users: ApplicationUsersTable;
  application_user_sources: ApplicationUserSourcesTable;
  user_group_syncs: UserGroupSyncsTable;
  user_attribute_values: UserAttributeValuesTable;
  user_favourites: UserFavouritesTable;
  user_launches: UserLaunchesTable;
  access_requests: AccessRequestsTable;
  user_notifications: UserNotificationsTable;
  history: HistoryTable;
  images: ImagesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
}
