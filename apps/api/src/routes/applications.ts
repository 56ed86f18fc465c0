// Global administration of applications (applications.read / applications.write), their
// links, webhook settings (password write-only), history and logo upload.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Insertable, Transaction } from 'kysely';
import { applicationRules, directoryGroupNameProblems, isHttpUrl } from '@portal/core';
import type { components } from '@portal/contract';
import { newId, requirePermission } from '../context.ts';
import type { AppEnv, Deps } from '../context.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { readJson } from '../http/body.ts';
import { ApiError, badRequest, notFound, unlessNotFound } from '../http/errors.ts';
import type { FieldProblem } from '../http/errors.ts';
import { parseList, type ListQuery } from '../http/list.ts';
import { csvDownload } from '../http/csv.ts';
import { csvFields } from './csv-fields.ts';
import { recordHistory } from '../history.ts';
import { isForbiddenHeaderName, isValidHeaderValue } from '../webhooks/headers.ts';
import { sealPassword } from '../webhooks/secrets.ts';
import type { SecretBox } from '../secrets.ts';
import { historyList, revertOfDeleted, revertedInput, someHistory, type EntityNow, type Undo } from './history.ts';
import { imageRoutes } from './images.ts';
import { cardOf, openRequestCount } from '../services/access.ts';
import { applicationUsage } from '../services/usage.ts';

type S = components['schemas'];
type Db = Deps['db'] | Transaction<DB>;

const applicationCsvColumns = csvFields<S['ApplicationSummary']>(
  'id',
  'label',
  'url',
  'description',
  'internal',
  'sortNumber',
  'released',
);

