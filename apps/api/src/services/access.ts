// The gate, attribute values, claims, grants and webhook events: the rules shared by the
// portal's calls and the identity provider's internal calls.
import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely, Transaction, Updateable } from 'kysely';
import type { components } from '@portal/contract';
import type { DB } from '../db/schema.ts';
import { badRequest, fieldError, forbidden, notFound } from '../http/errors.ts';
import { recordHistory } from '../history.ts';
import { newId } from '../context.ts';
import { checkValue, requiredAnswer } from './values.ts';
import { queueDecisionMail, type MailQueue } from '../mail/outbox.ts';
import { pruneSources } from './access-sources.ts';

type S = components['schemas'];
type Db = Kysely<DB> | Transaction<DB>;

/** An application's columns (`applications as a`) that its card in the catalogue and its answer begin with. */
export const cardColumns = ['a.id', 'a.label', 'a.logo_url', 'a.description', 'a.url'] as const;

/** The fields an application's card in the catalogue and its answer begin with, from its `cardColumns`. */
export const cardOf = (a: {
  id: string;
  label: string;
  logo_url: string | null;
  description: string;
  url: string;
}) => ({
  id: a.id,
  label: a.label,
  logoUrl: a.logo_url,
  description: a.description,
  url: a.url,
});

/** An application's columns (`applications as a`) that its tile on the launcher shows. */
export const tileColumns = [
  'a.id',
  'a.label',
  'a.logo_url',
  'a.url',
  'a.description',
  'a.internal',
  'a.sort_number',
] as const;

/** An application's tile as the caller's lists show it, from its `tileColumns`. */
export const tileOf = (a: {
  id: string;
  label: string;
  logo_url: string | null;
  url: string;
  description: string;
  internal: boolean;
  sort_number: number;
}) => ({
  id: a.id,
  label: a.label,
  logoUrl: a.logo_url,
  url: a.url,
  description: a.description,
  internal: a.internal,
  sortNumber: a.sort_number,
});

/** The user's open request for the application, if there is one (at most one: a partial unique index). */
export const openRequestOf = (db: Db, applicationId: string, userId: string) =>
  db
    .selectFrom('access_requests')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();

/** The user's access to the application (their row of application_users), if they have it. */
export const accessOf = (db: Db, applicationId: string, userId: string) =>
  db
    .selectFrom('application_users')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** The number of open access requests of the application `a`: a column `open` of a select from `applications as a`. */
export const openRequestCount = sql<
  string | null
>`(SELECT count(*) FROM access_requests r WHERE r.application_id = a.id AND r.status = 'OPEN')`.as('open');

/** The application with the columns the gate and the requests read; 404 when there is none. */
export async function loadApplication(db: Db, id: string) {
  return db
    .selectFrom('applications as a')
    .leftJoin('permissions as p', 'p.id', 'a.admin_permission_id')
    .select([
      ...tileColumns,
      'a.released',
      'a.access_request_allowed',
      'a.access_request_required',
      'a.role_required_on_access_request',
      'p.key as admin_permission_key',
      'a.request_justification',
      'a.time_bound_access',
      'a.max_access_days',
      'a.initiate_login_uri',
    ])
    .where('a.id', '=', id)
    .executeTakeFirstOrThrow(notFound);
}

/**
 * A user's value of attribute `at` (joined as `v`) that counts as not given: none, or not the
 * answer a Yes/No attribute requires (#30.1; core's `isAnswered`, in SQL).
 */
const notAnswered = (
  eb: ExpressionBuilder<DB & { at: DB['attributes']; v: DB['user_attribute_values'] }, 'at' | 'v'>,
) =>
  eb.or([
    eb('v.value', 'is', null),
    eb.and([eb('at.required_value', 'is not', null), eb('v.value', '<>', eb.ref('at.required_value'))]),
  ]);

