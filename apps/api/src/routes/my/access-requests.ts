// The signed-in user's own access requests (/My/AccessRequests, #19): the list (status filter), one, `…/:id/Cancel`.
// A user sees and cancels only their own requests (another's is 404). Asking for access: access-request.ts.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, Deps } from '../../context.ts';
import { ApiError, conflict, notFound } from '../../http/errors.ts';
import { pageAndTotal, parseList } from '../../http/list.ts';
import { closeRequest, queueRequestEvent, refsOf } from '../../services/access.ts';
import { iso, isoOrNull, signedIn, type Db, type S } from './shared.ts';
import { uuidOf } from '../uuid.ts';

const statuses: readonly S['AccessRequestStatus'][] = ['OPEN', 'ACCEPTED', 'DENIED', 'CANCELLED', 'EXPIRED'];

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
export async function standingOf(db: Db, userId: string, applicationIds: readonly string[]) {
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

export function myAccessRequestRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const me = signedIn(deps);

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

  return app;
}
