// Global administration of attributes, permissions, roles, account-access groups and custom
// flows: paged lists, CRUD and history, each behind its read/write permission.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { components } from '@portal/contract';
import { validateRequiredAnswerSetting } from '@portal/core';
import type { Principal } from '../auth.ts';
import { newId, requirePermission } from '../context.ts';
import type { AppEnv, Ctx, Deps, GlobalPermission } from '../context.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { readJson } from '../http/body.ts';
import { badRequest, conflict, fieldError, notFound, unlessNotFound } from '../http/errors.ts';
import type { FieldProblem } from '../http/errors.ts';
import type { SchemaName } from '../http/contract.ts';
import { parseList, type ListQuery } from '../http/list.ts';
import { csvDownload, type CsvCell, type CsvColumns } from '../http/csv.ts';
import type { MessageKey } from '../http/messages.ts';
import { recordHistory } from '../history.ts';
import { requiredAnswer } from '../services/values.ts';
import { historyList, revertOfDeleted, revertedInput, someHistory, type EntityNow, type Undo } from './history.ts';
import { adminPermissionLost, permissionHolders, usageGroups } from '../services/usage.ts';

type S = components['schemas'];
type Table = 'attributes' | 'permissions' | 'roles' | 'account_accesses' | 'custom_flows';

const uuid = (id: string) => {
  if (!/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(id)) throw notFound();
  return id.toLowerCase();
};

async function keyFree(
  trx: Database | Transaction<DB>,
  table: Table,
  key: string,
  exceptId: string | null,
): Promise<void> {
  const row = await trx.selectFrom(table).select('id').where('key', '=', key).executeTakeFirst();
  if (row && row.id !== exceptId) throw conflict('keyTaken', 'key.duplicate', [key], 'key');
}