export async function authCheck(db: Db, userId: string, clientId: string): Promise<S['AuthCheckResult']> {
  const app = await loadApplication(db, clientId);
  const application = {
    id: app.id,
    label: app.label,
    logoUrl: app.logo_url,
    url: app.url,
    initiateLoginUri: app.initiate_login_uri,
    internal: app.internal,
  };
  const grant = await accessOf(db, app.id, userId);
  if (!grant) {
    const open = await openRequestOf(db, app.id, userId);
    if (open) return { status: 'requested', application };
    return { status: 'noAccess', application, requestable: !app.internal && app.access_request_allowed };
  }
  const missing = await db
    .selectFrom('application_attributes as aa')
    .innerJoin('attributes as at', 'at.id', 'aa.attribute_id')
    .leftJoin('user_attribute_values as v', (j) => j.onRef('v.attribute_id', '=', 'at.id').on('v.user_id', '=', userId))
    .select(['at.id', 'at.key', 'at.label', 'at.data_type', 'at.required_value'])
    .where('aa.application_id', '=', app.id)
    .where('aa.required', '=', true)
    .where(notAnswered)
    .orderBy('aa.position')
    .orderBy('at.key')
    .execute();
  if (missing.length) {
    return {
      status: 'missingAttributes',
      application,
      missingAttributes: missing.map((m) => ({
        id: m.id,
        key: m.key,
        label: m.label,
        dataType: m.data_type as S['AttributeDataType'],
        requiredValue: requiredAnswer(m.required_value),
      })),
    };
  }
  const flow = await db
    .selectFrom('application_custom_flows as acf')
    .innerJoin('custom_flows as f', 'f.id', 'acf.custom_flow_id')
    .select(['f.id', 'f.key'])
    .where('acf.application_id', '=', app.id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('custom_flow_attributes as cfa')
          .innerJoin('attributes as at', 'at.id', 'cfa.attribute_id')
          .leftJoin('user_attribute_values as v', (j) =>
            j.onRef('v.attribute_id', '=', 'cfa.attribute_id').on('v.user_id', '=', userId),
          )
          .select('cfa.attribute_id')
          .whereRef('cfa.custom_flow_id', '=', 'f.id')
          .where(notAnswered),
      ),
    )
    .orderBy('acf.position')
    .orderBy('f.key')
    .executeTakeFirst();
  if (flow) return { status: 'customFlow', application, customFlow: { id: flow.id, key: flow.key } };
  return { status: 'ok', application };
}

export interface AttributeRow {
  id: string;
  key: string;
  data_type: string;
  /** The one answer a Yes/No attribute accepts (#30.1); null: any. */
  required_value: string | null;
  editable_by_user: boolean;
  editable_by_others: boolean;
}

/** Stores attribute values (null deletes) after checking that each key is allowed and typed right. */
export async function storeValues(
  trx: Transaction<DB>,
  options: {
    userId: string;
    by: string | null;
    values: readonly S['AttributeValueInput'][];
    allowed: ReadonlyMap<string, AttributeRow>;
    editable: (a: AttributeRow) => boolean;
    fieldPrefix: string;
  },
): Promise<void> {
  const seen = new Set<string>();
  options.values.forEach((v, i) => {
    const field = `${options.fieldPrefix}.${i}.value`;
    if (seen.has(v.key)) throw fieldError(`${options.fieldPrefix}.${i}.key`, 'duplicateEntry', 'duplicateEntry');
    seen.add(v.key);
    const attribute = options.allowed.get(v.key);
    if (!attribute)
      throw fieldError(`${options.fieldPrefix}.${i}.key`, 'attributeNotLinked', 'attribute.notLinked', [v.key]);
    if (!options.editable(attribute)) throw fieldError(field, 'notEditable', 'attribute.notEditable');
    checkValue(field, attribute.data_type, v.value, attribute.required_value);
  });
  for (const v of options.values) {
    const attribute = options.allowed.get(v.key);
    if (!attribute) continue;
    const before = await trx
      .selectFrom('user_attribute_values')
      .select('value')
      .where('user_id', '=', options.userId)
      .where('attribute_id', '=', attribute.id)
      .executeTakeFirst();
    if ((before?.value ?? null) === v.value) continue;
    if (v.value === null) {
      await trx
        .deleteFrom('user_attribute_values')
        .where('user_id', '=', options.userId)
        .where('attribute_id', '=', attribute.id)
        .execute();
    } else {
      await trx
        .insertInto('user_attribute_values')
        .values({ user_id: options.userId, attribute_id: attribute.id, value: v.value })
        .onConflict((oc) => oc.columns(['user_id', 'attribute_id']).doUpdateSet({ value: v.value ?? '' }))
        .execute();
    }
    await recordHistory(trx, {
      table: 'user_attribute_values',
      entity: options.userId,
      mode: before ? (v.value === null ? 'DELETE' : 'UPDATE') : 'CREATE',
      by: options.by,
      before: { [v.key]: before?.value ?? null },
      after: { [v.key]: v.value },
    });
  }
}

