// Global users (all_users.read / all_users.write): `/Users` the list and `…/Export` its CSV, one, `…/:id/Usage`, delete
// and `…/BulkDelete`. The identity provider's calls: internal.ts.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { components } from '@portal/contract';
import { requirePermission } from '../context.ts';
import type { AppEnv, Ctx, Deps } from '../context.ts';
import { readJson } from '../http/body.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { countedUsers, FEW_MATCHES, keyBy, keyByNullsLast, pageOf } from '../http/list-cache.ts';
import { nextBatch, pageRows, pageStart } from './list-pages.ts';
import type { KeyPart } from '../http/list-cache.ts';
import { parseList } from '../http/list.ts';
import { csvDownload } from '../http/csv.ts';
import { csvFields } from './csv-fields.ts';
import { uuidOf } from './uuid.ts';
import { recordHistory } from '../history.ts';
import { pick, queueWebhook, refsOf } from '../services/access.ts';
import { countUsersMatching } from '../services/users.ts';
import { userUsage } from '../services/usage.ts';

type S = components['schemas'];
const iso = (d: Date | string) => new Date(d).toISOString();

/** A user's columns in the list and its CSV. */
const userColumns = [
  'id',
  'full_name',
  'first_name',
  'last_name',
  'email',
  'company_name',
  'internal',
  'language',
  'created_at',
] as const;

/** A user's row with the `userColumns`. */
interface UserRow {
  id: string;
  full_name: string;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string | null;
  internal: boolean;
  language: string;
  created_at: Date | string;
}

/** A user as the list shows them (the detail adds the address and the applications). */
const userOf = (u: UserRow): S['UserSummary'] => ({
  id: u.id,
  fullName: u.full_name,
  firstName: u.first_name,
  lastName: u.last_name,
  email: u.email,
  companyName: u.company_name,
  internal: u.internal,
  language: u.language as S['Language'],
  createdAt: iso(u.created_at),
});

/** A user as the CSV shows them: as the list does, with where the next batch starts. */
const userCsvColumns = csvFields<S['UserSummary'] & { sortKey: string[] }>(
  'id',
  'fullName',
  'firstName',
  'lastName',
  'email',
  ['companyName', 'csvCompany'],
  'internal',
  'language',
  'createdAt',
);

