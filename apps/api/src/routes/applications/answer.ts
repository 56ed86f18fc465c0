// An application as the contract answers it (its links, webhook without its password), and as its history records it.
import type { Transaction } from 'kysely';
import type { components } from '@portal/contract';
import type { Deps } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { cardOf, openRequestCount } from '../../services/access.ts';
import type { EntityNow } from '../history.ts';

type S = components['schemas'];
type Db = Deps['db'] | Transaction<DB>;

export async function applicationDto(db: Db, id: string): Promise<S['Application']> {
  const a = await db
    .selectFrom('applications as a')
    .leftJoin('permissions as p', 'p.id', 'a.admin_permission_id')
    .selectAll('a')
    .select(['p.key as admin_permission_key', openRequestCount])
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!a) throw notFound();
  const [attributes, roles, accesses, flows, hook] = await Promise.all([
    db.selectFrom('application_attributes').selectAll().where('application_id', '=', id).orderBy('position').execute(),
    db.selectFrom('application_roles').selectAll().where('application_id', '=', id).orderBy('position').execute(),
    db
      .selectFrom('application_account_accesses')
      .selectAll()
      .where('application_id', '=', id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('application_custom_flows')
      .selectAll()
      .where('application_id', '=', id)
      .orderBy('position')
      .execute(),
    db.selectFrom('webhooks').selectAll().where('application_id', '=', id).executeTakeFirst(),
  ]);
  return {
    ...cardOf(a),
    homePageUrl: a.home_page_url,
    initiateLoginUri: a.initiate_login_uri,
    sortNumber: a.sort_number,
    adminPermissionId: a.admin_permission_id,
    adminPermissionKey: a.admin_permission_key,
    notificationEmail: a.notification_email,
    accessRequestRequired: a.access_request_required,
    accessRequestAllowed: a.access_request_allowed,
    internalCopyOfAccessRequests: a.internal_copy_of_access_requests,
    roleRequiredOnAccessRequest: a.role_required_on_access_request,
    internal: a.internal,
    released: a.released,
    accessRequestsAmount: Number(a.open ?? 0),
    attributes: attributes.map((l) => ({
      attributeId: l.attribute_id,
      outputInToken: l.output_in_token,
      required: l.required,
      visible: l.visible,
    })),
    roles: roles.map((l) => ({
      roleId: l.role_id,
      permissionId: l.permission_id,
      visible: l.visible,
      default: l.is_default,
    })),
    accountAccessIds: accesses.map((l) => l.account_access_id),
    customFlowIds: flows.map((l) => l.custom_flow_id),
    activationGroups: a.activation_groups,
    requestJustification: a.request_justification as S['RequestJustification'],
    timeBoundAccess: a.time_bound_access,
    maxAccessDays: a.max_access_days,
    requestableAccountAccessIds: accesses.filter((l) => l.requestable).map((l) => l.account_access_id),
    webhook: hook
      ? {
          enabled: hook.enabled,
          endpointUrl: hook.endpoint_url,
          username: hook.username,
          passwordSet: hook.password !== null,
          onGrant: hook.on_grant,
          onRemove: hook.on_remove,
          onUpdate: hook.on_update,
          onAccessRequest: hook.on_access_request,
          headers: hook.headers,
          keyVaultReference: hook.key_vault_reference,
          pauseAfterFailures: hook.pause_after_failures,
          consecutiveFailures: hook.consecutive_failures,
          pausedAt: hook.paused_at ? new Date(hook.paused_at).toISOString() : null,
        }
      : null,
  };
}

export function flatten(dto: S['Application']): Record<string, unknown> {
  const { accessRequestsAmount: _a, adminPermissionKey: _k, released: _r, id: _id, webhook, ...rest } = dto;
  // The pause's state changes by deliveries, not by an edit: not part of the history.
  const settings =
    webhook === null ? null : (({ consecutiveFailures: _f, pausedAt: _p, ...kept }: S['Webhook']) => kept)(webhook);
  return { ...rest, webhook: settings };
}

/**
 * The application as its history records it, and a record as input again: the webhook's password
 * kept when the record says one is set, removed when it says none is.
 */
export function nowOf(dto: S['Application']): EntityNow {
  return {
    recorded: flatten(dto),
    toInput: ({ webhook, ...rest }) => {
      if (webhook === null || typeof webhook !== 'object') return { ...rest, webhook };
      const { passwordSet, ...settings } = webhook as { passwordSet?: unknown };
      return { ...rest, webhook: passwordSet === false ? { ...settings, password: null } : settings };
    },
  };
}
