// An application's access requests (/Admin/Applications/:id/AccessRequests): the list (search, status, sort; deep
// pages by sort key), `…/Export` its CSV, `…/Decide` several decided at once (a job). One request: access-request.ts.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, Ctx, Deps } from '../../context.ts';
import { readJson } from '../../http/body.ts';
import { csvDownload } from '../../http/csv.ts';
import { ApiError } from '../../http/errors.ts';
import { cached, cachedWith, keyBy, orderBy, pageOf } from '../../http/list-cache.ts';
import type { KeyPart } from '../../http/list-cache.ts';
import { parseList } from '../../http/list.ts';
import { refsOf } from '../../services/access.ts';
import { csvFields } from '../csv-fields.ts';
import { nextBatch } from '../list-pages.ts';
import { acceptJob } from './jobs.ts';
import { guards, iso, type S } from './shared.ts';

const accessRequestCsvColumns = csvFields<{
  id: string;
  status: string;
  requestedAt: string;
  fullName: string;
  email: string;
  company: string | null;
  requestedAccountAccess: string | null;
  sortKey: string[];
}>('id', 'status', 'requestedAt', 'fullName', 'email', 'company', 'requestedAccountAccess');

/** The columns of an access request that its list shows (of `access_requests as r` joined with `users as u`). */
export const requestSummaryColumns = [
  'r.id',
  'r.application_id',
  'r.status',
  'r.requested_at',
  'r.account_access_id',
  'u.id as user_id',
  'u.full_name',
  'u.email',
  'u.company_name',
] as const;

/** An access request as its list shows it (its detail adds the rest); `accesses` names the requested group. */
export const requestSummaryOf = (
  r: {
    id: string;
    application_id: string;
    status: string;
    requested_at: Date | string;
    account_access_id: string | null;
    user_id: string;
    full_name: string;
    email: string;
    company_name: string | null;
  },
  accesses: ReadonlyMap<string, S['Ref']>,
): S['AccessRequestSummary'] => ({
  id: r.id,
  applicationId: r.application_id,
  status: r.status as S['AccessRequestStatus'],
  requestedAt: iso(r.requested_at),
  user: { id: r.user_id, fullName: r.full_name, email: r.email, companyName: r.company_name },
  requestedAccountAccess: r.account_access_id ? (accesses.get(r.account_access_id) ?? null) : null,
});

