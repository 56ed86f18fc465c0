// The deliveries of an application's webhook (/Admin/Applications/:id/WebhookDeliveries, #20.2): the list, one with its
// attempts, `…/Test` a test event, `…/:deliveryId/Replay` one sent again; `/Admin/Applications/:id/Webhook/Resume` a
// paused webhook sends again.
import { Hono } from 'hono';
import type { AppEnv, Ctx, Deps } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { pageAndTotal, parseList } from '../../http/list.ts';
import { insertDelivery } from '../../services/access.ts';
import { deliveryErrorKind } from '../../webhooks/errors.ts';
import { guards, iso, isoOrNull, recordWebhookChange, webhookOf, type S } from './shared.ts';

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

export function deliveryRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const { administered } = guards(deps);

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

  app.post('/Admin/Applications/:id/WebhookDeliveries/Test', async (c) => {
    const { me, a } = await administered(c);
    await webhookOf(db, a.id);
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
    await webhookOf(db, a.id);
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
    await webhookOf(db, a.id);
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

  return app;
}
