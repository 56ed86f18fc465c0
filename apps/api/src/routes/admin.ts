// Per-application administration: the caller's applications, access requests, users,
// pickers and webhook deliveries. Authorisation is decided here, on the server.
import { deliveryErrorKind } from '../webhooks/errors.ts';
import { Hono } from 'hono';
import { validateApplicationUserRoles } from '@portal/core';
import { sql } from 'kysely';
import type { Selectable, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { components } from '@portal/contract';
import type { Principal } from '../auth.ts';
import { administers, managesAccessRequests } from '../context.ts';
import type { AppEnv, Ctx, Deps } from '../context.ts';
import { readJson } from '../http/body.ts';
import { randomBytes } from 'node:crypto';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { newId } from '../context.ts';
import {
  cached,
  cachedWith,
  countedApplicationUsers,
  FEW_MATCHES,
  keyBy,
  keyByNullsLast,
  orderBy,
  pageOf,
} from '../http/list-cache.ts';
import { nextBatch, pageRows, pageStart } from './list-pages.ts';
import { csvDownload } from '../http/csv.ts';
import { csvFields } from './csv-fields.ts';
import type { KeyPart } from '../http/list-cache.ts';
import { pageAndTotal, parseList } from '../http/list.ts';
import { recordHistory } from '../history.ts';
import {
  accessOf,
  acceptOpenRequests,
  applicationAttributes,
  checkAccountAccesses,
  checkRoles,
  grant,
  insertDelivery,
  loadApplication,
  openRequestCount,
  pick,
  refsOf,
  removeGrant,
  storeValues,
  uniqueOrThrow,
  userAttributeValues,
} from '../services/access.ts';
import { countUsersMatching } from '../services/users.ts';
import { planImport } from '../services/bulk.ts';
import { decideRequest } from '../services/decisions.ts';
import { jobAnswer, jobOf, jobUrl, submitJob, type Submit } from '../jobs/queue.ts';
import { translate } from '../http/messages.ts';
import { accountAccessSelection, roleSelection } from '../services/selections.ts';
import { checkEndsAt, maxEndsAt, type GovernanceSettings } from '../services/governance.ts';
import { openSigningSecret, sealSigningSecret } from '../webhooks/secrets.ts';
import { ACCESS, addSources, defaultRoleIds, markExplicit, rolesAsItems } from '../services/access-sources.ts';

type S = components['schemas'];
type SigningSecret = Selectable<DB['webhooks']>['signing_secrets'][number];
const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

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

type DeliveryRow = {
  id: string;
  event: string;
  user_id: string;
  status: string;
  attempts: number;
  response_status: number | null;
  error: string | null;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
  next_attempt_at: Date | string | null;
  replay_of: string | null;
};
const deliveryOf = (r: DeliveryRow): S['WebhookDelivery'] => ({
  id: r.id,
  event: r.event as S['WebhookDelivery']['event'],
  userId: r.user_id,
  status: r.status as S['WebhookDelivery']['status'],
  attempts: r.attempts,
  responseStatus: r.response_status,
  error: r.error,
  errorKind: deliveryErrorKind(r.error),
  createdAt: iso(r.created_at),
  lastAttemptAt: isoOrNull(r.last_attempt_at),
  nextAttemptAt: isoOrNull(r.next_attempt_at),
  replayOf: r.replay_of,
});

/** The columns of an access request that its list shows (of `access_requests as r` joined with `users as u`). */
const requestSummaryColumns = [
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
const requestSummaryOf = (
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

/** One history entry of the application for a change of its webhook (`webhook.<what>`: `value`). */
function recordWebhookChange(trx: Transaction<DB>, applicationId: string, by: string, what: string, value: string) {
  return recordHistory(trx, {
    table: 'applications',
    entity: applicationId,
    mode: 'UPDATE',
    by,
    before: {},
    after: { [`webhook.${what}`]: value },
  });
}

export function adminRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  async function adminOf(me: Principal, applicationId: string) {
    const a = await loadApplication(db, applicationId);
    if (!administers(me, a.admin_permission_key)) throw forbidden();
    return a;
  }
  /** The caller and the application of the path (`:id`), which the caller administers. */
  async function administered(c: Ctx) {
    const me = await deps.auth.user(c.req.header('authorization'));
    return { me, a: await adminOf(me, c.req.param('id') ?? '') };
  }
  async function managerOf(me: Principal, applicationId: string) {
    const a = await adminOf(me, applicationId);
    if (!managesAccessRequests(me, a.admin_permission_key, a.access_request_allowed)) throw forbidden();
    return a;
  }

  /**
   * A write that may outlast a proxy's patience, accepted as a job (#28.6, ADR 0025): queued (or the same submit's
   * job found), this instance's runner woken, and the job answered as it stands after a moment (a small one is done by
   * then) with 202 and its address.
   */
  async function acceptJob(c: Ctx, submit: Omit<Submit, 'idempotencyKey'>) {
    const { job } = await submitJob(db, { ...submit, idempotencyKey: idempotencyKeyOf(c) });
    let now = job;
    if (job.status === 'QUEUED' || job.status === 'RUNNING') {
      deps.jobs.wake();
      await deps.jobs.settled(job.id, deps.jobs.answerWaitMs);
      // Still running here: answered from memory (on PGlite its transaction holds the only connection).
      now = deps.jobs.running(job.id) ?? (await jobOf(db, job.application_id, job.id)) ?? job;
    }
    c.header('Location', jobUrl(deps.publicUrl, now));
    return c.json(jobAnswer(now, c.get('lang'), deps.publicUrl), 202);
  }

  // Sort keys end with a unique column and have no NULLs (company: NULLs last, as ORDER BY
  // company_name would put them): an index serves them, and deep pages seek after anchors.
  const requestKeys: Record<'requestedAt' | 'fullName' | 'email' | 'status', KeyPart[]> = {
    requestedAt: keyBy(sql`r.requested_at`, sql`r.id`, 'timestamptz'),
    fullName: keyBy(sql`u.full_name`, sql`r.id`),
    email: keyBy(sql`u.email`, sql`r.id`),
    status: keyBy(sql`r.status`, sql`r.id`),
  };
  const applicationUserKeys: Record<'fullName' | 'email' | 'companyName' | 'accessSince', KeyPart[]> = {
    fullName: keyBy(sql`u.full_name`, sql`u.id`),
    email: keyBy(sql`u.email`, sql`u.id`),
    companyName: keyByNullsLast(sql`u.company_name`, sql`u.id`),
    accessSince: keyBy(sql`au.access_since`, sql`au.user_id`, 'timestamptz'),
  };

  app.get('/Admin/Applications', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    const list = parseList(c, { sorts: ['label'] as const, defaultSort: 'label', defaultPageSize: 100 });
    const all = me.permissions.has('applications.write');
    const keys = [...me.permissions];
    if (!all && keys.length === 0) return c.json({ items: [], total: 0 } satisfies S['AdminApplicationList']);
    const base = db
      .selectFrom('applications as a')
      .leftJoin('permissions as p', 'p.id', 'a.admin_permission_id')
      .$if(!all, (q) => q.where('p.key', 'in', keys))
      .$if(list.like !== undefined, (q) => q.where('a.search', 'like', list.like ?? ''));
    const [rows, total] = await pageAndTotal(
      base
        .select([
          'a.id',
          'a.label',
          'a.logo_url',
          'a.url',
          'a.internal',
          'a.access_request_allowed',
          'p.key as admin_key',
          openRequestCount,
        ])
        .orderBy('a.label', list.order)
        .orderBy('a.id'),
      base,
      list,
    );
    return c.json({
      items: rows.map((r) => ({
        id: r.id,
        label: r.label,
        logoUrl: r.logo_url,
        url: r.url,
        internal: r.internal,
        accessRequestsAmount: Number(r.open ?? 0),
        permissions: { manageAccessRequests: managesAccessRequests(me, r.admin_key, r.access_request_allowed) },
      })),
      total,
    } satisfies S['AdminApplicationList']);
  });

  // ---------------------------------------------------------------- access requests
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

  async function accessRequest(id: string): Promise<S['AccessRequest']> {
    const r = await db
      .selectFrom('access_requests as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('applications as a', 'a.id', 'r.application_id')
      .leftJoin('users as d', 'd.id', 'r.decided_by')
      .select([
        ...requestSummaryColumns,
        'r.role_id',
        'r.comment',
        'r.decided_at',
        'r.decided_by',
        'd.full_name as decided_by_name',
        'r.reason',
        'r.role_ids',
        'r.account_access_ids',
        'r.answers',
        'r.requested_ends_at',
        'r.ends_at',
        'r.expired_at',
        'a.time_bound_access',
        'a.max_access_days',
      ])
      .where('r.id', '=', id)
      .executeTakeFirst();
    if (!r) throw notFound();
    const accesses = await refsOf(db, 'account_accesses', r.account_access_id ? [r.account_access_id] : []);
    const roles = await refsOf(db, 'roles', r.role_id ? [r.role_id] : []);
    // Who decided (#30.7): by name as now, or as the decision's history entry recorded it once the account is gone.
    const decidedByName =
      r.decided_by === null
        ? null
        : (r.decided_by_name ??
          (
            await db
              .selectFrom('history')
              .select('updated_by_name')
              .where('table_name', '=', 'access_requests')
              .where('entity', '=', id)
              .where('field', '=', 'status')
              .where('updated_by', '=', r.decided_by)
              .orderBy('updated_at', 'desc')
              .limit(1)
              .executeTakeFirst()
          )?.updated_by_name ??
          null);
    return {
      ...requestSummaryOf(r, accesses),
      requestedRole: r.role_id ? (roles.get(r.role_id) ?? null) : null,
      comment: r.comment,
      decidedAt: isoOrNull(r.decided_at),
      decidedBy: r.decided_by,
      decidedByName,
      reason: r.reason,
      roleIds: r.role_ids,
      accountAccessIds: r.account_access_ids,
      justification: r.comment,
      answers: r.answers,
      requestedEndsAt: isoOrNull(r.requested_ends_at),
      endsAt: isoOrNull(r.ends_at),
      expiredAt: isoOrNull(r.expired_at),
      timeBoundAccess: r.time_bound_access,
      maxEndsAt: isoOrNull(maxEndsAt(r, new Date())),
    };
  }

  const requestId = (id: string) => {
    if (!/^[0-9a-fA-F-]{36}$/.test(id)) throw notFound();
    return id.toLowerCase();
  };

  app.get('/Admin/Applications/AccessRequests/:id', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    const r = await accessRequest(requestId(c.req.param('id')));
    await managerOf(me, r.applicationId);
    return c.json(r);
  });

  app.put('/Admin/Applications/AccessRequests/:id', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    const id = requestId(c.req.param('id'));
    const existing = await accessRequest(id);
    await managerOf(me, existing.applicationId);
    const body = await readJson(c, 'AccessRequestDecision');
    const queued = await db
      .transaction()
      .execute((trx) => decideRequest(trx, me, id, body, existing.applicationId, deps.mail));
    if (queued) deps.onWebhookQueued();
    return c.json(await accessRequest(id));
  });

  // Several requests of one application decided at once (#20.3): each as the single PUT decides it, all in one
  // transaction, as a job (#28.6): 500 decisions may take longer than a proxy waits.
  app.post('/Admin/Applications/:id/AccessRequests/Decide', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    const a = await managerOf(me, c.req.param('id'));
    const body = await readJson(c, 'AccessRequestsDecision');
    return acceptJob(c, { kind: 'ACCESS_REQUESTS_DECIDE', applicationId: a.id, me, input: body });
  });

  // ---------------------------------------------------------------- users of an application
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
          ).select([
            'u.id',
            'u.full_name',
            'u.email',
            'u.company_name',
            'au.access_since',
            'au.ends_at',
            'au.role_ids',
          ]),
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
        applicationUsersOf(a.id, list.like).select([
          'u.id',
          'u.full_name',
          'u.email',
          'u.company_name',
          'au.access_since',
          'au.ends_at',
          'au.role_ids',
        ]),
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

  const userId = (id: string) => {
    if (!/^[0-9a-fA-F-]{36}$/.test(id)) throw notFound();
    return id.toLowerCase();
  };

  /** A user's access to application `a` (its governance settings say whether and until when an end may be set). */
  async function applicationUser(a: { id: string } & GovernanceSettings, id: string): Promise<S['ApplicationUser']> {
    const applicationId = a.id;
    const u = await db
      .selectFrom('users')
      .select(['id', 'full_name', 'email', 'company_name'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!u) throw notFound();
    const g = await accessOf(db, applicationId, id);
    const roles = await refsOf(db, 'roles', g?.role_ids ?? []);
    const accesses = await refsOf(db, 'account_accesses', g?.account_access_ids ?? []);
    return {
      user: { id: u.id, fullName: u.full_name, email: u.email, companyName: u.company_name },
      hasAccess: Boolean(g),
      accessSince: g ? iso(g.access_since) : null,
      endsAt: isoOrNull(g?.ends_at ?? null),
      timeBoundAccess: a.time_bound_access,
      maxEndsAt: isoOrNull(maxEndsAt(a, new Date())),
      roles: pick(roles, g?.role_ids ?? []),
      accountAccesses: pick(accesses, g?.account_access_ids ?? []),
      attributes: await userAttributeValues(db, id, applicationId, false, (x) => x.editable_by_others),
    };
  }

  app.get('/Admin/Applications/:id/Users/:userId', async (c) => {
    const { a } = await administered(c);
    return c.json(await applicationUser(a, userId(c.req.param('userId'))));
  });

  app.put('/Admin/Applications/:id/Users/:userId', async (c) => {
    const { me, a } = await administered(c);
    const uid = userId(c.req.param('userId'));
    const body = await readJson(c, 'ApplicationUserInput');
    let queued = false;
    await db.transaction().execute(async (trx) => {
      const u = await trx.selectFrom('users').select('id').where('id', '=', uid).executeTakeFirst();
      if (!u) throw notFound();
      uniqueOrThrow(body.roleIds, 'roleIds');
      // #29.4: access granted without choosing a role gets the application's default roles.
      const defaults =
        body.roleIds.length === 0 && !(await accessOf(trx, a.id, uid)) ? await defaultRoleIds(trx, a.id) : [];
      const roleIds = body.roleIds.length === 0 ? defaults : body.roleIds;
      // #17.16: a user's access holds at least one role (core's rule, as when accepting a
      // request); no role (and none by default, or a user who has access already) is refused,
      // not saved as an access without roles. Removing the access is DELETE.
      if (validateApplicationUserRoles(roleIds) !== undefined) {
        throw new ApiError(400, 'roleRequired', {
          code: 'applicationUser.roleRequired',
          problems: [{ key: 'roleRequired', field: 'roleIds' }],
        });
      }
      await checkRoles(trx, a.id, roleIds, me.permissions, 'roleIds');
      const accountAccessIds = body.accountAccessIds ?? [];
      await checkAccountAccesses(trx, a.id, accountAccessIds, 'accountAccessIds');
      if (body.attributes?.length) {
        const allowed = await applicationAttributes(trx, a.id, false);
        await storeValues(trx, {
          userId: uid,
          by: me.userId,
          values: body.attributes,
          allowed,
          editable: (x) => x.editable_by_others,
          fieldPrefix: 'attributes',
        });
      }
      queued = await grant(trx, {
        applicationId: a.id,
        userId: uid,
        roleIds,
        accountAccessIds,
        by: me.userId,
        // A time-bound grant (#19): omitted keeps the stored end, null removes it.
        ...(body.endsAt === undefined ? {} : { endsAt: checkEndsAt(a, body.endsAt, 'endsAt') }),
      });
      await addSources(trx, a.id, uid, rolesAsItems(defaults), { kind: 'DEFAULT_ROLE', by: me.userId });
      // Saved by an administrator: the access stays theirs when a group that granted it is left (#29.3).
      await markExplicit(trx, a.id, uid, [ACCESS], { kind: 'DIRECT_GRANT', by: me.userId });
      if (
        await acceptOpenRequests(trx, {
          applicationId: a.id,
          userId: uid,
          roleIds,
          accountAccessIds,
          by: me.userId,
          mail: deps.mail,
        })
      )
        queued = true;
    });
    if (queued) deps.onWebhookQueued();
    return c.json(await applicationUser(a, uid));
  });

  app.delete('/Admin/Applications/:id/Users/:userId', async (c) => {
    const { me, a } = await administered(c);
    const uid = userId(c.req.param('userId'));
    const queued = await db.transaction().execute((trx) => removeGrant(trx, a.id, uid, me.userId));
    if (queued) deps.onWebhookQueued();
    return c.body(null, 204);
  });

  // Several users' access changed at once (#20.3): all or nothing, each user as the single PUT or DELETE; a job (#28.6).
  app.post('/Admin/Applications/:id/Users/Bulk', async (c) => {
    const { me, a } = await administered(c);
    const body = await readJson(c, 'ApplicationUsersBulk');
    return acceptJob(c, { kind: 'USERS_BULK', applicationId: a.id, me, input: body });
  });

  // Users' access from a CSV file (#20.3): a dry run lists what would change and each invalid line (at once: 10,000
  // lines take about 150 ms); applied, the import is a job (#28.6) that writes all or nothing.
  app.post('/Admin/Applications/:id/Users/Import', async (c) => {
    const { me, a } = await administered(c);
    const body = await readJson(c, 'ApplicationUsersImport');
    if (body.apply) return acceptJob(c, { kind: 'USERS_IMPORT', applicationId: a.id, me, input: body });
    const lang = c.get('lang');
    // Read only: the transaction is rolled back, whatever the plan locked is let go.
    const plan = await db.transaction().execute(async (trx) => planImport(trx, a.id, me, body.csv));
    return c.json({
      applied: false,
      rows: plan.rows,
      invalid: plan.invalid.map((p) => ({ line: p.line, email: p.email, message: translate(p.key, lang, p.args) })),
    } satisfies S['ApplicationUsersImportResult']);
  });

  // A job of the application (#28.6): for whoever may start that kind of job on it now.
  app.get('/Admin/Applications/:id/Jobs/:jobId', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    const a = await adminOf(me, c.req.param('id'));
    const id = c.req.param('jobId');
    if (!/^[0-9a-fA-F-]{36}$/.test(id)) throw notFound();
    const job = await jobOf(db, a.id, id.toLowerCase());
    if (!job) throw notFound();
    if (
      job.kind === 'ACCESS_REQUESTS_DECIDE' &&
      !managesAccessRequests(me, a.admin_permission_key, a.access_request_allowed)
    )
      throw forbidden();
    return c.json(jobAnswer(job, c.get('lang'), deps.publicUrl));
  });

  // ---------------------------------------------------------------- pickers
  app.get('/Admin/Applications/:id/Selections/Roles', async (c) => {
    const { me, a } = await administered(c);
    const list = parseList(c, { sorts: ['label'] as const, defaultSort: 'label' });
    // Without applications.write, only roles without a permission or with one the admin holds.
    const filter = me.permissions.has('applications.write') ? {} : { permissionKeys: [...me.permissions] };
    return c.json(
      (await roleSelection(
        db,
        a.id,
        { like: list.like, limit: list.pageSize, offset: list.offset },
        filter,
      )) satisfies S['SelectionList'],
    );
  });

  app.get('/Admin/Applications/:id/Selections/AccountAccesses', async (c) => {
    const { a } = await administered(c);
    const list = parseList(c, { sorts: ['label'] as const, defaultSort: 'label' });
    return c.json(
      (await accountAccessSelection(db, a.id, {
        like: list.like,
        limit: list.pageSize,
        offset: list.offset,
      })) satisfies S['SelectionList'],
    );
  });

  app.get('/Admin/Applications/:id/WebhookDeliveries', async (c) => {
    const { a } = await administered(c);
    const list = parseList(c, { sorts: ['createdAt'] as const, defaultSort: 'createdAt', defaultOrder: 'desc' });
    const base = db.selectFrom('webhook_deliveries').where('application_id', '=', a.id);
    const [rows, total] = await pageAndTotal(base.selectAll().orderBy('created_at', 'desc').orderBy('id'), base, list);
    return c.json({ items: rows.map(deliveryOf), total } satisfies S['WebhookDeliveryList']);
  });

  // One delivery with its payload and attempts (#20.2); secret header values were masked when recorded.
  app.get('/Admin/Applications/:id/WebhookDeliveries/:deliveryId', async (c) => {
    const { a } = await administered(c);
    const row = await deliveryOfPath(c, a.id);
    const attempts = await db
      .selectFrom('webhook_delivery_attempts')
      .selectAll()
      .where('delivery_id', '=', row.id)
      .orderBy('attempt')
      .execute();
    return c.json({
      delivery: deliveryOf(row),
      payload: row.payload as Record<string, unknown>,
      attempts: attempts.map((t) => ({
        attempt: t.attempt,
        startedAt: iso(t.started_at),
        durationMs: t.duration_ms,
        requestHeaders: t.request_headers,
        responseStatus: t.response_status,
        responseBody: t.response_body,
        error: t.error,
        errorKind: deliveryErrorKind(t.error),
      })),
    } satisfies S['WebhookDeliveryDetail']);
  });

  // ---------------------------------------------------------------- webhook: test, replay, signing (#20.2)
  async function webhookOf(applicationId: string) {
    const hook = await db
      .selectFrom('webhooks')
      .select(['application_id', 'signing_secrets'])
      .where('application_id', '=', applicationId)
      .executeTakeFirst();
    if (!hook) throw notFound();
    return hook;
  }
  /** The delivery of the path (`:deliveryId`) of the application's webhook; 404 when it has none of that id. */
  async function deliveryOfPath(c: Ctx, applicationId: string) {
    const row = await db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', c.req.param('deliveryId') ?? '')
      .where('application_id', '=', applicationId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  app.post('/Admin/Applications/:id/WebhookDeliveries/Test', async (c) => {
    const { me, a } = await administered(c);
    await webhookOf(a.id);
    const row = await db.transaction().execute((trx) =>
      insertDelivery(trx, {
        applicationId: a.id,
        event: 'TEST',
        userId: me.userId,
        payload: (id) => ({
          id,
          event: 'TEST',
          applicationId: a.id,
          userId: me.userId,
          occurredAt: new Date().toISOString(),
        }),
        replayOf: null,
      }),
    );
    deps.onWebhookQueued();
    return c.json(deliveryOf(row) satisfies S['WebhookDelivery'], 202);
  });

  app.post('/Admin/Applications/:id/WebhookDeliveries/:deliveryId/Replay', async (c) => {
    const { me, a } = await administered(c);
    await webhookOf(a.id);
    const original = await deliveryOfPath(c, a.id);
    const row = await db.transaction().execute(async (trx) => {
      const replay = await insertDelivery(trx, {
        applicationId: a.id,
        event: original.event,
        userId: original.user_id,
        payload: () => original.payload,
        replayOf: original.id,
      });
      await recordWebhookChange(trx, a.id, me.userId, 'replayed', original.id);
      return replay;
    });
    deps.onWebhookQueued();
    return c.json(deliveryOf(row) satisfies S['WebhookDelivery'], 202);
  });

  // A webhook that paused itself after failures in a row sends its waiting deliveries again (#20.2).
  app.post('/Admin/Applications/:id/Webhook/Resume', async (c) => {
    const { me, a } = await administered(c);
    await webhookOf(a.id);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhooks')
        .set({ paused_at: null, consecutive_failures: 0 })
        .where('application_id', '=', a.id)
        .execute();
      await recordWebhookChange(trx, a.id, me.userId, 'resumed', new Date().toISOString());
    });
    deps.onWebhookQueued();
    return c.body(null, 204);
  });

  /** The application's webhook signing secrets, locked until `trx` ends (none: no webhook). */
  const lockedSecrets = (trx: Transaction<DB>, applicationId: string) =>
    trx
      .selectFrom('webhooks')
      .select('signing_secrets')
      .where('application_id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
  const storeSecrets = (trx: Transaction<DB>, applicationId: string, secrets: readonly SigningSecret[]) =>
    trx
      .updateTable('webhooks')
      .set({ signing_secrets: JSON.stringify(secrets) })
      .where('application_id', '=', applicationId)
      .execute();

  /** A secret as listed: its last four characters (opened from the sealed value) tell it apart. */
  const secretView = (s: SigningSecret, plain: string) => ({
    id: s.id,
    createdAt: s.createdAt,
    hint: plain.slice(-4),
  });

  app.get('/Admin/Applications/:id/WebhookSigningSecrets', async (c) => {
    const { a } = await administered(c);
    const hook = await webhookOf(a.id);
    return c.json({
      secrets: hook.signing_secrets.map((s) => secretView(s, openSigningSecret(deps.secrets, a.id, s))),
    } satisfies S['WebhookSigningSecretList']);
  });

  app.post('/Admin/Applications/:id/WebhookSigningSecrets', async (c) => {
    const { me, a } = await administered(c);
    const created = await db.transaction().execute(async (trx) => {
      const hook = await lockedSecrets(trx, a.id);
      if (!hook) throw notFound();
      if (hook.signing_secrets.length >= 2) throw conflict('secretLimit', 'webhook.secretLimit');
      const secret = {
        id: newId(),
        secret: `whsec_${randomBytes(32).toString('base64url')}`,
        createdAt: new Date().toISOString(),
      };
      // Stored sealed (#29.5); the secret itself is never recorded.
      await storeSecrets(trx, a.id, [...hook.signing_secrets, sealSigningSecret(deps.secrets, a.id, secret)]);
      await recordWebhookChange(trx, a.id, me.userId, 'signingSecretCreated', secret.id);
      return secret;
    });
    return c.json(
      { ...secretView(created, created.secret), secret: created.secret } satisfies S['WebhookSigningSecretCreated'],
      201,
    );
  });

  app.delete('/Admin/Applications/:id/WebhookSigningSecrets/:secretId', async (c) => {
    const { me, a } = await administered(c);
    const secretId = c.req.param('secretId');
    await db.transaction().execute(async (trx) => {
      const hook = await lockedSecrets(trx, a.id);
      if (!hook?.signing_secrets.some((s) => s.id === secretId)) throw notFound();
      await storeSecrets(
        trx,
        a.id,
        hook.signing_secrets.filter((s) => s.id !== secretId),
      );
      await recordWebhookChange(trx, a.id, me.userId, 'signingSecretDeleted', secretId);
    });
    return c.body(null, 204);
  });

  return app;
}

/** The request's Idempotency-Key (#28.6): 8 to 200 printable ASCII characters; another value is 400. */
function idempotencyKeyOf(c: Ctx): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{8,200}$/.test(key)) throw badRequest([{ key: 'invalidValue', field: 'Idempotency-Key' }]);
  return key;
}