export function accessRequestListRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const { managerOf } = guards(deps);

  // Sort keys end with a unique column and have no NULLs (company: NULLs last, as ORDER BY
  // company_name would put them): an index serves them, and deep pages seek after anchors.
  const requestKeys: Record<'requestedAt' | 'fullName' | 'email' | 'status', KeyPart[]> = {
    requestedAt: keyBy(sql`r.requested_at`, sql`r.id`, 'timestamptz'),
    fullName: keyBy(sql`u.full_name`, sql`r.id`),
    email: keyBy(sql`u.email`, sql`r.id`),
    status: keyBy(sql`r.status`, sql`r.id`),
  };

  /** An application's requests as asked for: its manager, the status filter, search and sort. */
  async function requestsQuery(c: Ctx) {
    const me = await deps.auth.user(c.req.header('authorization'));
    const a = await managerOf(me, c.req.param('id') ?? '');
    const list = parseList(c, {
      sorts: ['requestedAt', 'fullName', 'email', 'status'] as const,
      defaultSort: 'requestedAt',
      defaultOrder: 'desc',
    });
    const status = c.req.query('status');
    if (status !== undefined && !['OPEN', 'ACCEPTED', 'DENIED', 'CANCELLED', 'EXPIRED'].includes(status))
      throw new ApiError(400, 'badRequest', { problems: [{ key: 'invalidValue', field: 'status' }] });
    const ofApplication = db
      .selectFrom('access_requests as r')
      .where('r.application_id', '=', a.id)
      .$if(status !== undefined, (q) => q.where('r.status', '=', status ?? ''));
    return { a, list, status, ofApplication };
  }

  app.get('/Admin/Applications/:id/AccessRequests', async (c) => {
    const { a, list, status, ofApplication } = await requestsQuery(c);
    const like = list.like;
    const keys = requestKeys[list.sort];
    // The requests of this application (and status), counted once and cached until requests change.
    const countAll = () =>
      cached(db, ['access_requests'], `requests:count:${a.id}:${status ?? ''}:`, async () =>
        Number((await ofApplication.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
      );
    // Up to this many requests, a search or a sort by user columns looks up each request's user
    // by key (a lateral subquery the planner cannot merge away) instead of letting the planner
    // scan users in key or name order (tens of thousands of rows for a few thousand requests).
    const probeUsers =
      like !== undefined || (list.sort !== 'requestedAt' && list.sort !== 'status')
        ? (await countAll()) <= 10_000
        : false;
    const withUsers = () =>
      probeUsers
        ? ofApplication.innerJoinLateral(
            (eb) =>
              eb
                .selectFrom('users as u')
                .select(['u.id', 'u.full_name', 'u.email', 'u.company_name', 'u.search'])
                .whereRef('u.id', '=', 'r.user_id')
                .offset(0)
                .as('u'),
            (join) => join.onTrue(),
          )
        : ofApplication.innerJoin('users as u', 'u.id', 'r.user_id');
    const searchPage = () =>
      withUsers()
        .where('u.search', 'like', like ?? '')
        .select(requestSummaryColumns)
        .orderBy(orderBy(keys, list.order))
        .limit(list.pageSize)
        .offset(list.offset);
    let page: { rows: Awaited<ReturnType<ReturnType<typeof searchPage>['execute']>>; total: number };
    if (like !== undefined && probeUsers) {
      // A search over a few thousand requests: the first page of a new term brings its total
      // along (a window count over the rows the page is sorted from), later pages use the cache.
      const counted = await cachedWith(
        db,
        ['access_requests', 'users'],
        `requests:count:${a.id}:${status ?? ''}:${like}`,
        async () => {
          const rows = await searchPage()
            .select(sql<string>`count(*) OVER ()`.as('total'))
            .execute();
          const value = rows[0]
            ? Number(rows[0].total)
            : Number(
                (
                  await withUsers()
                    .where('u.search', 'like', like)
                    .select((eb) => eb.fn.countAll<string>().as('n'))
                    .executeTakeFirstOrThrow()
                ).n,
              );
          return { value, extra: rows };
        },
      );
      page = {
        rows: counted.extra ?? (counted.value > list.offset ? await searchPage().execute() : []),
        total: counted.value,
      };
    } else {
      const countKey = `requests:count:${a.id}:${status ?? ''}:${like ?? ''}`;
      const [rows, total] = await pageOf(
        db,
        like === undefined ? undefined : { tables: ['access_requests', 'users'], key: countKey },
        list.offset,
        () =>
          like === undefined && (list.sort === 'requestedAt' || list.sort === 'status')
            ? // Sorted by the request's own columns: the page is taken from the requests' index
              // first, and only its rows are joined with their users.
              db
                .selectFrom(
                  ofApplication
                    .selectAll('r')
                    .orderBy(orderBy(keys, list.order))
                    .limit(list.pageSize)
                    .offset(list.offset)
                    .as('r'),
                )
                .innerJoin('users as u', 'u.id', 'r.user_id')
                .select(requestSummaryColumns)
                .orderBy(orderBy(keys, list.order))
                .execute()
            : like === undefined
              ? withUsers()
                  .select(requestSummaryColumns)
                  .orderBy(orderBy(keys, list.order))
                  .limit(list.pageSize)
                  .offset(list.offset)
                  .execute()
              : searchPage().execute(),
        // Without a search the join adds nothing to the count (user_id is a foreign key).
        () =>
          like === undefined
            ? countAll()
            : cached(db, ['access_requests', 'users'], countKey, async () =>
                Number(
                  (
                    await withUsers()
                      .where('u.search', 'like', like)
                      .select((eb) => eb.fn.countAll<string>().as('n'))
                      .executeTakeFirstOrThrow()
                  ).n,
                ),
              ),
      );
      page = { rows, total };
    }
    const { rows, total } = page;
    const accesses = await refsOf(
      db,
      'account_accesses',
      rows.flatMap((r) => (r.account_access_id ? [r.account_access_id] : [])),
    );
    return c.json({
      items: rows.map((r) => requestSummaryOf(r, accesses)),
      total,
    } satisfies S['AccessRequestList']);
  });

  // The requests with their status filter, search and sort as CSV (#20.3), read by sort key.
  app.get('/Admin/Applications/:id/AccessRequests/Export', async (c) => {
    const { list, ofApplication } = await requestsQuery(c);
    const keys = requestKeys[list.sort];
    return csvDownload(c, 'zugriffsanfragen', accessRequestCsvColumns, async (limit, { last }) => {
      const rows = await nextBatch(
        ofApplication
          .innerJoin('users as u', 'u.id', 'r.user_id')
          .$if(list.like !== undefined, (q) => q.where('u.search', 'like', list.like ?? ''))
          .select([
            'r.id',
            'r.status',
            'r.requested_at',
            'r.account_access_id',
            'u.full_name',
            'u.email',
            'u.company_name',
          ]),
        keys,
        list.order,
        limit,
        last?.sortKey,
      );
      const accesses = await refsOf(
        db,
        'account_accesses',
        rows.flatMap((r) => (r.account_access_id ? [r.account_access_id] : [])),
      );
      return rows.map((r) => ({
        id: r.id,
        status: r.status,
        requestedAt: iso(r.requested_at),
        fullName: r.full_name,
        email: r.email,
        company: r.company_name,
        requestedAccountAccess: r.account_access_id
          ? (accesses.get(r.account_access_id)?.label ?? r.account_access_id)
          : null,
        sortKey: r.sort_key,
      }));
    });
  });

  // Several requests of one application decided at once (#20.3): each as the single PUT decides it, all in one
  // transaction, as a job (#28.6): 500 decisions may take longer than a proxy waits.
  app.post('/Admin/Applications/:id/AccessRequests/Decide', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    const a = await managerOf(me, c.req.param('id'));
    const body = await readJson(c, 'AccessRequestsDecision');
    return acceptJob(deps, c, { kind: 'ACCESS_REQUESTS_DECIDE', applicationId: a.id, me, input: body });
  });

  return app;
}
