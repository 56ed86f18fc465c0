// The signed-in user's side of access governance (#19): the catalogue of requestable
// applications, the user's own requests (list, one, cancel) and the notifications the API left
// for the user. A user sees and cancels only their own requests (another's is 404).
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { components } from '@portal/contract';
import type { AppEnv, Deps } from '../context.ts';
import type { DB } from '../db/schema.ts';
import { ApiError, conflict, notFound } from '../http/errors.ts';
import { pageAndTotal, parseBooleanQuery, parseList } from '../http/list.ts';
import { cardColumns, cardOf, closeRequest, queueRequestEvent, refsOf } from '../services/access.ts';
import { requirementsFrom } from '../services/governance.ts';
import { ensureUser } from '../services/users.ts';
import { requiredAnswer } from '../services/values.ts';

type S = components['schemas'];
type Db = Kysely<DB> | Transaction<DB>;
const isoOrNull = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const iso = (d: Date | string) => new Date(d).toISOString();
const statuses: readonly S['AccessRequestStatus'][] = ['OPEN', 'ACCEPTED', 'DENIED', 'CANCELLED', 'EXPIRED'];

/** An id of the path: a UUID (lower-cased), else no such entity. */
const uuidOf = (id: string) => {
  if (!/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(id)) throw notFound();
  return id.toLowerCase();
};

const requestColumns = [
  'r.id',
  'r.application_id',
  'r.status',
  'r.requested_at',
  'r.account_access_id',
  'r.role_id',
  'r.comment',
  'r.requested_ends_at',
  'r.answers',
  'r.decided_at',
  'r.reason',
  'r.ends_at',
  'r.expired_at',
  'a.label',
  'a.logo_url',
  'a.internal',
  'a.access_request_allowed',
] as const;

/** Where the user stands with each of `applicationIds`: their grant's end and their open request. */
async function standingOf(db: Db, userId: string, applicationIds: readonly string[]) {
  if (applicationIds.length === 0) return { grants: new Map<string, Date | null>(), open: new Map<string, string>() };
  const ids = [...new Set(applicationIds)];
  const [grants, open] = await Promise.all([
    db
      .selectFrom('application_users')
      .select(['application_id', 'ends_at'])
      .where('user_id', '=', userId)
      .where('application_id', 'in', ids)
      .execute(),
    db
      .selectFrom('access_requests')
      .select(['application_id', 'id'])
      .where('user_id', '=', userId)
      .where('status', '=', 'OPEN')
      .where('application_id', 'in', ids)
      .execute(),
  ]);
  return {
    grants: new Map(grants.map((g) => [g.application_id, g.ends_at])),
    open: new Map(open.map((o) => [o.application_id, o.id])),
  };
}

type RequestRow = {
  id: string;
  application_id: string;
  status: string;
  requested_at: Date | string;
  account_access_id: string | null;
  role_id: string | null;
  comment: string | null;
  requested_ends_at: Date | string | null;
  answers: { key: string; label: string; value: string }[];
  decided_at: Date | string | null;
  reason: string | null;
  ends_at: Date | string | null;
  expired_at: Date | string | null;
  label: string;
  logo_url: string | null;
  internal: boolean;
  access_request_allowed: boolean;
};

/** The user's requests as the contract answers them (MyAccessRequest), with names and whether a new request may be sent. */
async function myRequestsOf(db: Db, userId: string, rows: readonly RequestRow[]): Promise<S['MyAccessRequest'][]> {
  const [accesses, roles, standing] = await Promise.all([
    refsOf(
      db,
      'account_accesses',
      rows.flatMap((r) => (r.account_access_id ? [r.account_access_id] : [])),
    ),
    refsOf(
      db,
      'roles',
      rows.flatMap((r) => (r.role_id ? [r.role_id] : [])),
    ),
    standingOf(
      db,
      userId,
      rows.map((r) => r.application_id),
    ),
  ]);
  return rows.map((r) => {
    const grantEnd = standing.grants.get(r.application_id);
    const grantedForGood = standing.grants.has(r.application_id) && grantEnd === null;
    return {
      id: r.id,
      applicationId: r.application_id,
      status: r.status as S['AccessRequestStatus'],
      requestedAt: iso(r.requested_at),
      application: { id: r.application_id, label: r.label, logoUrl: r.logo_url },
      requestedAccountAccess: r.account_access_id ? (accesses.get(r.account_access_id) ?? null) : null,
      requestedRole: r.role_id ? (roles.get(r.role_id) ?? null) : null,
      justification: r.comment,
      requestedEndsAt: isoOrNull(r.requested_ends_at),
      answers: r.answers,
      decidedAt: isoOrNull(r.decided_at),
      reason: r.reason,
      endsAt: isoOrNull(r.ends_at),
      expiredAt: isoOrNull(r.expired_at),
      canRequestAgain:
        r.status !== 'OPEN' &&
        !r.internal &&
        r.access_request_allowed &&
        !standing.open.has(r.application_id) &&
        !grantedForGood,
    };
  });
}