export async function applicationAttributes(
  db: Db,
  applicationId: string,
  onlyVisible: boolean,
): Promise<Map<string, AttributeRow & { required: boolean; visible: boolean; label: string }>> {
  let q = db
    .selectFrom('application_attributes as aa')
    .innerJoin('attributes as at', 'at.id', 'aa.attribute_id')
    .select([
      'at.id',
      'at.key',
      'at.label',
      'at.data_type',
      'at.required_value',
      'at.editable_by_user',
      'at.editable_by_others',
      'aa.required',
      'aa.visible',
    ])
    .where('aa.application_id', '=', applicationId)
    .orderBy('aa.position')
    .orderBy('at.key');
  if (onlyVisible) q = q.where('aa.visible', '=', true);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.key, r]));
}

export async function valuesOf(db: Db, userId: string, attributeIds: readonly string[]): Promise<Map<string, string>> {
  if (attributeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_attribute_values')
    .select(['attribute_id', 'value'])
    .where('user_id', '=', userId)
    .where('attribute_id', 'in', attributeIds)
    .execute();
  return new Map(rows.map((r) => [r.attribute_id, r.value]));
}

export async function userAttributeValues(
  db: Db,
  userId: string,
  applicationId: string,
  onlyVisible: boolean,
  editable: (a: AttributeRow) => boolean,
): Promise<S['UserAttributeValue'][]> {
  const attrs = [...(await applicationAttributes(db, applicationId, onlyVisible)).values()];
  const values = await valuesOf(
    db,
    userId,
    attrs.map((a) => a.id),
  );
  return attrs.map((a) => ({
    attributeId: a.id,
    key: a.key,
    label: a.label,
    dataType: a.data_type as S['AttributeDataType'],
    value: values.get(a.id) ?? null,
    required: a.required,
    requiredValue: requiredAnswer(a.required_value),
    editable: editable(a),
  }));
}

export async function refsOf(
  db: Db,
  table: 'roles' | 'account_accesses',
  ids: readonly string[],
): Promise<Map<string, S['Ref']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom(table)
    .select(['id', 'key', 'label'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, key: r.key, label: r.label }]));
}

export function pick<T>(map: ReadonlyMap<string, T>, ids: readonly string[]): T[] {
  return ids.flatMap((id) => {
    const v = map.get(id);
    return v ? [v] : [];
  });
}

// ------------------------------------------------------------------ claims

/** The permission keys a user's roles give, sorted (none for a user the directory does not know). */
export async function permissionsOf(db: Db, userId: string): Promise<string[]> {
  const permissions = await sql<{ key: string }>`
    SELECT DISTINCT p.key FROM application_users au
    CROSS JOIN LATERAL unnest(au.role_ids) AS r(role_id)
    JOIN role_permissions rp ON rp.role_id = r.role_id
    JOIN permissions p ON p.id = rp.permission_id
    WHERE au.user_id = ${userId}
    ORDER BY p.key`.execute(db);
  return permissions.rows.map((r) => r.key);
}