async function applicationDto(db: Db, id: string): Promise<S['Application']> {
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

async function checkExisting(
  trx: Database | Transaction<DB>,
  table: 'permissions' | 'attributes' | 'roles' | 'account_accesses' | 'custom_flows',
  wanted: readonly { id: string; field: string }[],
): Promise<void> {
  if (wanted.length === 0) return;
  const found = new Set(
    (
      await trx
        .selectFrom(table)
        .select('id')
        .where('id', 'in', [...new Set(wanted.map((w) => w.id))])
        .execute()
    ).map((r) => r.id),
  );
  const missing = wanted.filter((w) => !found.has(w.id));
  if (missing.length)
    throw badRequest(
      missing.map((m): FieldProblem => ({ key: 'referenceNotFound', field: m.field, args: [m.id] })),
      'referenceNotFound',
      'reference.notFound',
    );
}

/**
 * Every entry after the first of the same value (trimmed, case-insensitive: header names and
 * directory group names are), as 'Doppelter Eintrag' on `${field}.${i}${suffix}`.
 */
function duplicates(values: readonly string[], field: string, suffix = ''): FieldProblem[] {
  const seen = new Set<string>();
  return values.flatMap((v, i) => {
    const k = v.trim().toLowerCase();
    if (seen.has(k)) return [{ key: 'duplicateEntry' as const, field: `${field}.${i}${suffix}` }];
    seen.add(k);
    return [];
  });
}

function validateInput(input: S['ApplicationInput'], allowHttpWebhooks: boolean): void {
  const problems: FieldProblem[] = [];
  const urlField = (field: string, value: string | null | undefined) => {
    if (value === null || value === undefined || value.startsWith('/Applications/Image/')) return;
    if (!isHttpUrl(value)) problems.push({ key: 'url', field, args: [value] });
  };
  urlField('url', input.url);
  urlField('homePageUrl', input.homePageUrl);
  urlField('initiateLoginUri', input.initiateLoginUri);
  urlField('logoUrl', input.logoUrl);
  problems.push(
    ...duplicates(
      (input.attributes ?? []).map((l) => l.attributeId),
      'attributes',
    ),
  );
  problems.push(
    ...duplicates(
      (input.roles ?? []).map((l) => l.roleId),
      'roles',
    ),
  );
  const groups = input.activationGroups ?? [];
  // Core's rule of the names, the console's too: each given (a blank name is missing, #17.18), each once
  // (trimmed, in any letters).
  problems.push(
    ...directoryGroupNameProblems(groups.map((g) => g.directoryGroupName)).map(({ index, problem }) => ({
      key: problem === 'required' ? ('required' as const) : ('duplicateEntry' as const),
      field: `activationGroups.${index}.directoryGroupName`,
    })),
  );
  groups.forEach((g, i) => {
    problems.push(
      ...duplicates(g.roleIds, `activationGroups.${i}.roleIds`),
      ...duplicates(g.accountAccessIds, `activationGroups.${i}.accountAccessIds`),
    );
  });
  const linked = new Set(input.accountAccessIds ?? []);
  (input.requestableAccountAccessIds ?? []).forEach((a, i) => {
    if (!linked.has(a))
      problems.push({ key: 'accountAccessNotLinked', field: `requestableAccountAccessIds.${i}`, args: [a] });
  });
  const hook = input.webhook;
  if (hook) {
    urlField('webhook.endpointUrl', hook.endpointUrl);
    if (!allowHttpWebhooks && hook.endpointUrl.toLowerCase().startsWith('http:'))
      problems.push({ key: 'url', field: 'webhook.endpointUrl', args: [hook.endpointUrl] });
    (hook.headers ?? []).forEach((h, i) => {
      if (isForbiddenHeaderName(h.key))
        problems.push({ key: 'headerForbidden', field: `webhook.headers.${i}.key`, args: [h.key] });
      if (!isValidHeaderValue(h.value)) problems.push({ key: 'invalidValue', field: `webhook.headers.${i}.value` });
    });
    problems.push(
      ...duplicates(
        (hook.headers ?? []).map((h) => h.key),
        'webhook.headers',
        '.key',
      ),
    );
  }
  if (problems.length) {
    const first = problems[0];
    throw new ApiError(400, first?.key ?? 'badRequest', {
      ...(first?.args === undefined ? {} : { args: first.args }),
      problems,
      code: first?.key === 'url' ? 'validation.url' : '400',
    });
  }
}

function flatten(dto: S['Application']): Record<string, unknown> {
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
function nowOf(dto: S['Application']): EntityNow {
  return {
    recorded: flatten(dto),
    toInput: ({ webhook, ...rest }) => {
      if (webhook === null || typeof webhook !== 'object') return { ...rest, webhook };
      const { passwordSet, ...settings } = webhook as { passwordSet?: unknown };
      return { ...rest, webhook: passwordSet === false ? { ...settings, password: null } : settings };
    },
  };
}

/** Every rule of a save (the input's own, the entities it links exist): read-only, before `save`. */
async function check(
  trx: Database | Transaction<DB>,
  input: S['ApplicationInput'],
  allowHttpWebhooks: boolean,
): Promise<void> {
  validateInput(input, allowHttpWebhooks);
  await checkExisting(trx, 'permissions', [
    ...(input.adminPermissionId ? [{ id: input.adminPermissionId, field: 'adminPermissionId' }] : []),
    ...(input.roles ?? []).flatMap((l, i) =>
      l.permissionId ? [{ id: l.permissionId, field: `roles.${i}.permissionId` }] : [],
    ),
  ]);
  await checkExisting(
    trx,
    'attributes',
    (input.attributes ?? []).map((l, i) => ({ id: l.attributeId, field: `attributes.${i}.attributeId` })),
  );
  await checkExisting(trx, 'roles', [
    ...(input.roles ?? []).map((l, i) => ({ id: l.roleId, field: `roles.${i}.roleId` })),
    ...(input.activationGroups ?? []).flatMap((g, i) =>
      g.roleIds.map((r, j) => ({ id: r, field: `activationGroups.${i}.roleIds.${j}` })),
    ),
  ]);
  await checkExisting(trx, 'account_accesses', [
    ...(input.accountAccessIds ?? []).map((a, i) => ({ id: a, field: `accountAccessIds.${i}` })),
    ...(input.activationGroups ?? []).flatMap((g, i) =>
      g.accountAccessIds.map((r, j) => ({ id: r, field: `activationGroups.${i}.accountAccessIds.${j}` })),
    ),
  ]);
  await checkExisting(
    trx,
    'custom_flows',
    (input.customFlowIds ?? []).map((f, i) => ({ id: f, field: `customFlowIds.${i}` })),
  );
}

/** Writes an input `check` passed. */
async function save(
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

export function applicationRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.route('/', imageRoutes(deps));

  const applicationSorts = { sorts: ['label', 'sortNumber', 'id'] as const, defaultSort: 'label' } as const;
  type ApplicationList = ListQuery<'label' | 'sortNumber' | 'id'>;
  const searched = (list: ApplicationList) =>
    db.selectFrom('applications').$if(list.like !== undefined, (q) => q.where('search', 'like', list.like ?? ''));
  /** The applications of a search, in a sort, from an offset. */
  const applicationRows = (list: ApplicationList, limit: number, offset: number) => {
    const order = list.order;
    return searched(list)
      .select(['id', 'label', 'logo_url', 'url', 'description', 'internal', 'sort_number', 'released'])
      .$if(list.sort === 'label', (q) => q.orderBy('label', order).orderBy('id', order))
      .$if(list.sort === 'sortNumber', (q) =>
        q.orderBy('sort_number', order).orderBy('label', order).orderBy('id', order),
      )
      .$if(list.sort === 'id', (q) => q.orderBy('id', order))
      .limit(limit)
      .offset(offset)
      .execute()
      .then((rows) =>
        rows.map((r): S['ApplicationSummary'] => ({
          id: r.id,
          label: r.label,
          logoUrl: r.logo_url,
          url: r.url,
          description: r.description,
          internal: r.internal,
          sortNumber: r.sort_number,
          released: r.released,
        })),
      );
  };

  app.get('/Applications', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'applications.read');
    const list = parseList(c, applicationSorts);
    const [items, total] = await Promise.all([
      applicationRows(list, list.pageSize, list.offset),
      searched(list)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return c.json({ items, total: Number(total.n) } satisfies S['ApplicationList']);
  });

  // The list with its search and sort as CSV (#20.3); before `/Applications/:id`.
  app.get('/Applications/Export', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'applications.read');
    const list = parseList(c, applicationSorts);
    return csvDownload(c, 'anwendungen', applicationCsvColumns, (limit, { offset }) =>
      applicationRows(list, limit, offset),
    );
  });

  app.post('/Applications', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'applications.write');
    const input = await readJson(c, 'ApplicationInput');
    const id = newId();
    const dto = await db.transaction().execute(async (trx) => {
      await check(trx, input, deps.allowHttpWebhooks);
      await save(trx, id, input, true, deps.secrets);
      const created = await applicationDto(trx, id);
      await recordHistory(trx, {
        table: 'applications',
        entity: id,
        mode: 'CREATE',
        by: me.userId,
        after: flatten(created),
      });
      return created;
    });
    return c.json(dto, 201);
  });

  app.get('/Applications/:id', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'applications.read');
    return c.json(await applicationDto(db, c.req.param('id')));
  });

  /** Saves the input made from the application as it is (locked) over it, with its history entry; the application as saved. */
  async function update(
    trx: Transaction<DB>,
    id: string,
    by: string,
    inputFor: (before: S['Application']) => S['ApplicationInput'] | Promise<S['ApplicationInput']>,
  ): Promise<S['Application']> {
    await trx.selectFrom('applications').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    const before = await applicationDto(trx, id);
    const input = await inputFor(before);
    await check(trx, input, deps.allowHttpWebhooks);
    await save(trx, id, input, false, deps.secrets);
    const after = await applicationDto(trx, id);
    const passwordChanged = input.webhook?.password !== undefined;
    await recordHistory(trx, {
      table: 'applications',
      entity: id,
      mode: 'UPDATE',
      by,
      before: flatten(before),
      after: {
        ...flatten(after),
        ...(passwordChanged ? { 'webhook.passwordChanged': new Date().toISOString() } : {}),
      },
    });
    return after;
  }

  app.put('/Applications/:id', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'applications.write');
    const id = c.req.param('id');
    const input = await readJson(c, 'ApplicationInput');
    return c.json(await db.transaction().execute((trx) => update(trx, id, me.userId, () => input)));
  });

  // Undo one change of the history (#19.7): saved as a PUT of the application with the field as it was.
  app.post('/Applications/:id/History/:entryId/Revert', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'applications.write');
    const id = c.req.param('id');
    const at = { table: 'applications', entity: id, entryId: c.req.param('entryId') };
    const dto = await db.transaction().execute(async (trx) => {
      const exists = await trx
        .selectFrom('applications')
        .select('id')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!exists) return revertOfDeleted(trx, at);
      return update(trx, id, me.userId, (before) => revertedInput(trx, at, nowOf(before), 'ApplicationInput'));
    });
    return c.json(dto);
  });

  /** Deletes one application in `trx` (its links and users' access go with it), with history. */
  async function deleteApplication(trx: Transaction<DB>, id: string, by: string): Promise<void> {
    const deleted = await trx.deleteFrom('applications').where('id', '=', id).returning('id').executeTakeFirst();
    if (!deleted) throw notFound();
    await recordHistory(trx, { table: 'applications', entity: id, mode: 'DELETE', by });
  }

  app.delete('/Applications/:id', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'applications.write');
    const id = c.req.param('id');
    await db.transaction().execute((trx) => deleteApplication(trx, id, me.userId));
    return c.body(null, 204);
  });

  // Several at once (#20.3): each as the single delete, all in one transaction; an unknown id deletes nothing.
  app.post('/Applications/BulkDelete', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'applications.write');
    const { ids } = await readJson(c, 'ApplicationBulkIds');
    await db.transaction().execute(async (trx) => {
      const found = new Set(
        (await trx.selectFrom('applications').select('id').where('id', 'in', ids).forUpdate().execute()).map(
          (a) => a.id,
        ),
      );
      const problems = ids.flatMap((id, i) =>
        found.has(id) ? [] : [{ key: 'referenceNotFound' as const, field: `ids.${i}`, args: [id] }],
      );
      if (problems.length) throw badRequest(problems, 'referenceNotFound', 'reference.notFound');
      for (const id of ids) await deleteApplication(trx, id, me.userId);
    });
    return c.json({ count: ids.length } satisfies S['BulkResult']);
  });

  // What a delete would affect (#30.3): the console's delete dialog says it first.
  app.get('/Applications/:id/Usage', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'applications.read');
    const id = c.req.param('id');
    await db.selectFrom('applications').select('id').where('id', '=', id).executeTakeFirstOrThrow(notFound);
    return c.json({ groups: await applicationUsage(db, id) } satisfies S['EntityUsage']);
  });

  app.get('/Applications/:id/History', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'applications.read');
    const id = c.req.param('id');
    // A deleted application's history stays readable; nothing in it can be undone then.
    const dto = await applicationDto(db, id).catch(unlessNotFound);
    if (dto === undefined) await someHistory(db, 'applications', id);
    const undo: Undo<'ApplicationInput'> | undefined =
      dto === undefined
        ? undefined
        : {
            now: nowOf(dto),
            schema: 'ApplicationInput',
            check: (db, input) => check(db, input, deps.allowHttpWebhooks),
          };
    return c.json(await historyList(c, db, 'applications', id, undo));
  });

  return app;
}
