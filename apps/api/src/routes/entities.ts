// Global administration of attributes, permissions, roles, account-access groups and custom
// flows: paged lists, CRUD and history, each behind its read/write permission.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Selectable, Transaction, Updateable } from 'kysely';
import type { components } from '@portal/contract';
import type { Principal } from '../auth.ts';
import { newId, requirePermission } from '../context.ts';
import type { AppEnv, Ctx, Deps, GlobalPermission } from '../context.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { readJson } from '../http/body.ts';
import { badRequest, conflict, fieldError, notFound, unlessNotFound } from '../http/errors.ts';
import type { FieldProblem } from '../http/errors.ts';
import { parseList, type ListQuery } from '../http/list.ts';
import { csvDownload, type CsvColumns } from '../http/csv.ts';
import { recordHistory } from '../history.ts';
import { historyList, revertedInput, someHistory, type EntityNow } from './history.ts';

type S = components['schemas'];
type Table = 'attributes' | 'permissions' | 'roles' | 'account_accesses' | 'custom_flows';

const uuid = (id: string) => {
  if (!/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(id)) throw notFound();
  return id.toLowerCase();
};

async function keyFree(trx: Transaction<DB>, table: Table, key: string, exceptId: string | null): Promise<void> {
  const row = await trx.selectFrom(table).select('id').where('key', '=', key).executeTakeFirst();
  if (row && row.id !== exceptId) throw conflict('keyTaken', 'key.duplicate', [key], 'key');
}

async function mustExist(
  trx: Transaction<DB>,
  table: Table | 'applications',
  ids: readonly string[],
  field: string,
): Promise<void> {
  if (!ids.length) return;
  const found = new Set(
    (
      await trx
        .selectFrom(table)
        .select('id')
        .where('id', 'in', [...new Set(ids)])
        .execute()
    ).map((r) => r.id),
  );
  const problems: FieldProblem[] = ids.flatMap((id, i) =>
    found.has(id)
      ? []
      : [
          {
            key: 'referenceNotFound' as const,
            field: ids.length === 1 && !field.endsWith('s') ? field : `${field}.${i}`,
            args: [id],
          },
        ],
  );
  if (problems.length) throw badRequest(problems, 'referenceNotFound', 'reference.notFound');
}

function unique(ids: readonly string[], field: string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) throw fieldError(`${field}.${i}`, 'duplicateEntry', 'duplicateEntry');
    seen.add(id);
  });
}

/** The row of `table` with this id; 404 when there is none. */
async function rowOf<T extends Table>(
  db: Database | Transaction<DB>,
  table: T,
  id: string,
): Promise<Selectable<DB[T]>> {
  const any: Table = table;
  const row: unknown = await db.selectFrom(any).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row as Selectable<DB[T]>;
}

/** Writes an entity's own row (checked against its table by the signature): inserted with its id when new, else updated. */
async function writeRow<T extends Table>(
  trx: Transaction<DB>,
  table: T,
  id: string,
  row: Updateable<DB[T]>,
  isNew: boolean,
): Promise<void> {
  const any: Table = table;
  if (isNew)
    await trx
      .insertInto(any)
      .values({ id, ...row } as never)
      .execute();
  else
    await trx
      .updateTable(any)
      .set(row as never)
      .where('id', '=', id)
      .execute();
}

/** A list sorted by key or label (by label at first) and searched in both. */
const byKeyAndLabel = {
  sorts: { key: 'key', label: 'label' },
  defaultSort: 'label',
  search: sql<string>`lower(key || ' ' || label)`,
};

/** A global list: its sort keys (→ columns), default sort, selected columns, search text, row mapping and CSV download. */
interface Listing<T> {
  sorts: Record<string, string>;
  defaultSort: string;
  columns: readonly string[];
  search: ReturnType<typeof sql<string>>;
  map: (row: Record<string, unknown>) => T;
  csv: { file: string; columns: CsvColumns<T> };
}