export async function claimsOf(db: Db, userId: string): Promise<S['UserClaims']> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound();
  const permissions = await permissionsOf(db, userId);
  const outputs = await sql<{ key: string; value: string }>`
    SELECT DISTINCT at.key, v.value FROM application_users au
    JOIN application_attributes aa ON aa.application_id = au.application_id AND aa.output_in_token
    JOIN attributes at ON at.id = aa.attribute_id
    JOIN user_attribute_values v ON v.attribute_id = at.id AND v.user_id = au.user_id
    WHERE au.user_id = ${userId}
    ORDER BY at.key`.execute(db);
  const attributes: S['UserClaims']['hkData']['attributes'] = { firstName: user.first_name, lastName: user.last_name };
  for (const o of outputs.rows) if (o.key !== 'firstName' && o.key !== 'lastName') attributes[o.key] = o.value;
  return {
    sub: user.id,
    email: user.email,
    given_name: user.first_name,
    family_name: user.last_name,
    name: user.full_name,
    internal: user.internal,
    language: user.language as S['Language'],
    hkData: { attributes, permissions },
  };
}

// ------------------------------------------------------------------ grants and webhooks

export type WebhookEvent = 'GRANT' | 'REMOVE' | 'UPDATE';
/** The access request's life (#19), sent when the webhook has onAccessRequest. */
export type RequestWebhookEvent =
  | 'ACCESS_REQUEST_CREATED'
  | 'ACCESS_REQUEST_ACCEPTED'
  | 'ACCESS_REQUEST_DENIED'
  | 'ACCESS_REQUEST_CANCELLED'
  | 'ACCESS_REQUEST_EXPIRED';

export async function queueWebhook(
  trx: Transaction<DB>,
  applicationId: string,
  userId: string,
  event: WebhookEvent | RequestWebhookEvent,
  detail: {
    roleIds: readonly string[];
    accountAccessIds: readonly string[];
    endsAt?: string | null;
    [more: string]: unknown;
  },
): Promise<boolean> {
  const hook = await trx
    .selectFrom('webhooks')
    .selectAll()
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  if (!hook?.enabled) return false;
  const wanted =
    event === 'GRANT'
      ? hook.on_grant
      : event === 'REMOVE'
        ? hook.on_remove
        : event === 'UPDATE'
          ? hook.on_update
          : hook.on_access_request;
  if (!wanted) return false;
  await insertDelivery(trx, {
    applicationId,
    event,
    userId,
    payload: (id) => ({ id, event, applicationId, userId, ...detail, occurredAt: new Date().toISOString() }),
    replayOf: null,
  });
  return true;
}

