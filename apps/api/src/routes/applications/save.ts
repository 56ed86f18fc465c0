// Writes an application's input that its checks (input.ts) passed: its row, its links in their order, its webhook
// (the password sealed, #29.5).
import { sql } from 'kysely';
import type { Insertable, Transaction } from 'kysely';
import { applicationRules } from '@portal/core';
import type { components } from '@portal/contract';
import type { DB } from '../../db/schema.ts';
import type { SecretBox } from '../../secrets.ts';
import { sealPassword } from '../../webhooks/secrets.ts';

type S = components['schemas'];

/** The tables that link an application to entities of one kind, in the order of its input (`position`). */
type LinkTable =
  'application_attributes' | 'application_roles' | 'application_account_accesses' | 'application_custom_flows';

/** Replaces the application's rows in a link table by `rows`, in their order (checked against the table by the signature). */
async function writeLinks<T extends LinkTable>(
  trx: Transaction<DB>,
  table: T,
  id: string,
  rows: readonly Omit<Insertable<DB[T]>, 'application_id' | 'position'>[],
): Promise<void> {
  const anyLink: LinkTable = table;
  await trx.deleteFrom(anyLink).where('application_id', '=', id).execute();
  if (rows.length)
    await trx
      .insertInto(anyLink)
      .values(rows.map((row, position) => ({ application_id: id, ...row, position })))
      .execute();
}

/** Writes an input `check` passed. */
export async function save(
  trx: Transaction<DB>,
  id: string,
  given: S['ApplicationInput'],
  isNew: boolean,
  secrets: SecretBox,
): Promise<void> {
  // Core's rules of what is written, the console's too: an internal application is not requestable,
  // directory group names are trimmed.
  const input = applicationRules(given);
  const row = {
    label: input.label.trim(),
    logo_url: input.logoUrl ?? null,
    description: input.description ?? '',
    url: input.url,
    home_page_url: input.homePageUrl ?? null,
    sort_number: input.sortNumber ?? 0,
    admin_permission_id: input.adminPermissionId ?? null,
    notification_email: input.notificationEmail ?? null,
    access_request_required: input.accessRequestRequired ?? false,
    access_request_allowed: input.accessRequestAllowed ?? false,
    internal_copy_of_access_requests: input.internalCopyOfAccessRequests ?? false,
    role_required_on_access_request: input.roleRequiredOnAccessRequest ?? false,
    internal: input.internal ?? false,
    activation_groups: JSON.stringify(input.activationGroups ?? []),
    // Omitted governance settings keep what is stored (#19).
    ...(input.requestJustification === undefined ? {} : { request_justification: input.requestJustification }),
    ...(input.timeBoundAccess === undefined ? {} : { time_bound_access: input.timeBoundAccess }),
    ...(input.maxAccessDays === undefined ? {} : { max_access_days: input.maxAccessDays }),
    // Omitted keeps the stored login-initiation URL (#30.5): a client that does not know it cannot clear it.
    ...(input.initiateLoginUri === undefined ? {} : { initiate_login_uri: input.initiateLoginUri }),
  };
  if (isNew)
    await trx
      .insertInto('applications')
      .values({ id, released: false, ...row })
      .execute();
  else await trx.updateTable('applications').set(row).where('id', '=', id).execute();
  // Which linked account accesses a request may name: as given, else as stored (a newly linked one is requestable).
  const notRequestable = new Set(
    input.requestableAccountAccessIds === undefined
      ? (
          await trx
            .selectFrom('application_account_accesses')
            .select('account_access_id')
            .where('application_id', '=', id)
            .where('requestable', '=', false)
            .execute()
        ).map((r) => r.account_access_id)
      : (input.accountAccessIds ?? []).filter((a) => !(input.requestableAccountAccessIds ?? []).includes(a)),
  );

  const attributes = input.attributes ?? [];
  await writeLinks(
    trx,
    'application_attributes',
    id,
    attributes.map((l) => ({
      attribute_id: l.attributeId,
      output_in_token: l.outputInToken,
      required: l.required,
      visible: l.visible,
    })),
  );
  const roles = input.roles ?? [];
  await writeLinks(
    trx,
    'application_roles',
    id,
    roles.map((l) => ({ role_id: l.roleId, permission_id: l.permissionId, visible: l.visible, is_default: l.default })),
  );
  const accesses = input.accountAccessIds ?? [];
  await writeLinks(
    trx,
    'application_account_accesses',
    id,
    accesses.map((a) => ({ account_access_id: a, requestable: !notRequestable.has(a) })),
  );
  await writeLinks(
    trx,
    'application_custom_flows',
    id,
    (input.customFlowIds ?? []).map((f) => ({ custom_flow_id: f })),
  );

  // Roles removed from the application are taken away from its users.
  const kept = roles.map((r) => r.roleId);
  await sql`UPDATE application_users SET role_ids = ARRAY(SELECT r FROM unnest(role_ids) AS r WHERE r = ANY(${kept}::text[]))
    WHERE application_id = ${id}`.execute(trx);

  const hook = input.webhook;
  if (hook === null || hook === undefined) {
    await trx.deleteFrom('webhooks').where('application_id', '=', id).execute();
  } else {
    const before = await trx
      .selectFrom('webhooks')
      .select(['password', 'pause_after_failures', 'on_access_request'])
      .where('application_id', '=', id)
      .executeTakeFirst();
    // Stored sealed (#29.5); omitted keeps the stored (sealed) one.
    const password =
      hook.password === undefined ? (before?.password ?? null) : sealPassword(secrets, id, hook.password);
    const values = {
      pause_after_failures:
        hook.pauseAfterFailures === undefined ? (before?.pause_after_failures ?? null) : hook.pauseAfterFailures,
      enabled: hook.enabled,
      endpoint_url: hook.endpointUrl,
      username: hook.username ?? null,
      password,
      on_grant: hook.onGrant,
      on_remove: hook.onRemove,
      on_update: hook.onUpdate,
      headers: JSON.stringify(hook.headers ?? []),
      on_access_request: hook.onAccessRequest ?? before?.on_access_request ?? false,
      key_vault_reference: hook.keyVaultReference ?? null,
    };
    await trx
      .insertInto('webhooks')
      .values({ application_id: id, ...values })
      .onConflict((oc) => oc.column('application_id').doUpdateSet(values))
      .execute();
  }
}