interface Crud<Dto, Input, Summary> {
  path: string;
  table: Table;
  read: GlobalPermission;
  write: GlobalPermission;
  inputSchema: 'AttributeInput' | 'PermissionInput' | 'RoleInput' | 'AccountAccessInput' | 'CustomFlowDefinitionInput';
  /** The list (GET path) and its CSV download (GET path/Export, #20.3). */
  listing: Listing<Summary>;
  get: (db: Database | Transaction<DB>, id: string) => Promise<Dto>;
  save: (trx: Transaction<DB>, id: string, input: Input, isNew: boolean) => Promise<void>;
  history: (dto: Dto) => Record<string, unknown>;
  /** Where the entity is used (#17.15): GET {id}/Usage, and the answer of DELETE. */
  usage?: (db: Database | Transaction<DB>, id: string) => Promise<S['UsageGroup'][]>;
}

type UsageKind = S['UsageGroupKind'];

/** One usage group: `rows` selects `id, label` of the users of one kind; the count and the first five by label. */
async function usageGroup(
  db: Database | Transaction<DB>,
  kind: UsageKind,
  rows: ReturnType<typeof sql>,
): Promise<S['UsageGroup'] | null> {
  const { rows: first } = await sql<{ id: string; label: string; n: string }>`
    SELECT id, label, count(*) OVER () AS n FROM (${rows}) AS x ORDER BY lower(label), id LIMIT 5`.execute(db);
  const count = Number(first[0]?.n ?? 0);
  return count === 0 ? null : { kind, count, first: first.map((r) => ({ id: r.id, label: r.label })) };
}

async function usageGroups(
  db: Database | Transaction<DB>,
  groups: readonly [UsageKind, ReturnType<typeof sql>][],
): Promise<S['UsageGroup'][]> {
  const found: S['UsageGroup'][] = [];
  // One after the other: inside a transaction the queries share one connection anyway.
  for (const [kind, rows] of groups) {
    const group = await usageGroup(db, kind, rows);
    if (group) found.push(group);
  }
  return found;
}

/** Applications whose activation groups name the id under `property` (roleIds or accountAccessIds). */
const activationGroupApps = (property: 'roleIds' | 'accountAccessIds', id: string) => sql`
  SELECT a.id, a.label FROM applications a
  WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(a.activation_groups) g WHERE g -> ${property}::text @> jsonb_build_array(${id}::text))`;

/** Takes the id out of every activation group that names it under `property`. */
async function removeFromActivationGroups(
  trx: Transaction<DB>,
  property: 'roleIds' | 'accountAccessIds',
  id: string,
): Promise<void> {
  await sql`
    UPDATE applications a SET activation_groups = (
      SELECT coalesce(jsonb_agg(jsonb_set(g.value, ARRAY[${property}::text],
        coalesce((SELECT jsonb_agg(e.value ORDER BY e.ordinality) FROM jsonb_array_elements(g.value -> ${property}::text) WITH ORDINALITY e
          WHERE e.value <> to_jsonb(${id}::text)), '[]'::jsonb)) ORDER BY g.ordinality), '[]'::jsonb)
      FROM jsonb_array_elements(a.activation_groups) WITH ORDINALITY g)
    WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(a.activation_groups) g WHERE g -> ${property}::text @> jsonb_build_array(${id}::text))`.execute(
    trx,
  );
}