/** Queues one delivery to the application's webhook, due now: its payload made with its new id; the row. */
export async function insertDelivery(
  trx: Transaction<DB>,
  delivery: {
    applicationId: string;
    event: string;
    userId: string;
    payload: (id: string) => unknown;
    /** The delivery this one sends again. */
    replayOf: string | null;
  },
) {
  const id = newId();
  return trx
    .insertInto('webhook_deliveries')
    .values({
      id,
      application_id: delivery.applicationId,
      event: delivery.event,
      user_id: delivery.userId,
      payload: JSON.stringify(delivery.payload(id)),
      status: 'PENDING',
      next_attempt_at: new Date(),
      replay_of: delivery.replayOf,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Checks role ids against the application's role links (and the link's permission). */
export async function checkRoles(
  db: Db,
  applicationId: string,
  roleIds: readonly string[],
  permissions: ReadonlySet<string> | 'all',
  field: string,
): Promise<void> {
  if (roleIds.length === 0) return;
  const links = await db
    .selectFrom('application_roles as ar')
    .leftJoin('permissions as p', 'p.id', 'ar.permission_id')
    .select(['ar.role_id', 'p.key'])
    .where('ar.application_id', '=', applicationId)
    .where('ar.role_id', 'in', [...roleIds])
    .execute();
  const byRole = new Map(links.map((l) => [l.role_id, l.key]));
  roleIds.forEach((id, i) => {
    if (!byRole.has(id)) throw fieldError(`${field}.${i}`, 'roleNotLinked', 'role.notLinked', [id]);
    const key = byRole.get(id);
    if (key && permissions !== 'all' && !permissions.has(key) && !permissions.has('applications.write'))
      throw forbidden();
  });
}

export async function checkAccountAccesses(
  db: Db,
  applicationId: string,
  ids: readonly string[],
  field: string,
): Promise<void> {
  if (ids.length === 0) return;
  const links = await db
    .selectFrom('application_account_accesses')
    .select('account_access_id')
    .where('application_id', '=', applicationId)
    .where('account_access_id', 'in', [...ids])
    .execute();
  const linked = new Set(links.map((l) => l.account_access_id));
  ids.forEach((id, i) => {
    if (!linked.has(id)) throw fieldError(`${field}.${i}`, 'accountAccessNotLinked', 'accountAccess.notLinked', [id]);
  });
}

const isoOrNull = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** A user's access to an application: the roles and account accesses it gives. */
interface Access {
  applicationId: string;
  userId: string;
  roleIds: readonly string[];
  accountAccessIds: readonly string[];
}

/**
 * Grants or updates a user's access; queues GRANT or UPDATE; returns whether a webhook was queued.
 * `endsAt` (#19): undefined keeps the stored end (none for a new grant), null removes it, a time sets it
 * (with `endsRequestId`, the accepted request that set it; an end moved without one stays the end of the
 * request it came from, which expires with it); the webhook's payload carries the end.
 */
export async function grant(
  trx: Transaction<DB>,
  options: Access & {
    by: string | null;
    endsAt?: Date | null;
    endsRequestId?: string;
  },
): Promise<boolean> {
  const before = await accessOf(trx, options.applicationId, options.userId);
  const entity = `${options.applicationId}:${options.userId}`;
  const endsAt = options.endsAt === undefined ? isoOrNull(before?.ends_at) : isoOrNull(options.endsAt);
  const endsRequestId =
    options.endsAt === undefined
      ? (before?.ends_request_id ?? null)
      : options.endsAt === null
        ? null
        : (options.endsRequestId ?? before?.ends_request_id ?? null);
  const after = { roleIds: [...options.roleIds], accountAccessIds: [...options.accountAccessIds] };
  // The end is recorded and sent only when there is one or was one (entries of grants without an end stay as they were).
  const withEnd = (row: typeof after, end: string | null) => (end === null ? row : { ...row, endsAt: end });
  if (before) {
    const beforeEnd = isoOrNull(before.ends_at);
    const endChanged = beforeEnd !== endsAt;
    await trx
      .updateTable('application_users')
      .set({
        role_ids: after.roleIds,
        account_access_ids: after.accountAccessIds,
        ...(endChanged ? { ends_at: endsAt, ends_request_id: endsRequestId, reminded_at: null } : {}),
      })
      .where('application_id', '=', options.applicationId)
      .where('user_id', '=', options.userId)
      .execute();
    const changed =
      endChanged ||
      JSON.stringify([before.role_ids, before.account_access_ids]) !==
        JSON.stringify([after.roleIds, after.accountAccessIds]);
    if (!changed) return false;
    // What granted a role or account access taken away, or added anew, no longer applies (#29).
    await pruneSources(trx, options.applicationId, options.userId, {
      roleIds: before.role_ids.filter((id) => after.roleIds.includes(id)),
      accountAccessIds: before.account_access_ids.filter((id) => after.accountAccessIds.includes(id)),
    });
    await recordHistory(trx, {
      table: 'application_users',
      entity,
      mode: 'UPDATE',
      by: options.by,
      before: { roleIds: before.role_ids, accountAccessIds: before.account_access_ids, endsAt: beforeEnd },
      after: endChanged ? { ...after, endsAt } : after,
    });
    return queueWebhook(trx, options.applicationId, options.userId, 'UPDATE', withEnd(after, endsAt));
  }
  await trx
    .insertInto('application_users')
    .values({
      application_id: options.applicationId,
      user_id: options.userId,
      role_ids: after.roleIds,
      account_access_ids: after.accountAccessIds,
      ends_at: endsAt,
      ends_request_id: endsRequestId,
    })
    .execute();
  await recordHistory(trx, {
    table: 'application_users',
    entity,
    mode: 'CREATE',
    by: options.by,
    after: withEnd(after, endsAt),
  });
  return queueWebhook(trx, options.applicationId, options.userId, 'GRANT', withEnd(after, endsAt));
}

export async function removeGrant(
  trx: Transaction<DB>,
  applicationId: string,
  userId: string,
  by: string | null,
): Promise<boolean> {
  const before = await trx
    .deleteFrom('application_users')
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!before) throw notFound();
  await recordHistory(trx, { table: 'application_users', entity: `${applicationId}:${userId}`, mode: 'DELETE', by });
  return queueWebhook(trx, applicationId, userId, 'REMOVE', {
    roleIds: before.role_ids,
    accountAccessIds: before.account_access_ids,
  });
}

/**
 * A user granted access directly: their open requests for the application count as accepted with
 * that access (the requester's mail says so, #29, when `mail` is given).
 */
export async function acceptOpenRequests(
  trx: Transaction<DB>,
  options: Access & { by: string; mail?: MailQueue | undefined },
): Promise<boolean> {
  const open = await trx
    .updateTable('access_requests')
    .set({
      status: 'ACCEPTED',
      decided_at: new Date(),
      decided_by: options.by,
      role_ids: [...options.roleIds],
      account_access_ids: [...options.accountAccessIds],
    })
    .where('application_id', '=', options.applicationId)
    .where('user_id', '=', options.userId)
    .where('status', '=', 'OPEN')
    .returningAll()
    .execute();
  let queued = false;
  for (const r of open) {
    await recordClosing(trx, r.id, options.by, { status: 'ACCEPTED' });
    await queueDecisionMail(trx, options.mail, r.id);
    if (await queueRequestEvent(trx, r, 'ACCESS_REQUEST_ACCEPTED')) queued = true;
  }
  return queued;
}

/**
 * Closes the open request `id` in `trx` (accepted, denied or cancelled by `by`, decided `at`,
 * now unless given): `set` on its row and one history entry from OPEN to `recorded`. The row as it is now.
 */
export async function closeRequest(
  trx: Transaction<DB>,
  request: { id: string; by: string; at?: Date },
  set: Updateable<DB['access_requests']> & { status: 'ACCEPTED' | 'DENIED' | 'CANCELLED' },
  recorded: Record<string, unknown>,
) {
  const closed = await trx
    .updateTable('access_requests')
    .set({ ...set, decided_at: request.at ?? new Date(), decided_by: request.by })
    .where('id', '=', request.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordClosing(trx, request.id, request.by, recorded);
  return closed;
}

/** The history entry of a request closed by `by`: from OPEN to `recorded`. */
function recordClosing(trx: Transaction<DB>, id: string, by: string, recorded: Record<string, unknown>) {
  return recordHistory(trx, {
    table: 'access_requests',
    entity: id,
    mode: 'UPDATE',
    by,
    before: { status: 'OPEN' },
    after: recorded,
  });
}

/** The access request events' payload (#19, docs/webhooks.md): the request as it is now. */
export async function queueRequestEvent(
  trx: Transaction<DB>,
  r: {
    id: string;
    application_id: string;
    user_id: string;
    status: string;
    account_access_id: string | null;
    role_id: string | null;
    requested_ends_at: Date | string | null;
    role_ids: string[];
    account_access_ids: string[];
    ends_at: Date | string | null;
    reason: string | null;
  },
  event: RequestWebhookEvent,
): Promise<boolean> {
  return queueWebhook(trx, r.application_id, r.user_id, event, {
    requestId: r.id,
    status: r.status,
    requestedAccountAccessId: r.account_access_id,
    requestedRoleId: r.role_id,
    requestedEndsAt: isoOrNull(r.requested_ends_at),
    roleIds: r.role_ids,
    accountAccessIds: r.account_access_ids,
    endsAt: isoOrNull(r.ends_at),
    reason: r.reason,
  });
}

export function uniqueOrThrow(ids: readonly string[], field: string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) throw badRequest([{ key: 'duplicateEntry', field: `${field}.${i}` }], 'duplicateEntry');
    seen.add(id);
  });
}
