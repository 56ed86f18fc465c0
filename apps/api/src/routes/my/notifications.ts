// The notifications the API left for the signed-in user (/My/Notifications, #19): the list (unread only), one read.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, Deps } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { parseBooleanQuery, parseList } from '../../http/list.ts';
import { iso, isoOrNull, signedIn, type S } from './shared.ts';
import { uuidOf } from '../uuid.ts';

export function notificationRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const me = signedIn(deps);

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
