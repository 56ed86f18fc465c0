// One access request (/Admin/Applications/AccessRequests/:id): read and decided by a manager of its application.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { readJson } from '../../http/body.ts';
import { notFound } from '../../http/errors.ts';
import { refsOf } from '../../services/access.ts';
import { decideRequest } from '../../services/decisions.ts';
import { maxEndsAt } from '../../services/governance.ts';
import { requestSummaryColumns, requestSummaryOf } from './access-requests.ts';
import { guards, isoOrNull, pathId, type S } from './shared.ts';

export function accessRequestRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const { managerOf } = guards(deps);

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

  app.get('/Admin/Applications/AccessRequests/:id', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    const r = await accessRequest(pathId(c.req.param('id')));
    await managerOf(me, r.applicationId);
    return c.json(r);
  });

  app.put('/Admin/Applications/AccessRequests/:id', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    const id = pathId(c.req.param('id'));
    const existing = await accessRequest(id);
    await managerOf(me, existing.applicationId);
    const body = await readJson(c, 'AccessRequestDecision');
    const queued = await db
      .transaction()
      .execute((trx) => decideRequest(trx, me, id, body, existing.applicationId, deps.mail));
    if (queued) deps.onWebhookQueued();
    return c.json(await accessRequest(id));
  });

  return app;
}
