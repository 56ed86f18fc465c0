// The routes of one global kind under its path (`/Attributes`, `/Permissions`, `/Roles`, `/AccountAccesses`,
// `/CustomFlows`): the list and `…/Export` its CSV, create, one, update, `…/:id/History` and its revert, delete and
// `…/BulkDelete`, `…/:id/Usage`; each behind the kind's read or write permission. What differs: the kind's spec.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { components } from '@portal/contract';
import type { Principal } from '../../auth.ts';
import { newId, requirePermission } from '../../context.ts';
import type { AppEnv, Ctx, Deps, GlobalPermission } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { readJson } from '../../http/body.ts';
import { notFound, unlessNotFound } from '../../http/errors.ts';
import { parseList } from '../../http/list.ts';
import { csvDownload } from '../../http/csv.ts';
import { recordHistory } from '../../history.ts';
import { historyList, revertOfDeleted, revertedInput, someHistory, type EntityNow, type Undo } from '../history.ts';
import { kinds, recorded, type Crud, type Entity, type KindSchemas } from './kinds.ts';
import { listPlan, listRows, searchWhere } from './listing.ts';
import { mustExist, rowOf, type Table } from './rows.ts';
import { held, removeHeld } from './usage.ts';
import { uuidOf } from '../uuid.ts';

type S = components['schemas'];

export function crudRoutes<
  T extends Table,
  Dto extends Entity = KindSchemas[T]['dto'],
  Input = KindSchemas[T]['input'],
>(deps: Deps, table: T, spec: Crud<T, Dto, Input>): Hono<AppEnv> {
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
    return c.json((await get(db, uuidOf(c.req.param('id')))) as object);
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
    const id = uuidOf(c.req.param('id'));
    await get(db, id);
    const input = (await readJson(c, inputSchema)) as Input;
    const dto = await db.transaction().execute((trx) => update(trx, id, me.userId, () => input));
    return c.json(dto as object);
  });
  // Undo one change of the history (#19.7): saved as a PUT of the entity with the field as it was.
  app.post(`${path}/:id/History/:entryId/Revert`, async (c) => {
    const me = await user(c, write);
    const id = uuidOf(c.req.param('id'));
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
    const id = uuidOf(c.req.param('id'));
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
      const id = uuidOf(c.req.param('id'));
      await get(db, id);
      return c.json({ groups: await usage(db, id) } satisfies S['EntityUsage']);
    });
  }
  app.get(`${path}/:id/History`, async (c) => {
    await user(c, read);
    const id = uuidOf(c.req.param('id'));
    // A deleted entity's history stays readable; nothing in it can be undone then.
    const dto = await get(db, id).catch(unlessNotFound);
    if (dto === undefined) await someHistory(db, table, id);
    return c.json(await historyList(c, db, table, id, dto === undefined ? undefined : undo(id, dto)));
  });
  return app;
}