/** One of the user's own requests (another user's is 404). */
export async function myRequest(db: Db, userId: string, id: string): Promise<S['MyAccessRequest']> {
  const row = await db
    .selectFrom('access_requests as r')
    .innerJoin('applications as a', 'a.id', 'r.application_id')
    .select(requestColumns)
    .where('r.id', '=', id)
    .where('r.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const [answer] = await myRequestsOf(db, userId, [row]);
  if (!answer) throw notFound();
  return answer;
}

export function myRequestRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const me = async (authorization: string | undefined) => {
    const principal = await deps.auth.user(authorization);
    await ensureUser(db, principal);
    return principal;
  };

  // ---------------------------------------------------------------- the catalogue
  app.get('/My/Catalogue', async (c) => {
    const user = await me(c.req.header('authorization'));
    const list = parseList(c, { sorts: ['sortNumber'] as const, defaultSort: 'sortNumber' });
    // Not internal, requests allowed (specification §1, §6); searched in id, label and description (trigram index).
    const base = db
      .selectFrom('applications as a')
      .where('a.internal', '=', false)
      .where('a.access_request_allowed', '=', true)
      .$if(list.like !== undefined, (q) => q.where('a.search', 'like', list.like ?? ''));
    const [rows, total] = await pageAndTotal(
      base
        .select([
          ...cardColumns,
          'a.request_justification',
          'a.time_bound_access',
          'a.max_access_days',
          'a.role_required_on_access_request',
        ])
        .orderBy('a.sort_number')
        .orderBy('a.label')
        .orderBy('a.id'),
      base,
      list,
    );
    const ids = rows.map((r) => r.id);
    const now = new Date();
    const [accesses, counts, questions, standing] =
      ids.length === 0
        ? [[], [], [], await standingOf(db, user.userId, [])]
        : await Promise.all([
            // The first 20 requestable account accesses of each application by label, and how many there are.
            sql<{ application_id: string; id: string; key: string; label: string }>`
        SELECT application_id, id, key, label FROM (
          SELECT aa.application_id, x.id, x.key, x.label, row_number() OVER (PARTITION BY aa.application_id ORDER BY x.label, x.id) AS n
          FROM application_account_accesses aa JOIN account_accesses x ON x.id = aa.account_access_id
          WHERE aa.application_id = ANY(${ids}::text[]) AND aa.requestable) t
        WHERE n <= 20 ORDER BY application_id, n`
              .execute(db)
              .then((r) => r.rows),
            db
              .selectFrom('application_account_accesses')
              .select(['application_id', (eb) => eb.fn.countAll<string>().as('n')])
              .where('application_id', 'in', ids)
              .where('requestable', '=', true)
              .groupBy('application_id')
              .execute(),
            db
              .selectFrom('application_attributes as aa')
              .innerJoin('attributes as at', 'at.id', 'aa.attribute_id')
              .leftJoin('user_attribute_values as v', (j) =>
                j.onRef('v.attribute_id', '=', 'at.id').on('v.user_id', '=', user.userId),
              )
              .select(['aa.application_id', 'at.key', 'at.label', 'at.data_type', 'at.required_value', 'v.value'])
              .where('aa.application_id', 'in', ids)
              .where('aa.required', '=', true)
              .where('at.editable_by_user', '=', true)
              .orderBy('aa.application_id')
              .orderBy('aa.position')
              .orderBy('at.key')
              .execute(),
            standingOf(db, user.userId, ids),
          ]);
    const countOf = new Map(counts.map((x) => [x.application_id, Number(x.n)]));
    const items = rows.map((a): S['CatalogueApplication'] => {
      const granted = standing.grants.has(a.id);
      const pending = standing.open.get(a.id) ?? null;
      return {
        ...cardOf(a),
        accessStatus: granted ? 'granted' : pending ? 'requested' : 'none',
        accessEndsAt: isoOrNull(standing.grants.get(a.id)),
        pendingRequestId: pending,
        request: requirementsFrom(
          a,
          {
            items: accesses.filter((x) => x.application_id === a.id).map(({ id, key, label }) => ({ id, key, label })),
            total: countOf.get(a.id) ?? 0,
          },
          questions
            .filter((q) => q.application_id === a.id)
            .slice(0, 50)
            .map((q) => ({
              key: q.key,
              label: q.label,
              dataType: q.data_type as S['AttributeDataType'],
              value: q.value ?? null,
              requiredValue: requiredAnswer(q.required_value),
            })),
          now,
        ),
      };
    });
    return c.json({ items, total } satisfies S['CatalogueList']);
  });

  // ---------------------------------------------------------------- my requests
  app.get('/My/AccessRequests', async (c) => {
    const user = await me(c.req.header('authorization'));
    const list = parseList(c, { sorts: ['requestedAt'] as const, defaultSort: 'requestedAt', defaultOrder: 'desc' });
    const status = c.req.query('status');
    if (status !== undefined && !(statuses as readonly string[]).includes(status))
      throw new ApiError(400, 'badRequest', { problems: [{ key: 'invalidValue', field: 'status' }] });
    // Only the caller's own (index on user_id, requested_at); searched by the application's label.
    const base = db
      .selectFrom('access_requests as r')
      .innerJoin('applications as a', 'a.id', 'r.application_id')
      .where('r.user_id', '=', user.userId)
      .$if(status !== undefined, (q) => q.where('r.status', '=', status ?? ''))
      .$if(list.like !== undefined, (q) => q.where(sql<string>`lower(a.label)`, 'like', list.like ?? ''));
    const [rows, total] = await pageAndTotal(
      base.select(requestColumns).orderBy('r.requested_at', list.order).orderBy('r.id', list.order),
      base,
      list,
    );
    return c.json({ items: await myRequestsOf(db, user.userId, rows), total } satisfies S['MyAccessRequestList']);
  });

  app.get('/My/AccessRequests/:id', async (c) => {
    const user = await me(c.req.header('authorization'));
    return c.json(await myRequest(db, user.userId, uuidOf(c.req.param('id'))));
  });

  app.post('/My/AccessRequests/:id/Cancel', async (c) => {
    const user = await me(c.req.header('authorization'));
    const id = uuidOf(c.req.param('id'));
    const queued = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('access_requests')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', user.userId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound();
      if (row.status !== 'OPEN') throw conflict('requestNotOpen', 'accessRequest.notOpen');
      const cancelled = await closeRequest(
        trx,
        { id, by: user.userId },
        { status: 'CANCELLED' },
        { status: 'CANCELLED' },
      );
      return queueRequestEvent(trx, cancelled, 'ACCESS_REQUEST_CANCELLED');
    });
    if (queued) deps.onWebhookQueued();
    return c.json(await myRequest(db, user.userId, id));
  });

  // ---------------------------------------------------------------- notifications
  app.get('/My/Notifications', async (c) => {
    const user = await me(c.req.header('authorization'));
    const unread = parseBooleanQuery(c, 'unread', false);
    const list = parseList(c, { sorts: ['createdAt'] as const, defaultSort: 'createdAt', defaultOrder: 'desc' });
    const mine = db.selectFrom('user_notifications as n').where('n.user_id', '=', user.userId);
    const base = mine.$if(unread, (q) => q.where('n.read_at', 'is', null));
    const [rows, total, unreadCount] = await Promise.all([
      base
        .leftJoin('applications as a', 'a.id', 'n.application_id')
        .leftJoin('access_requests as r', 'r.id', 'n.request_id')
        .select([
          'n.id',
          'n.kind',
          'n.application_id',
          'n.application_label',
          'a.label',
          'a.logo_url',
          'n.request_id',
          'n.ends_at',
          'r.reason',
          'n.created_at',
          'n.read_at',
        ])
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(list.pageSize)
        .offset(list.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      mine
        .where('n.read_at', 'is', null)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return c.json({
      items: rows.map((n) => ({
        id: n.id,
        kind: n.kind as S['MyNotificationKind'],
        application: { id: n.application_id, label: n.label ?? n.application_label, logoUrl: n.logo_url ?? null },
        requestId: n.request_id,
        endsAt: isoOrNull(n.ends_at),
        // The decider's own words, only on the denial (#30.6).
        reason: n.kind === 'REQUEST_DENIED' && n.reason ? n.reason : null,
        createdAt: iso(n.created_at),
        readAt: isoOrNull(n.read_at),
      })),
      total: Number(total.n),
      unread: Number(unreadCount.n),
    } satisfies S['MyNotificationList']);
  });

  app.post('/My/Notifications/:id/Read', async (c) => {
    const user = await me(c.req.header('authorization'));
    const id = uuidOf(c.req.param('id'));
    const done = await db
      .updateTable('user_notifications')
      .set({ read_at: sql<Date>`coalesce(read_at, now())` })
      .where('id', '=', id)
      .where('user_id', '=', user.userId)
      .returning('id')
      .executeTakeFirst();
    if (!done) throw notFound();
    return c.body(null, 204);
  });

  return app;
}