export function userRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  // Sort keys end with the unique id; all parts are non-null (company: NULLs last, as
  // ORDER BY company_name would put them), so that pages can start after an anchor.
  const userKeys: Record<'fullName' | 'email' | 'companyName' | 'createdAt', KeyPart[]> = {
    fullName: keyBy(sql`full_name`, sql`id`),
    email: keyBy(sql`email`, sql`id`),
    companyName: keyByNullsLast(sql`company_name`, sql`id`),
    createdAt: keyBy(sql`created_at`, sql`id`, 'timestamptz'),
  };

  /** The list asked for (paging, search, sort) and its sort key, once the caller may read all users. */
  async function usersQuery(c: Ctx) {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'all_users.read');
    const list = parseList(c, {
      sorts: ['fullName', 'email', 'companyName', 'createdAt'] as const,
      defaultSort: 'fullName',
    });
    return { list, keys: userKeys[list.sort] };
  }

  /** All users, as the triggers count them. */
  const countAllUsers = () => countedUsers(db);

  app.get('/Users', async (c) => {
    const { list, keys } = await usersQuery(c);
    let base = db.selectFrom('users').$if(list.like !== undefined, (q) => q.where('search', 'like', list.like ?? ''));
    const start = await pageStart(
      db,
      { tables: ['users'], key: `users:anchors:${list.sort}:${list.order}`, from: 'users' },
      keys,
      list,
    );
    if (start.after) base = base.where(start.after);
    const like = list.like;
    const countKey = `users:count:${like ?? ''}`;
    const [rows, total] = await pageOf(
      db,
      like === undefined ? undefined : { tables: ['users'], key: countKey },
      list.offset,
      (found) =>
        pageRows(
          (found !== undefined && found <= FEW_MATCHES
            ? // OFFSET 0 keeps the planner from merging the subquery: matches first, then the sort.
              db.selectFrom(base.selectAll().offset(0).as('users'))
            : base
          ).select(userColumns),
          keys,
          list,
          start.skip,
        ),
      // The user count is kept by triggers; the count of a search is cached until users change.
      () => (like === undefined ? countAllUsers() : countUsersMatching(db, like)),
    );
    return c.json({ items: rows.map(userOf), total } satisfies S['UserList']);
  });

  // The whole list with its current search and sort as CSV (#20.3): read in batches of 1,000
  // after the last row's sort key, written as they come (never the whole file in memory).
  app.get('/Users/Export', async (c) => {
    const { list, keys } = await usersQuery(c);
    return csvDownload(c, 'benutzer', userCsvColumns, async (limit, { last }) =>
      (
        await nextBatch(
          db
            .selectFrom('users')
            .$if(list.like !== undefined, (q) => q.where('search', 'like', list.like ?? ''))
            .select(userColumns),
          keys,
          list.order,
          limit,
          last?.sortKey,
        )
      ).map((u) => ({ ...userOf(u), sortKey: u.sort_key })),
    );
  });

  app.get('/Users/:id', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'all_users.read');
    const id = uuidOf(c.req.param('id'));
    const u = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!u) throw notFound();
    const grants = await db
      .selectFrom('application_users as au')
      .innerJoin('applications as a', 'a.id', 'au.application_id')
      .select(['a.id', 'a.label', 'au.access_since', 'au.role_ids', 'au.account_access_ids'])
      .where('au.user_id', '=', id)
      .orderBy('a.label')
      .limit(100)
      .execute();
    const roles = await refsOf(
      db,
      'roles',
      grants.flatMap((g) => g.role_ids),
    );
    const accesses = await refsOf(
      db,
      'account_accesses',
      grants.flatMap((g) => g.account_access_ids),
    );
    return c.json({
      ...userOf(u),
      address: u.address ?? null,
      signIn: u.issuer !== null && u.subject !== null ? { issuer: u.issuer, subject: u.subject } : null,
      applications: grants.map((g) => ({
        id: g.id,
        label: g.label,
        accessSince: iso(g.access_since),
        roles: pick(roles, g.role_ids),
        accountAccesses: pick(accesses, g.account_access_ids),
      })),
    } satisfies S['UserDetail']);
  });

  // What a delete would affect (#30.3): the console's delete dialog says it first.
  app.get('/Users/:id/Usage', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'all_users.read');
    const id = uuidOf(c.req.param('id'));
    await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirstOrThrow(notFound);
    return c.json({ groups: await userUsage(db, id) } satisfies S['EntityUsage']);
  });

  /** Deletes one user in `trx`: REMOVE for each access they had, then the user (history); whether a webhook was queued. */
  async function deleteUser(trx: Transaction<DB>, id: string, by: string): Promise<boolean> {
    let queued = false;
    const grants = await trx.selectFrom('application_users').selectAll().where('user_id', '=', id).execute();
    for (const g of grants) {
      if (
        await queueWebhook(trx, g.application_id, id, 'REMOVE', {
          roleIds: g.role_ids,
          accountAccessIds: g.account_access_ids,
        })
      )
        queued = true;
    }
    const deleted = await trx.deleteFrom('users').where('id', '=', id).returning('id').executeTakeFirst();
    if (!deleted) throw notFound();
    await recordHistory(trx, { table: 'users', entity: id, mode: 'DELETE', by });
    return queued;
  }

  app.delete('/Users/:id', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'all_users.write');
    const id = uuidOf(c.req.param('id'));
    const queued = await db.transaction().execute((trx) => deleteUser(trx, id, me.userId));
    if (queued) deps.onWebhookQueued();
    return c.body(null, 204);
  });

  // Several users at once (#20.3): each as the single delete, all in one transaction; an unknown id deletes nothing.
  app.post('/Users/BulkDelete', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'all_users.write');
    const { ids } = await readJson(c, 'BulkIds');
    const wanted = ids.map((id) => id.toLowerCase());
    const queued = await db.transaction().execute(async (trx) => {
      const found = new Set(
        (await trx.selectFrom('users').select('id').where('id', 'in', wanted).forUpdate().execute()).map((u) => u.id),
      );
      const problems = wanted.flatMap((id, i) =>
        found.has(id) ? [] : [{ key: 'referenceNotFound' as const, field: `ids.${i}`, args: [id] }],
      );
      if (problems.length) throw badRequest(problems, 'referenceNotFound', 'reference.notFound');
      let any = false;
      for (const id of wanted) if (await deleteUser(trx, id, me.userId)) any = true;
      return any;
    });
    if (queued) deps.onWebhookQueued();
    return c.json({ count: wanted.length } satisfies S['BulkResult']);
  });

  return app;
}
