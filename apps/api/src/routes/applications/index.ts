// Global administration of applications (applications.read / applications.write): `/Applications` the list and
// `…/Export` its CSV, create, one, update, delete and `…/BulkDelete`, `…/:id/Usage`, `…/:id/History` and its revert;
// the logo upload (images.ts). The answer: answer.ts; the input's rules: input.ts; the save: save.ts.
import { Hono } from 'hono';
import type { Transaction } from 'kysely';
import type { components } from '@portal/contract';
import { newId, requirePermission } from '../../context.ts';
import type { AppEnv, Deps } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { readJson } from '../../http/body.ts';
import { badRequest, notFound, unlessNotFound } from '../../http/errors.ts';
import { parseList, type ListQuery } from '../../http/list.ts';
import { csvDownload } from '../../http/csv.ts';
import { recordHistory } from '../../history.ts';
import { applicationUsage } from '../../services/usage.ts';
import { csvFields } from '../csv-fields.ts';
import { historyList, revertOfDeleted, revertedInput, someHistory, type Undo } from '../history.ts';
import { applicationDto, flatten, nowOf } from './answer.ts';
import { imageRoutes } from './images.ts';
import { check } from './input.ts';
import { save } from './save.ts';

type S = components['schemas'];

const applicationCsvColumns = csvFields<S['ApplicationSummary']>(
  'id',
  'label',
  'url',
  'description',
  'internal',
  'sortNumber',
  'released',
);

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
