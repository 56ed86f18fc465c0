// `GET /Admin/Applications`: the applications the caller administers, with their open requests and whether the caller
// manages them.
import { Hono } from 'hono';
import { managesAccessRequests } from '../../context.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { pageAndTotal, parseList } from '../../http/list.ts';
import { openRequestCount } from '../../services/access.ts';
import type { S } from './shared.ts';

export function administeredApplicationRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

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

  return app;
}