function crudRoutes<Dto, Input, Summary>(deps: Deps, spec: Crud<Dto, Input, Summary>): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const user = (c: Ctx, permission: GlobalPermission): Promise<Principal> =>
    deps.auth.user(c.req.header('authorization')).then((me) => {
      requirePermission(me, permission);
      return me;
    });

  const { listing } = spec;
  app.get(spec.path, async (c) => {
    await user(c, spec.read);
    const list = parseList(c, { sorts: Object.keys(listing.sorts), defaultSort: listing.defaultSort });
    const [items, total] = await Promise.all([
      listRows(db, spec.table, listing, list, list.pageSize, list.offset),
      sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(spec.table)} ${searchWhere(listing, list)}`.execute(db),
    ]);
    return c.json({ items, total: Number(total.rows[0]?.n ?? 0) });
  });
  // Before `${path}/:id`, which would take "Export" for an id.
  app.get(`${spec.path}/Export`, async (c) => {
    await user(c, spec.read);
    const list = parseList(c, { sorts: Object.keys(listing.sorts), defaultSort: listing.defaultSort });
    return csvDownload(c, listing.csv.file, listing.csv.columns, (limit, { offset }) =>
      listRows(db, spec.table, listing, list, limit, offset),
    );
  });
  app.post(spec.path, async (c) => {
    const me = await user(c, spec.write);
    const input = (await readJson(c, spec.inputSchema)) as Input;
    const id = newId();
    const dto = await db.transaction().execute(async (trx) => {
      await spec.save(trx, id, input, true);
      const created = await spec.get(trx, id);
      await recordHistory(trx, {
        table: spec.table,
        entity: id,
        mode: 'CREATE',
        by: me.userId,
        after: spec.history(created),
      });
      return created;
    });
    return c.json(dto as object, 201);
  });
  app.get(`${spec.path}/:id`, async (c) => {
    await user(c, spec.read);
    return c.json((await spec.get(db, uuid(c.req.param('id')))) as object);
  });
  /** Saves `input` (made from the entity as it is, locked) over the entity, with its history entry; the entity as saved. */
  async function update(
    trx: Transaction<DB>,
    id: string,
    by: string,
    inputFor: (before: Dto) => Input | Promise<Input>,
  ): Promise<Dto> {
    await trx.selectFrom(spec.table).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    const before = await spec.get(trx, id);
    await spec.save(trx, id, await inputFor(before), false);
    const after = await spec.get(trx, id);
    await recordHistory(trx, {
      table: spec.table,
      entity: id,
      mode: 'UPDATE',
      by,
      before: spec.history(before),
      after: spec.history(after),
    });
    return after;
  }
  /** The entity as its history records it: the same fields as its input. */
  const now = (dto: Dto): EntityNow => ({ recorded: spec.history(dto), toInput: (recorded) => recorded });
  app.put(`${spec.path}/:id`, async (c) => {
    const me = await user(c, spec.write);
    const id = uuid(c.req.param('id'));
    await spec.get(db, id);
    const input = (await readJson(c, spec.inputSchema)) as Input;
    const dto = await db.transaction().execute((trx) => update(trx, id, me.userId, () => input));
    return c.json(dto as object);
  });
  // Undo one change of the history (#19.7): saved as a PUT of the entity with the field as it was.
  app.post(`${spec.path}/:id/History/:entryId/Revert`, async (c) => {
    const me = await user(c, spec.write);
    const id = uuid(c.req.param('id'));
    const at = { table: spec.table, entity: id, entryId: c.req.param('entryId') };
    const dto = await db
      .transaction()
      .execute((trx) =>
        update(
          trx,
          id,
          me.userId,
          async (before) => (await revertedInput(trx, at, now(before), spec.inputSchema)) as Input,
        ),
      );
    return c.json(dto as object);
  });
  /** Deletes one entity in `trx` (taken from users and activation groups, history); where it was used. */
  async function deleteOne(trx: Transaction<DB>, id: string, by: string): Promise<S['UsageGroup'][]> {
    const usage = spec.usage ? await spec.usage(trx, id) : [];
    if (spec.table === 'roles') {
      await sql`UPDATE application_users SET role_ids = array_remove(role_ids, ${id}) WHERE ${id} = ANY(role_ids)`.execute(
        trx,
      );
      await removeFromActivationGroups(trx, 'roleIds', id);
    }
    if (spec.table === 'account_accesses') {
      await sql`UPDATE application_users SET account_access_ids = array_remove(account_access_ids, ${id}) WHERE ${id} = ANY(account_access_ids)`.execute(
        trx,
      );
      await removeFromActivationGroups(trx, 'accountAccessIds', id);
    }
    await trx.deleteFrom(spec.table).where('id', '=', id).execute();
    await recordHistory(trx, { table: spec.table, entity: id, mode: 'DELETE', by });
    return usage;
  }
  app.delete(`${spec.path}/:id`, async (c) => {
    const me = await user(c, spec.write);
    const id = uuid(c.req.param('id'));
    const removedFrom = await db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom(spec.table).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!exists) throw notFound();
      return deleteOne(trx, id, me.userId);
    });
    if (!spec.usage) return c.body(null, 204);
    return c.json({ removedFrom } satisfies S['DeleteResult']);
  });
  // Several at once (#20.3): each as the single delete, all in one transaction; an unknown id deletes nothing.
  app.post(`${spec.path}/BulkDelete`, async (c) => {
    const me = await user(c, spec.write);
    const { ids } = await readJson(c, 'BulkIds');
    const wanted = ids.map((id) => id.toLowerCase());
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom(spec.table).select('id').where('id', 'in', wanted).forUpdate().execute();
      await mustExist(trx, spec.table, wanted, 'ids');
      for (const id of wanted) await deleteOne(trx, id, me.userId);
    });
    return c.json({ count: wanted.length } satisfies S['BulkResult']);
  });
  if (spec.usage) {
    const usage = spec.usage;
    app.get(`${spec.path}/:id/Usage`, async (c) => {
      await user(c, spec.read);
      const id = uuid(c.req.param('id'));
      await spec.get(db, id);
      return c.json({ groups: await usage(db, id) } satisfies S['EntityUsage']);
    });
  }
  app.get(`${spec.path}/:id/History`, async (c) => {
    await user(c, spec.read);
    const id = uuid(c.req.param('id'));
    // A deleted entity's history stays readable; nothing in it can be undone then.
    const dto = await spec.get(db, id).catch(unlessNotFound);
    if (dto === undefined) await someHistory(db, spec.table, id);
    return c.json(await historyList(c, db, spec.table, id, dto === undefined ? undefined : now(dto)));
  });
  return app;
}

const searchWhere = (listing: Pick<Listing<unknown>, 'search'>, list: ListQuery<string>) =>
  list.like !== undefined ? sql`WHERE ${listing.search} LIKE ${list.like}` : sql``;

/** Rows of a global list with its search and sort, from an offset. */
async function listRows<T>(
  db: Database,
  table: Table,
  listing: Listing<T>,
  list: ListQuery<string>,
  limit: number,
  offset: number,
): Promise<T[]> {
  const sortColumn = sql.ref(listing.sorts[list.sort] ?? 'id');
  const direction = list.order === 'desc' ? sql`DESC` : sql`ASC`;
  const rows = await sql<
    Record<string, unknown>
  >`SELECT ${sql.join(listing.columns.map((col) => sql.ref(col)))} FROM ${sql.table(table)}
    ${searchWhere(listing, list)} ORDER BY ${sortColumn} ${direction}, id ${direction} LIMIT ${limit} OFFSET ${offset}`.execute(
    db,
  );
  return rows.rows.map(listing.map);
}

const str = (v: unknown) => String(v ?? '');
const nullable = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function entityRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // ---------------------------------------------------------------- attributes
  app.route(
    '/',
    crudRoutes<S['Attribute'], S['AttributeInput'], S['AttributeSummary']>(deps, {
      path: '/Attributes',
      table: 'attributes',
      read: 'attributes.read',
      write: 'attributes.write',
      inputSchema: 'AttributeInput',
      listing: {
        sorts: { key: 'key', label: 'label', dataType: 'data_type' },
        defaultSort: 'key',
        columns: ['id', 'key', 'label', 'data_type', 'editable_by_user', 'editable_by_others'],
        search: sql<string>`lower(key || ' ' || label)`,
        map: (r): S['AttributeSummary'] => ({
          id: str(r.id),
          key: str(r.key),
          label: str(r.label),
          dataType: r.data_type as S['AttributeDataType'],
          editableByUser: Boolean(r.editable_by_user),
          editableByOthers: Boolean(r.editable_by_others),
        }),
        csv: {
          file: 'attribute',
          columns: [
            ['csvId', (a) => a.id],
            ['csvKey', (a) => a.key],
            ['csvLabel', (a) => a.label],
            ['csvDataType', (a) => a.dataType],
            ['csvEditableByUser', (a) => a.editableByUser],
            ['csvEditableByOthers', (a) => a.editableByOthers],
          ],
        },
      },
      get: async (db, id) => {
        const a = await rowOf(db, 'attributes', id);
        const [apps, flows, accesses] = await Promise.all([
          db
            .selectFrom('application_attributes as l')
            .innerJoin('applications as x', 'x.id', 'l.application_id')
            .select(['x.id', 'x.label'])
            .where('l.attribute_id', '=', id)
            .orderBy('x.label')
            .limit(100)
            .execute(),
          db
            .selectFrom('custom_flow_attributes as l')
            .innerJoin('custom_flows as x', 'x.id', 'l.custom_flow_id')
            .select(['x.id', 'x.label'])
            .where('l.attribute_id', '=', id)
            .orderBy('x.label')
            .limit(100)
            .execute(),
          db
            .selectFrom('account_accesses')
            .select(['id', 'label'])
            .where('attribute_id', '=', id)
            .orderBy('label')
            .limit(100)
            .execute(),
        ]);
        const usages: S['Usage'][] = [
          ...apps.map((x) => ({ type: 'APPLICATION' as const, id: x.id, label: x.label })),
          ...flows.map((x) => ({ type: 'CUSTOM_FLOW' as const, id: x.id, label: x.label })),
          ...accesses.map((x) => ({ type: 'APPLICATION_ACCOUNT_ACCESS' as const, id: x.id, label: x.label })),
        ].slice(0, 100);
        return {
          id: a.id,
          key: a.key,
          label: a.label,
          dataType: a.data_type as S['AttributeDataType'],
          permissionId: a.permission_id,
          directoryLink: a.directory_link,
          editableByUser: a.editable_by_user,
          editableByOthers: a.editable_by_others,
          usages,
        };
      },
      save: async (trx, id, input, isNew) => {
        await keyFree(trx, 'attributes', input.key, id);
        if (input.permissionId) await mustExist(trx, 'permissions', [input.permissionId], 'permissionId');
        const row = {
          key: input.key,
          label: input.label.trim(),
          data_type: input.dataType,
          permission_id: input.permissionId ?? null,
          directory_link: input.directoryLink ?? null,
          editable_by_user: input.editableByUser ?? true,
          editable_by_others: input.editableByOthers ?? true,
        };
        await writeRow(trx, 'attributes', id, row, isNew);
      },
      history: ({ usages: _u, id: _id, ...rest }) => rest,
      usage: (db, id) =>
        usageGroups(db, [
          [
            'APPLICATION',
            sql`SELECT a.id, a.label FROM application_attributes l JOIN applications a ON a.id = l.application_id WHERE l.attribute_id = ${id}`,
          ],
          [
            'CUSTOM_FLOW',
            sql`SELECT f.id, f.label FROM custom_flow_attributes l JOIN custom_flows f ON f.id = l.custom_flow_id WHERE l.attribute_id = ${id}`,
          ],
          ['ACCOUNT_ACCESS', sql`SELECT id, label FROM account_accesses WHERE attribute_id = ${id}`],
          [
            'USER',
            sql`SELECT u.id, u.full_name AS label FROM user_attribute_values v JOIN users u ON u.id = v.user_id WHERE v.attribute_id = ${id}`,
          ],
        ]),
    }),
  );

  // ---------------------------------------------------------------- permissions
  app.route(
    '/',
    crudRoutes<S['Permission'], S['PermissionInput'], S['PermissionSummary']>(deps, {
      path: '/Permissions',
      table: 'permissions',
      read: 'permissions.read',
      write: 'permissions.write',
      inputSchema: 'PermissionInput',
      listing: {
        sorts: { key: 'key', description: 'description' },
        defaultSort: 'key',
        columns: ['id', 'key', 'description'],
        search: sql<string>`lower(key || ' ' || description)`,
        map: (r): S['PermissionSummary'] => ({ id: str(r.id), key: str(r.key), description: str(r.description) }),
        csv: {
          file: 'berechtigungen',
          columns: [
            ['csvId', (p) => p.id],
            ['csvKey', (p) => p.key],
            ['csvDescription', (p) => p.description],
          ],
        },
      },
      get: async (db, id) => {
        const p = await rowOf(db, 'permissions', id);
        const [apps, roles] = await Promise.all([
          db
            .selectFrom('applications')
            .select(['id', 'label'])
            .where('admin_permission_id', '=', id)
            .orderBy('label')
            .limit(100)
            .execute(),
          db
            .selectFrom('role_permissions as l')
            .innerJoin('roles as r', 'r.id', 'l.role_id')
            .select(['r.id', 'r.label'])
            .where('l.permission_id', '=', id)
            .orderBy('r.label')
            .limit(100)
            .execute(),
        ]);
        const usages: S['Usage'][] = [
          ...apps.map((x) => ({ type: 'APPLICATION' as const, id: x.id, label: x.label })),
          ...roles.map((x) => ({ type: 'ROLE' as const, id: x.id, label: x.label })),
        ].slice(0, 100);
        return { id: p.id, key: p.key, description: p.description, usages };
      },
      save: async (trx, id, input, isNew) => {
        await keyFree(trx, 'permissions', input.key, id);
        const row = { key: input.key, description: input.description ?? '' };
        await writeRow(trx, 'permissions', id, row, isNew);
      },
      history: ({ usages: _u, id: _id, ...rest }) => rest,
    }),
  );

  // ---------------------------------------------------------------- roles
  app.route(
    '/',
    crudRoutes<S['Role'], S['RoleInput'], S['RoleSummary']>(deps, {
      path: '/Roles',
      table: 'roles',
      read: 'roles.read',
      write: 'roles.write',
      inputSchema: 'RoleInput',
      listing: {
        ...byKeyAndLabel,
        columns: ['id', 'key', 'label', 'description'],
        map: (r): S['RoleSummary'] => ({
          id: str(r.id),
          key: str(r.key),
          label: str(r.label),
          description: str(r.description),
        }),
        csv: {
          file: 'rollen',
          columns: [
            ['csvId', (r) => r.id],
            ['csvKey', (r) => r.key],
            ['csvLabel', (r) => r.label],
            ['csvDescription', (r) => r.description],
          ],
        },
      },
      get: async (db, id) => {
        const r = await rowOf(db, 'roles', id);
        const [perms, apps] = await Promise.all([
          db
            .selectFrom('role_permissions')
            .select('permission_id')
            .where('role_id', '=', id)
            .orderBy('permission_id')
            .execute(),
          db
            .selectFrom('application_roles')
            .select('application_id')
            .where('role_id', '=', id)
            .orderBy('application_id')
            .execute(),
        ]);
        return {
          id: r.id,
          key: r.key,
          label: r.label,
          description: r.description,
          permissionIds: perms.map((p) => p.permission_id),
          applicationIds: apps.map((a) => a.application_id),
        };
      },
      save: async (trx, id, input, isNew) => {
        await keyFree(trx, 'roles', input.key, id);
        const permissionIds = input.permissionIds ?? [];
        const applicationIds = input.applicationIds ?? [];
        unique(permissionIds, 'permissionIds');
        unique(applicationIds, 'applicationIds');
        await mustExist(trx, 'permissions', permissionIds, 'permissionIds');
        await mustExist(trx, 'applications', applicationIds, 'applicationIds');
        const row = { key: input.key, label: input.label.trim(), description: input.description ?? '' };
        await writeRow(trx, 'roles', id, row, isNew);
        await trx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
        if (permissionIds.length)
          await trx
            .insertInto('role_permissions')
            .values(permissionIds.map((p) => ({ role_id: id, permission_id: p })))
            .execute();
        const current = (
          await trx.selectFrom('application_roles').select('application_id').where('role_id', '=', id).execute()
        ).map((r) => r.application_id);
        const removed = current.filter((a) => !applicationIds.includes(a));
        const added = applicationIds.filter((a) => !current.includes(a));
        if (removed.length) {
          await trx
            .deleteFrom('application_roles')
            .where('role_id', '=', id)
            .where('application_id', 'in', removed)
            .execute();
          await sql`UPDATE application_users SET role_ids = array_remove(role_ids, ${id}) WHERE application_id = ANY(${removed}::text[])`.execute(
            trx,
          );
        }
        for (const applicationId of added) {
          const max = await trx
            .selectFrom('application_roles')
            .select((eb) => eb.fn.max('position').as('m'))
            .where('application_id', '=', applicationId)
            .executeTakeFirst();
          await trx
            .insertInto('application_roles')
            .values({
              application_id: applicationId,
              role_id: id,
              permission_id: null,
              visible: true,
              is_default: false,
              position: Number(max?.m ?? -1) + 1,
            })
            .execute();
        }
      },
      history: ({ id: _id, ...rest }) => rest,
      usage: (db, id) =>
        usageGroups(db, [
          [
            'APPLICATION',
            sql`SELECT a.id, a.label FROM application_roles l JOIN applications a ON a.id = l.application_id WHERE l.role_id = ${id}`,
          ],
          [
            'USER',
            sql`SELECT u.id, u.full_name AS label FROM users u WHERE u.id IN (SELECT user_id FROM application_users WHERE ${id} = ANY(role_ids))`,
          ],
          ['ACTIVATION_GROUP', activationGroupApps('roleIds', id)],
        ]),
    }),
  );

  // ---------------------------------------------------------------- account accesses
  app.route(
    '/',
    crudRoutes<S['AccountAccess'], S['AccountAccessInput'], S['AccountAccessSummary']>(deps, {
      path: '/AccountAccesses',
      table: 'account_accesses',
      read: 'accountaccesses.read',
      write: 'accountaccesses.write',
      inputSchema: 'AccountAccessInput',
      listing: {
        ...byKeyAndLabel,
        columns: ['id', 'key', 'label', 'parent_id'],
        map: (r): S['AccountAccessSummary'] => ({
          id: str(r.id),
          key: str(r.key),
          label: str(r.label),
          parentId: nullable(r.parent_id),
        }),
        csv: {
          file: 'kontozugaenge',
          columns: [
            ['csvId', (a) => a.id],
            ['csvKey', (a) => a.key],
            ['csvLabel', (a) => a.label],
            ['csvParent', (a) => a.parentId],
          ],
        },
      },
      get: async (db, id) => {
        const x = await rowOf(db, 'account_accesses', id);
        return {
          id: x.id,
          key: x.key,
          label: x.label,
          parentId: x.parent_id,
          parentDeterminationMethod: x.parent_determination_method as S['DeterminationMethod'],
          childDeterminationMethod: x.child_determination_method as S['DeterminationMethod'],
          attributeId: x.attribute_id,
        };
      },
      save: async (trx, id, input, isNew) => {
        await keyFree(trx, 'account_accesses', input.key, id);
        const parentId = input.parentId ?? null;
        if (parentId) {
          await mustExist(trx, 'account_accesses', [parentId], 'parentId');
          // Walk up from the new parent: meeting this group again would make a cycle.
          let cursor: string | null = parentId;
          for (let depth = 0; cursor && depth < 1000; depth++) {
            if (cursor === id) throw fieldError('parentId', 'parentCycle', 'accountAccess.cycle');
            const up: { parent_id: string | null } | undefined = await trx
              .selectFrom('account_accesses')
              .select('parent_id')
              .where('id', '=', cursor)
              .executeTakeFirst();
            cursor = up?.parent_id ?? null;
          }
        }
        if (input.attributeId) await mustExist(trx, 'attributes', [input.attributeId], 'attributeId');
        const row = {
          key: input.key,
          label: input.label.trim(),
          parent_id: parentId,
          parent_determination_method: input.parentDeterminationMethod ?? 'NONE',
          child_determination_method: input.childDeterminationMethod ?? 'NONE',
          attribute_id: input.attributeId ?? null,
        };
        await writeRow(trx, 'account_accesses', id, row, isNew);
      },
      history: ({ id: _id, ...rest }) => rest,
      usage: (db, id) =>
        usageGroups(db, [
          [
            'APPLICATION',
            sql`SELECT a.id, a.label FROM application_account_accesses l JOIN applications a ON a.id = l.application_id WHERE l.account_access_id = ${id}`,
          ],
          [
            'USER',
            sql`SELECT u.id, u.full_name AS label FROM users u WHERE u.id IN (SELECT user_id FROM application_users WHERE ${id} = ANY(account_access_ids))`,
          ],
          ['ACCOUNT_ACCESS', sql`SELECT id, label FROM account_accesses WHERE parent_id = ${id}`],
          ['ACTIVATION_GROUP', activationGroupApps('accountAccessIds', id)],
        ]),
    }),
  );

  // ---------------------------------------------------------------- custom flows
  app.route(
    '/',
    crudRoutes<S['CustomFlowDefinition'], S['CustomFlowDefinitionInput'], S['CustomFlowSummary']>(deps, {
      path: '/CustomFlows',
      table: 'custom_flows',
      read: 'customflows.read',
      write: 'customflows.write',
      inputSchema: 'CustomFlowDefinitionInput',
      listing: {
        ...byKeyAndLabel,
        columns: ['id', 'key', 'label', 'description'],
        map: (r): S['CustomFlowSummary'] => ({
          id: str(r.id),
          key: str(r.key),
          label: str(r.label),
          description: str(r.description),
        }),
        csv: {
          file: 'ablaeufe',
          columns: [
            ['csvId', (f) => f.id],
            ['csvKey', (f) => f.key],
            ['csvLabel', (f) => f.label],
            ['csvDescription', (f) => f.description],
          ],
        },
      },
      get: async (db, id) => {
        const f = await rowOf(db, 'custom_flows', id);
        const attrs = await db
          .selectFrom('custom_flow_attributes')
          .select('attribute_id')
          .where('custom_flow_id', '=', id)
          .orderBy('position')
          .execute();
        return {
          id: f.id,
          key: f.key,
          label: f.label,
          description: f.description,
          attributeIds: attrs.map((a) => a.attribute_id),
        };
      },
      save: async (trx, id, input, isNew) => {
        await keyFree(trx, 'custom_flows', input.key, id);
        const attributeIds = input.attributeIds ?? [];
        unique(attributeIds, 'attributeIds');
        await mustExist(trx, 'attributes', attributeIds, 'attributeIds');
        const row = { key: input.key, label: input.label.trim(), description: input.description ?? '' };
        await writeRow(trx, 'custom_flows', id, row, isNew);
        await trx.deleteFrom('custom_flow_attributes').where('custom_flow_id', '=', id).execute();
        if (attributeIds.length)
          await trx
            .insertInto('custom_flow_attributes')
            .values(attributeIds.map((a, position) => ({ custom_flow_id: id, attribute_id: a, position })))
            .execute();
      },
      history: ({ id: _id, ...rest }) => rest,
      usage: (db, id) =>
        usageGroups(db, [
          [
            'APPLICATION',
            sql`SELECT a.id, a.label FROM application_custom_flows l JOIN applications a ON a.id = l.application_id WHERE l.custom_flow_id = ${id}`,
          ],
        ]),
    }),
  );

  return app;
}