async function mustExist(
  trx: Database | Transaction<DB>,
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

/** The ids an entity is to be linked to (none when absent): each once (400 duplicateEntry), each of a row of `table`
 * (400 referenceNotFound). */
async function linkable(
  trx: Database | Transaction<DB>,
  table: Table | 'applications',
  ids: readonly string[] | undefined,
  field: string,
): Promise<readonly string[]> {
  const list = ids ?? [];
  unique(list, field);
  await mustExist(trx, table, list, field);
  return list;
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

/** The tables of an entity's links that its save writes whole, and the column naming the entity in each. */
const linkOwner = { role_permissions: 'role_id', custom_flow_attributes: 'custom_flow_id' } as const;

/** Replaces the entity's links in `table` by `rows` (checked against the table by the signature). */
async function replaceLinks<T extends keyof typeof linkOwner>(
  trx: Transaction<DB>,
  table: T,
  id: string,
  rows: readonly Insertable<DB[T]>[],
): Promise<void> {
  const anyLink: keyof typeof linkOwner = table;
  await trx.deleteFrom(anyLink).where(sql.ref(linkOwner[table]), '=', id).execute();
  if (rows.length)
    await trx
      .insertInto(anyLink)
      .values([...rows])
      .execute();
}

/** A field of a global list's rows: the column it is read from and how, its CSV header, whether the list sorts by it. */
interface ListField<V extends CsvCell> {
  column: string;
  read: (value: unknown) => V;
  csv: MessageKey;
  sort?: true;
}

const str = (v: unknown) => String(v ?? '');
const nullable = (v: unknown) => (v === null || v === undefined ? null : String(v));

const idField: ListField<string> = { column: 'id', read: str, csv: 'csvId' };
const keyField: ListField<string> = { column: 'key', read: str, csv: 'csvKey', sort: true };
const labelField: ListField<string> = { column: 'label', read: str, csv: 'csvLabel', sort: true };
const descriptionField: ListField<string> = { column: 'description', read: str, csv: 'csvDescription' };

/** A row of a global list: every field a CSV cell. */
type Row = { readonly [K in string]: CsvCell };

/** A global list: its fields (each of the row type, in the CSV's order), default sort, search text and CSV file. */
interface Listing<T extends Row> {
  fields: { readonly [K in keyof T]-?: ListField<T[K]> };
  defaultSort: keyof T & string;
  search: ReturnType<typeof sql<string>>;
  csvFile: string;
}

/** A list sorted by key or label (by label at first) and searched in both. */
const byKeyAndLabel = {
  defaultSort: 'label',
  search: sql<string>`lower(key || ' ' || label)`,
} as const;

/** Roles and custom flows: a key, a label and a description of their own, and ids linked to them. */
const described = {
  listing: {
    ...byKeyAndLabel,
    fields: { id: idField, key: keyField, label: labelField, description: descriptionField },
  },
  /** The fields of the answer read from the row. */
  answer: ({ id, key, label, description }: { id: string; key: string; label: string; description: string }) => ({
    id,
    key,
    label,
    description,
  }),
  /** The row's fields from the input. */
  row: (input: { key: string; label: string; description?: string }) => ({
    key: input.key,
    label: input.label.trim(),
    description: input.description ?? '',
  }),
};

/** What a listing's fields make: its sorts (→ columns), the selected columns, the row mapping and the CSV columns. */
interface ListPlan<T> {
  sorts: Record<string, string>;
  columns: readonly string[];
  search: ReturnType<typeof sql<string>>;
  map: (row: Record<string, unknown>) => T;
  csv: CsvColumns<T>;
}

function listPlan<T extends Row>(listing: Listing<T>): ListPlan<T> {
  const fields = Object.entries(listing.fields) as [keyof T & string, ListField<CsvCell>][];
  return {
    sorts: Object.fromEntries(fields.flatMap(([name, f]) => (f.sort ? [[name, f.column]] : []))),
    columns: fields.map(([, f]) => f.column),
    search: listing.search,
    map: (row) => Object.fromEntries(fields.map(([name, f]) => [name, f.read(row[f.column])])) as T,
    csv: fields.map(([name, f]) => [f.csv, (item: T) => item[name]] as const),
  };
}

/** An entity's answer: its id and, for some kinds, the first places it is used (neither is recorded in its history). */
interface Entity {
  id: string;
  usages?: S['Usage'][];
}

/** The entity as its history records it: the same fields as its input. */
function recorded({ id: _id, usages: _usages, ...fields }: Entity): Record<string, unknown> {
  return fields;
}

/** The schemas of each kind: its answer, its input and the row of its list. */
interface KindSchemas {
  attributes: { dto: S['Attribute']; input: S['AttributeInput']; summary: S['AttributeSummary'] };
  permissions: { dto: S['Permission']; input: S['PermissionInput']; summary: S['PermissionSummary'] };
  roles: { dto: S['Role']; input: S['RoleInput']; summary: S['RoleSummary'] };
  account_accesses: { dto: S['AccountAccess']; input: S['AccountAccessInput']; summary: S['AccountAccessSummary'] };
  custom_flows: {
    dto: S['CustomFlowDefinition'];
    input: S['CustomFlowDefinitionInput'];
    summary: S['CustomFlowSummary'];
  };
}

/** The permission areas of the global permissions (`<area>.read`, `<area>.write`). */
type AreaOf<P> = P extends `${infer A}.read` ? A : never;

/** Each kind's routes: their path, their permissions' area and the schema of their input. */
const kinds = {
  attributes: { path: '/Attributes', area: 'attributes', inputSchema: 'AttributeInput' },
  permissions: { path: '/Permissions', area: 'permissions', inputSchema: 'PermissionInput' },
  roles: { path: '/Roles', area: 'roles', inputSchema: 'RoleInput' },
  account_accesses: { path: '/AccountAccesses', area: 'accountaccesses', inputSchema: 'AccountAccessInput' },
  custom_flows: { path: '/CustomFlows', area: 'customflows', inputSchema: 'CustomFlowDefinitionInput' },
} as const satisfies { [T in Table]: { path: string; area: AreaOf<GlobalPermission>; inputSchema: SchemaName } };

/** What differs between the kinds' CRUD routes besides their `kinds` entry. */
interface Crud<T extends Table, Dto extends Entity = KindSchemas[T]['dto'], Input = KindSchemas[T]['input']> {
  /** The list (GET path) and its CSV download (GET path/Export, #20.3). */
  listing: Listing<KindSchemas[T]['summary']>;
  /** The answer made from the entity's row. */
  get: (db: Database | Transaction<DB>, row: Selectable<DB[T]>) => Promise<Dto>;
  /** Every rule of a save that reads the database (a key taken, a link to nothing, a cycle): read-only, before `save`. */
  check: (db: Database | Transaction<DB>, id: string, input: Input) => Promise<void>;
  /** Writes an input `check` passed. */
  save: (trx: Transaction<DB>, id: string, input: Input, isNew: boolean) => Promise<void>;
  /** Where the entity is used (#17.15): GET {id}/Usage, and the answer of DELETE. */
  usage?: (db: Database | Transaction<DB>, id: string) => Promise<S['UsageGroup'][]>;
}

/** The `usages` of an entity's answer: of each type (in this order) the first 100 by label, then the first 100 of all. */
async function firstUsages(
  db: Database | Transaction<DB>,
  types: readonly [S['UsageType'], ReturnType<typeof sql>][],
): Promise<S['Usage'][]> {
  const found = await Promise.all(
    types.map(([type, rows]) =>
      sql<{ id: string; label: string }>`SELECT id, label FROM (${rows}) AS x ORDER BY label LIMIT 100`
        .execute(db)
        .then((result) => result.rows.map((r) => ({ type, id: r.id, label: r.label }))),
    ),
  );
  return found.flat().slice(0, 100);
}

/** Applications linked to the entity through `link` (its id in `column`). */
const linkedApplications = (
  link: 'application_attributes' | 'application_roles' | 'application_account_accesses' | 'application_custom_flows',
  column: 'attribute_id' | 'role_id' | 'account_access_id' | 'custom_flow_id',
  id: string,
) =>
  sql`SELECT a.id, a.label FROM ${sql.table(link)} l JOIN applications a ON a.id = l.application_id WHERE ${sql.ref(`l.${column}`)} = ${id}`;

/** The kinds users hold on an application: their column of application_users and their property in activation groups. */
const held = {
  roles: { column: 'role_ids', property: 'roleIds' },
  account_accesses: { column: 'account_access_ids', property: 'accountAccessIds' },
} as const;
type Held = (typeof held)[keyof typeof held];

/** Users who hold the id on some application. */
const holders = ({ column }: Held, id: string) =>
  sql`SELECT u.id, u.full_name AS label FROM users u WHERE u.id IN (SELECT user_id FROM application_users WHERE ${id} = ANY(${sql.ref(column)}))`;

/** Applications whose activation groups name the id. */
const activationGroupApps = ({ property }: Held, id: string) => sql`
  SELECT a.id, a.label FROM applications a
  WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(a.activation_groups) g WHERE g -> ${property}::text @> jsonb_build_array(${id}::text))`;

/** Takes the id out of users' access and out of every activation group that names it. */
async function removeHeld(trx: Transaction<DB>, { column, property }: Held, id: string): Promise<void> {
  await sql`UPDATE application_users SET ${sql.ref(column)} = array_remove(${sql.ref(column)}, ${id}) WHERE ${id} = ANY(${sql.ref(column)})`.execute(
    trx,
  );
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

function crudRoutes<T extends Table, Dto extends Entity = KindSchemas[T]['dto'], Input = KindSchemas[T]['input']>(
  deps: Deps,
  table: T,
  spec: Crud<T, Dto, Input>,
): Hono<AppEnv> {
  const { db } = deps;
  const { path, area, inputSchema } = kinds[table];
  const read: GlobalPermission = `${area}.read`;
  const write: GlobalPermission = `${area}.write`;
  const get = async (db: Database | Transaction<DB>, id: string) => spec.get(db, await rowOf(db, table, id));
  /** The table as one of the five (the generic queries below read only its id). */
  const own: Table = table;
  const app = new Hono<AppEnv>();
  const user = (c: Ctx, permission: GlobalPermission): Promise<Principal> =>
    deps.auth.user(c.req.header('authorization')).then((me) => {
      requirePermission(me, permission);
      return me;
    });

  const listing = listPlan(spec.listing);
  const listOptions = { sorts: Object.keys(listing.sorts), defaultSort: spec.listing.defaultSort };
  app.get(path, async (c) => {
    await user(c, read);
    const list = parseList(c, listOptions);
    const [items, total] = await Promise.all([
      listRows(db, table, listing, list, list.pageSize, list.offset),
      sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} ${searchWhere(listing, list)}`.execute(db),
    ]);
    return c.json({ items, total: Number(total.rows[0]?.n ?? 0) });
  });
  // Before `${path}/:id`, which would take "Export" for an id.
  app.get(`${path}/Export`, async (c) => {
    await user(c, read);
    const list = parseList(c, listOptions);
    return csvDownload(c, spec.listing.csvFile, listing.csv, (limit, { offset }) =>
      listRows(db, table, listing, list, limit, offset),
    );
  });
  app.post(path, async (c) => {
    const me = await user(c, write);
    const input = (await readJson(c, inputSchema)) as Input;
    const id = newId();
    const dto = await db.transaction().execute(async (trx) => {
      await spec.check(trx, id, input);
      await spec.save(trx, id, input, true);
      const created = await get(trx, id);
      await recordHistory(trx, {
        table: table,
        entity: id,
        mode: 'CREATE',
        by: me.userId,
        after: recorded(created),
      });
      return created;
    });
    return c.json(dto as object, 201);
  });
  app.get(`${path}/:id`, async (c) => {
    await user(c, read);
    return c.json((await get(db, uuid(c.req.param('id')))) as object);
  });
  /** Saves `input` (made from the entity as it is, locked) over the entity, with its history entry; the entity as saved. */
  async function update(
    trx: Transaction<DB>,
    id: string,
    by: string,
    inputFor: (before: Dto) => Input | Promise<Input>,
  ): Promise<Dto> {
    await trx.selectFrom(own).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    const before = await get(trx, id);
    const input = await inputFor(before);
    await spec.check(trx, id, input);
    await spec.save(trx, id, input, false);
    const after = await get(trx, id);
    await recordHistory(trx, {
      table: table,
      entity: id,
      mode: 'UPDATE',
      by,
      before: recorded(before),
      after: recorded(after),
    });
    return after;
  }
  /** The entity as its history records it: the same fields as its input. */
  const now = (dto: Dto): EntityNow => ({ recorded: recorded(dto), toInput: (recorded) => recorded });
  /** How the entity's changes are undone: as it is now, its input's schema, its save's checks. */
  const undo = (id: string, dto: Dto): Undo<typeof inputSchema> => ({
    now: now(dto),
    schema: inputSchema,
    check: (db, input) => spec.check(db, id, input as Input),
  });
  app.put(`${path}/:id`, async (c) => {
    const me = await user(c, write);
    const id = uuid(c.req.param('id'));
    await get(db, id);
    const input = (await readJson(c, inputSchema)) as Input;
    const dto = await db.transaction().execute((trx) => update(trx, id, me.userId, () => input));
    return c.json(dto as object);
  });
  // Undo one change of the history (#19.7): saved as a PUT of the entity with the field as it was.
  app.post(`${path}/:id/History/:entryId/Revert`, async (c) => {
    const me = await user(c, write);
    const id = uuid(c.req.param('id'));
    const at = { table: table, entity: id, entryId: c.req.param('entryId') };
    const dto = await db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom(own).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!exists) return revertOfDeleted(trx, at);
      return update(
        trx,
        id,
        me.userId,
        async (before) => (await revertedInput(trx, at, now(before), inputSchema)) as Input,
      );
    });
    return c.json(dto as object);
  });
  /** Deletes one entity in `trx` (taken from users and activation groups, history); where it was used. */
  async function deleteOne(trx: Transaction<DB>, id: string, by: string): Promise<S['UsageGroup'][]> {
    const usage = spec.usage ? await spec.usage(trx, id) : [];
    if (own === 'roles' || own === 'account_accesses') await removeHeld(trx, held[own], id);
    await trx.deleteFrom(own).where('id', '=', id).execute();
    await recordHistory(trx, { table: table, entity: id, mode: 'DELETE', by });
    return usage;
  }
  app.delete(`${path}/:id`, async (c) => {
    const me = await user(c, write);
    const id = uuid(c.req.param('id'));
    const removedFrom = await db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom(own).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!exists) throw notFound();
      return deleteOne(trx, id, me.userId);
    });
    if (!spec.usage) return c.body(null, 204);
    return c.json({ removedFrom } satisfies S['DeleteResult']);
  });
  // Several at once (#20.3): each as the single delete, all in one transaction; an unknown id deletes nothing.
  app.post(`${path}/BulkDelete`, async (c) => {
    const me = await user(c, write);
    const { ids } = await readJson(c, 'BulkIds');
    const wanted = ids.map((id) => id.toLowerCase());
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom(own).select('id').where('id', 'in', wanted).forUpdate().execute();
      await mustExist(trx, table, wanted, 'ids');
      for (const id of wanted) await deleteOne(trx, id, me.userId);
    });
    return c.json({ count: wanted.length } satisfies S['BulkResult']);
  });
  if (spec.usage) {
    const usage = spec.usage;
    app.get(`${path}/:id/Usage`, async (c) => {
      await user(c, read);
      const id = uuid(c.req.param('id'));
      await get(db, id);
      return c.json({ groups: await usage(db, id) } satisfies S['EntityUsage']);
    });
  }
  app.get(`${path}/:id/History`, async (c) => {
    await user(c, read);
    const id = uuid(c.req.param('id'));
    // A deleted entity's history stays readable; nothing in it can be undone then.
    const dto = await get(db, id).catch(unlessNotFound);
    if (dto === undefined) await someHistory(db, table, id);
    return c.json(await historyList(c, db, table, id, dto === undefined ? undefined : undo(id, dto)));
  });
  return app;
}

const searchWhere = (listing: Pick<ListPlan<unknown>, 'search'>, list: ListQuery<string>) =>
  list.like !== undefined ? sql`WHERE ${listing.search} LIKE ${list.like}` : sql``;

/** Rows of a global list with its search and sort, from an offset. */
async function listRows<T>(
  db: Database,
  table: Table,
  listing: ListPlan<T>,
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

// ---------------------------------------------------------------- attributes
/** Who uses an attribute besides the users with a value of it (each selects `id, label`). */
const attributeUsers = (id: string) => ({
  applications: linkedApplications('application_attributes', 'attribute_id', id),
  customFlows: sql`SELECT f.id, f.label FROM custom_flow_attributes l JOIN custom_flows f ON f.id = l.custom_flow_id WHERE l.attribute_id = ${id}`,
  accountAccesses: sql`SELECT id, label FROM account_accesses WHERE attribute_id = ${id}`,
});
const attributes: Crud<'attributes'> = {
  listing: {
    fields: {
      id: idField,
      key: keyField,
      label: labelField,
      dataType: { column: 'data_type', read: (v) => v as S['AttributeDataType'], csv: 'csvDataType', sort: true },
      editableByUser: { column: 'editable_by_user', read: Boolean, csv: 'csvEditableByUser' },
      editableByOthers: { column: 'editable_by_others', read: Boolean, csv: 'csvEditableByOthers' },
    },
    defaultSort: 'key',
    search: sql<string>`lower(key || ' ' || label)`,
    csvFile: 'attribute',
  },
  get: async (db, a) => {
    const users = attributeUsers(a.id);
    const usages = await firstUsages(db, [
      ['APPLICATION', users.applications],
      ['CUSTOM_FLOW', users.customFlows],
      ['APPLICATION_ACCOUNT_ACCESS', users.accountAccesses],
    ]);
    return {
      id: a.id,
      key: a.key,
      label: a.label,
      dataType: a.data_type as S['AttributeDataType'],
      requiredValue: requiredAnswer(a.required_value),
      permissionId: a.permission_id,
      directoryLink: a.directory_link,
      editableByUser: a.editable_by_user,
      editableByOthers: a.editable_by_others,
      usages,
    };
  },
  check: async (db, id, input) => {
    await keyFree(db, 'attributes', input.key, id);
    if (input.permissionId) await mustExist(db, 'permissions', [input.permissionId], 'permissionId');
    if (validateRequiredAnswerSetting(input.dataType, input.requiredValue) !== undefined)
      throw fieldError('requiredValue', 'requiredValueNotBoolean', 'attribute.requiredValueNotBoolean');
  },
  save: async (trx, id, input, isNew) => {
    // A required answer only for a Yes/No attribute (#30.1, core's rule); omitted keeps the stored one while it fits.
    const stored = isNew
      ? undefined
      : await trx.selectFrom('attributes').select('required_value').where('id', '=', id).executeTakeFirst();
    const requiredValue =
      input.requiredValue === undefined ? requiredAnswer(stored?.required_value ?? null) : input.requiredValue;
    const row = {
      key: input.key,
      label: input.label.trim(),
      data_type: input.dataType,
      required_value: input.dataType === 'BOOLEAN' ? requiredValue : null,
      permission_id: input.permissionId ?? null,
      directory_link: input.directoryLink ?? null,
      editable_by_user: input.editableByUser ?? true,
      editable_by_others: input.editableByOthers ?? true,
    };
    await writeRow(trx, 'attributes', id, row, isNew);
  },
  usage: (db, id) => {
    const users = attributeUsers(id);
    return usageGroups(db, [
      ['APPLICATION', users.applications],
      ['CUSTOM_FLOW', users.customFlows],
      ['ACCOUNT_ACCESS', users.accountAccesses],
      [
        'USER',
        sql`SELECT u.id, u.full_name AS label FROM user_attribute_values v JOIN users u ON u.id = v.user_id WHERE v.attribute_id = ${id}`,
      ],
    ]);
  },
};

// ---------------------------------------------------------------- permissions
const permissions: Crud<'permissions'> = {
  listing: {
    fields: { id: idField, key: keyField, description: { ...descriptionField, sort: true } },
    defaultSort: 'key',
    search: sql<string>`lower(key || ' ' || description)`,
    csvFile: 'berechtigungen',
  },
  get: async (db, p) => {
    const usages = await firstUsages(db, [
      ['APPLICATION', sql`SELECT id, label FROM applications WHERE admin_permission_id = ${p.id}`],
      [
        'ROLE',
        sql`SELECT r.id, r.label FROM role_permissions l JOIN roles r ON r.id = l.role_id WHERE l.permission_id = ${p.id}`,
      ],
    ]);
    return { id: p.id, key: p.key, description: p.description, usages };
  },
  check: (db, id, input) => keyFree(db, 'permissions', input.key, id),
  save: async (trx, id, input, isNew) => {
    const row = { key: input.key, description: input.description ?? '' };
    await writeRow(trx, 'permissions', id, row, isNew);
  },
  // #30.3: the applications it is the admin permission of lose it (the foreign key sets null).
  usage: (db, id) =>
    usageGroups(db, [
      ['ADMIN_PERMISSION_LOST', sql`SELECT id, label FROM applications WHERE admin_permission_id = ${id}`],
      [
        'ROLE',
        sql`SELECT r.id, r.label FROM role_permissions l JOIN roles r ON r.id = l.role_id WHERE l.permission_id = ${id}`,
      ],
      ['USER', permissionHolders(id)],
      [
        'APPLICATION',
        sql`SELECT a.id, a.label FROM applications a WHERE a.id IN (SELECT application_id FROM application_roles WHERE permission_id = ${id})`,
      ],
      ['ATTRIBUTE', sql`SELECT id, label FROM attributes WHERE permission_id = ${id}`],
    ]),
};

// ---------------------------------------------------------------- roles
const roles: Crud<'roles'> = {
  listing: { ...described.listing, csvFile: 'rollen' },
  get: async (db, r) => {
    const [perms, apps] = await Promise.all([
      db
        .selectFrom('role_permissions')
        .select('permission_id')
        .where('role_id', '=', r.id)
        .orderBy('permission_id')
        .execute(),
      db
        .selectFrom('application_roles')
        .select('application_id')
        .where('role_id', '=', r.id)
        .orderBy('application_id')
        .execute(),
    ]);
    return {
      ...described.answer(r),
      permissionIds: perms.map((p) => p.permission_id),
      applicationIds: apps.map((a) => a.application_id),
    };
  },
  check: async (db, id, input) => {
    await keyFree(db, 'roles', input.key, id);
    await linkable(db, 'permissions', input.permissionIds, 'permissionIds');
    await linkable(db, 'applications', input.applicationIds, 'applicationIds');
  },
  save: async (trx, id, input, isNew) => {
    const permissionIds = input.permissionIds ?? [];
    const applicationIds = input.applicationIds ?? [];
    await writeRow(trx, 'roles', id, described.row(input), isNew);
    const permissions = permissionIds.map((permission_id) => ({ role_id: id, permission_id }));
    await replaceLinks(trx, 'role_permissions', id, permissions);
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
    // Linked anew: last among each application's roles, visible, not a default.
    if (added.length) {
      const last = await trx
        .selectFrom('application_roles')
        .select(['application_id', (eb) => eb.fn.max('position').as('position')])
        .where('application_id', 'in', added)
        .groupBy('application_id')
        .execute();
      const after = new Map(last.map((row) => [row.application_id, Number(row.position) + 1]));
      await trx
        .insertInto('application_roles')
        .values(
          added.map((application_id) => ({
            application_id,
            role_id: id,
            permission_id: null,
            visible: true,
            is_default: false,
            position: after.get(application_id) ?? 0,
          })),
        )
        .execute();
    }
  },
  usage: (db, id) =>
    usageGroups(db, [
      ['APPLICATION', linkedApplications('application_roles', 'role_id', id)],
      ['USER', holders(held.roles, id)],
      ['ACTIVATION_GROUP', activationGroupApps(held.roles, id)],
      // #30.3: applications whose admin permission is held only through this role.
      ['ADMIN_PERMISSION_LOST', adminPermissionLost(sql<boolean>`x.role_id = ${id}`)],
    ]),
};

// ---------------------------------------------------------------- account accesses
const accountAccesses: Crud<'account_accesses'> = {
  listing: {
    ...byKeyAndLabel,
    fields: {
      id: idField,
      key: keyField,
      label: labelField,
      parentId: { column: 'parent_id', read: nullable, csv: 'csvParent' },
    },
    csvFile: 'kontozugaenge',
  },
  get: async (db, x) => {
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
  check: async (db, id, input) => {
    await keyFree(db, 'account_accesses', input.key, id);
    const parentId = input.parentId ?? null;
    if (parentId) {
      await mustExist(db, 'account_accesses', [parentId], 'parentId');
      // Walk up from the new parent: meeting this group again would make a cycle.
      let cursor: string | null = parentId;
      for (let depth = 0; cursor && depth < 1000; depth++) {
        if (cursor === id) throw fieldError('parentId', 'parentCycle', 'accountAccess.cycle');
        const up: { parent_id: string | null } | undefined = await db
          .selectFrom('account_accesses')
          .select('parent_id')
          .where('id', '=', cursor)
          .executeTakeFirst();
        cursor = up?.parent_id ?? null;
      }
    }
    if (input.attributeId) await mustExist(db, 'attributes', [input.attributeId], 'attributeId');
  },
  save: async (trx, id, input, isNew) => {
    const row = {
      key: input.key,
      label: input.label.trim(),
      parent_id: input.parentId ?? null,
      parent_determination_method: input.parentDeterminationMethod ?? 'NONE',
      child_determination_method: input.childDeterminationMethod ?? 'NONE',
      attribute_id: input.attributeId ?? null,
    };
    await writeRow(trx, 'account_accesses', id, row, isNew);
  },
  usage: (db, id) =>
    usageGroups(db, [
      ['APPLICATION', linkedApplications('application_account_accesses', 'account_access_id', id)],
      ['USER', holders(held.account_accesses, id)],
      ['ACCOUNT_ACCESS', sql`SELECT id, label FROM account_accesses WHERE parent_id = ${id}`],
      ['ACTIVATION_GROUP', activationGroupApps(held.account_accesses, id)],
    ]),
};

// ---------------------------------------------------------------- custom flows
const customFlows: Crud<'custom_flows'> = {
  listing: { ...described.listing, csvFile: 'ablaeufe' },
  get: async (db, f) => {
    const attrs = await db
      .selectFrom('custom_flow_attributes')
      .select('attribute_id')
      .where('custom_flow_id', '=', f.id)
      .orderBy('position')
      .execute();
    return {
      ...described.answer(f),
      attributeIds: attrs.map((a) => a.attribute_id),
    };
  },
  check: async (db, id, input) => {
    await keyFree(db, 'custom_flows', input.key, id);
    await linkable(db, 'attributes', input.attributeIds, 'attributeIds');
  },
  save: async (trx, id, input, isNew) => {
    const attributeIds = input.attributeIds ?? [];
    await writeRow(trx, 'custom_flows', id, described.row(input), isNew);
    const attributes = attributeIds.map((attribute_id, position) => ({ custom_flow_id: id, attribute_id, position }));
    await replaceLinks(trx, 'custom_flow_attributes', id, attributes);
  },
  usage: (db, id) =>
    usageGroups(db, [['APPLICATION', linkedApplications('application_custom_flows', 'custom_flow_id', id)]]),
};

export function entityRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/', crudRoutes(deps, 'attributes', attributes));
  app.route('/', crudRoutes(deps, 'permissions', permissions));
  app.route('/', crudRoutes(deps, 'roles', roles));
  app.route('/', crudRoutes(deps, 'account_accesses', accountAccesses));
  app.route('/', crudRoutes(deps, 'custom_flows', customFlows));
  return app;
}
