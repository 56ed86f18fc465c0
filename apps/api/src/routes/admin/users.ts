// An application's users (/Admin/Applications/:id/Users): the list (search, sort; deep pages by sort key) and
// `…/Export` its CSV. One user's access: user.ts; several at once: bulk.ts, import.ts.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, Deps } from '../../context.ts';
import { csvDownload } from '../../http/csv.ts';
import { cached, countedApplicationUsers, FEW_MATCHES, keyBy, keyByNullsLast, pageOf } from '../../http/list-cache.ts';
import type { KeyPart } from '../../http/list-cache.ts';
import { parseList } from '../../http/list.ts';
import { pick, refsOf } from '../../services/access.ts';
import { countUsersMatching } from '../../services/users.ts';
import { csvFields } from '../csv-fields.ts';
import { nextBatch, pageRows, pageStart } from '../list-pages.ts';
import { guards, iso, isoOrNull, type S } from './shared.ts';

/** The columns of an application's user, for its list and its CSV alike (`applicationUserOf`). */
const applicationUserColumns = [
  'u.id',
  'u.full_name',
  'u.email',
  'u.company_name',
  'au.access_since',
  'au.ends_at',
  'au.role_ids',
] as const;

/** A user of an application as its list shows them; `roles` names their roles. */
const applicationUserOf = (
  r: {
    id: string;
    full_name: string;
    email: string;
    company_name: string | null;
    access_since: Date | string;
    ends_at: Date | string | null;
    role_ids: string[];
  },
  roles: ReadonlyMap<string, S['Ref']>,
): S['ApplicationUserSummary'] => ({
  id: r.id,
  fullName: r.full_name,
  email: r.email,
  companyName: r.company_name,
  accessSince: iso(r.access_since),
  endsAt: isoOrNull(r.ends_at),
  roles: pick(roles, r.role_ids),
});

/** The CSV of an application's users: as the list shows them, the roles by name. */
const applicationUserCsvColumns = csvFields<
  Omit<S['ApplicationUserSummary'], 'roles'> & { roles: string; sortKey: string[] }
>('id', 'fullName', 'email', ['companyName', 'csvCompany'], 'accessSince', 'endsAt', 'roles');

export function applicationUserListRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const { administered } = guards(deps);

  const applicationUserKeys: Record<'fullName' | 'email' | 'companyName' | 'accessSince', KeyPart[]> = {
    fullName: keyBy(sql`u.full_name`, sql`u.id`),
    email: keyBy(sql`u.email`, sql`u.id`),
    companyName: keyByNullsLast(sql`u.company_name`, sql`u.id`),
    accessSince: keyBy(sql`au.access_since`, sql`au.user_id`, 'timestamptz'),
  };

  /** The application's users with their user rows (`au`, `u`): all of them, or those the search (`like`) finds. */
  const applicationUsersOf = (applicationId: string, like: string | undefined) =>
    db
      .selectFrom('application_users as au')
      .innerJoin('users as u', 'u.id', 'au.user_id')
      .where('au.application_id', '=', applicationId)
      .$if(like !== undefined, (q) => q.where('u.search', 'like', like ?? ''));

  app.get('/Admin/Applications/:id/Users', async (c) => {
    const { a } = await administered(c);
    const list = parseList(c, {
      sorts: ['fullName', 'email', 'companyName', 'accessSince'] as const,
      defaultSort: 'fullName',
    });
    const like = list.like;
    const keys = applicationUserKeys[list.sort];
    let base = applicationUsersOf(a.id, like);
    const start = await pageStart(
      db,
      {
        tables: ['application_users', 'users'],
        key: `app-users:anchors:${a.id}:${list.sort}:${list.order}`,
        from: 'application_users au JOIN users u ON u.id = au.user_id WHERE au.application_id = $1',
        parameter: a.id,
      },
      keys,
      list,
    );
    if (start.after) base = base.where(start.after);
    const countKey = `app-users:count:${a.id}:${like ?? ''}`;
    const [rows, total] = await pageOf(
      db,
      like === undefined ? undefined : { tables: ['application_users', 'users'], key: countKey },
      list.offset,
      async (found) =>
        pageRows(
          (found !== undefined && like !== undefined && (await countUsersMatching(db, like)) <= FEW_MATCHES
            ? // A term matching few users: those users first (trigram index), each looked up in this
              // application's users by key (lateral subqueries with OFFSET 0, which the planner keeps
              // as they are), then sorted; walking a sort index would test tens of thousands of rows.
              db
                .selectFrom(
                  db
                    .selectFrom('users')
                    .select(['id', 'full_name', 'email', 'company_name'])
                    .where('search', 'like', like)
                    .offset(0)
                    .as('u'),
                )
                .innerJoinLateral(
                  (eb) =>
                    eb
                      .selectFrom('application_users')
                      .select(['user_id', 'access_since', 'ends_at', 'role_ids'])
                      .where('application_id', '=', a.id)
                      .whereRef('user_id', '=', 'u.id')
                      .offset(0)
                      .as('au'),
                  (join) => join.onTrue(),
                )
            : base
          ).select([...applicationUserColumns]),
          keys,
          list,
          start.skip,
        ),
      // The users of each application are counted by triggers; a search's count is cached.
      () =>
        like === undefined
          ? countedApplicationUsers(db, a.id)
          : cached(db, ['application_users', 'users'], countKey, async () =>
              Number(
                (
                  await applicationUsersOf(a.id, like)
                    .select((eb) => eb.fn.countAll<string>().as('n'))
                    .executeTakeFirstOrThrow()
                ).n,
              ),
            ),
    );
    const roles = await refsOf(
      db,
      'roles',
      rows.flatMap((r) => r.role_ids),
    );
    return c.json({
      items: rows.map((r) => applicationUserOf(r, roles)),
      total,
    } satisfies S['ApplicationUserList']);
  });

  // The application's users with the search and sort as CSV (#20.3), read by sort key; before `/Users/:userId`.
  app.get('/Admin/Applications/:id/Users/Export', async (c) => {
    const { a } = await administered(c);
    const list = parseList(c, {
      sorts: ['fullName', 'email', 'companyName', 'accessSince'] as const,
      defaultSort: 'fullName',
    });
    const keys = applicationUserKeys[list.sort];
    return csvDownload(c, 'anwendungsbenutzer', applicationUserCsvColumns, async (limit, { last }) => {
      const rows = await nextBatch(
        applicationUsersOf(a.id, list.like).select([...applicationUserColumns]),
        keys,
        list.order,
        limit,
        last?.sortKey,
      );
      const roles = await refsOf(
        db,
        'roles',
        rows.flatMap((r) => r.role_ids),
      );
      return rows.map((r) => {
        const user = applicationUserOf(r, roles);
        return { ...user, roles: user.roles.map((role) => role.label).join(', '), sortKey: r.sort_key };
      });
    });
  });

  return app;
}
