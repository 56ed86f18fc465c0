// The signed-in user's applications: `GET /My/Applications` the launcher's tiles (granted and requested),
// `GET /My/Applications/:id` one with the caller's roles and values, `PUT /My/Attributes` the caller's own values,
// `POST /My/Applications/:id/Launch` a launch (the last few kept), `GET /My/Applications/Branding/:clientId` an
// application's name and logo (anonymous). Asking for access: access-request.ts.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, Deps } from '../../context.ts';
import { readJson } from '../../http/body.ts';
import { notFound } from '../../http/errors.ts';
import { pageAndTotal, parseBooleanQuery, parseList } from '../../http/list.ts';
import {
  accessOf,
  loadApplication,
  openRequestOf,
  pick,
  refsOf,
  tileColumns,
  tileOf,
  userAttributeValues,
} from '../../services/access.ts';
import { isoOrNull, portalClientId, signedIn, storeOwnValues, type S } from './shared.ts';

/** Launches kept per user (the launcher's "Zuletzt verwendet" row). */
export const recentLaunchesKept = 8;

export function myApplicationRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const me = signedIn(deps);

  app.get('/My/Applications/Branding/:clientId', async (c) => {
    const row = await db
      .selectFrom('applications')
      .select(['label', 'logo_url', 'url'])
      .where('id', '=', c.req.param('clientId'))
      .executeTakeFirst();
    if (!row) throw notFound();
    return c.json({ label: row.label, logoUrl: row.logo_url, url: row.url } satisfies S['Branding']);
  });

  app.get('/My/Applications', async (c) => {
    const user = await me(c.req.header('authorization'));
    const onlyWithValues = parseBooleanQuery(c, 'onlyWithValues', false);
    const list = parseList(c, { sorts: ['sortNumber'] as const, defaultSort: 'sortNumber', defaultPageSize: 100 });
    const granted = db
      .selectFrom('application_users as au')
      .innerJoin('applications as a', 'a.id', 'au.application_id')
      .leftJoin('user_favourites as f', (j) =>
        j.onRef('f.application_id', '=', 'a.id').on('f.user_id', '=', user.userId),
      )
      .leftJoin('user_launches as l', (j) => j.onRef('l.application_id', '=', 'a.id').on('l.user_id', '=', user.userId))
      .select([
        ...tileColumns,
        'a.search',
        sql<string>`'granted'`.as('access_status'),
        'f.position as favourite_position',
        'l.launched_at',
        'au.ends_at',
        // An open request to extend a granted access (#19).
        (eb) =>
          eb
            .selectFrom('access_requests as o')
            .select('o.id')
            .whereRef('o.application_id', '=', 'a.id')
            .where('o.user_id', '=', user.userId)
            .where('o.status', '=', 'OPEN')
            .limit(1)
            .as('pending_request_id'),
      ])
      .where('au.user_id', '=', user.userId)
      // The portal itself (holder of the global admin roles) is not a tile of its own launcher.
      .where('a.id', '<>', portalClientId)
      .$if(onlyWithValues, (q) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('application_attributes as aa')
              .select('aa.attribute_id')
              .whereRef('aa.application_id', '=', 'a.id')
              .where('aa.visible', '=', true),
          ),
        ),
      );
    const union = onlyWithValues
      ? granted
      : granted.unionAll(
          db
            .selectFrom('access_requests as r')
            .innerJoin('applications as a', 'a.id', 'r.application_id')
            .select([
              ...tileColumns,
              'a.search',
              sql<string>`'requested'`.as('access_status'),
              sql<number | null>`NULL::integer`.as('favourite_position'),
              sql<Date | null>`NULL::timestamptz`.as('launched_at'),
              sql<Date | null>`NULL::timestamptz`.as('ends_at'),
              sql<string | null>`r.id`.as('pending_request_id'),
            ])
            .where('r.user_id', '=', user.userId)
            .where('r.status', '=', 'OPEN')
            // A request to extend a granted access is shown on the granted tile (pendingRequestId), not as a tile of its own.
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('application_users as g')
                    .select('g.user_id')
                    .whereRef('g.application_id', '=', 'r.application_id')
                    .whereRef('g.user_id', '=', 'r.user_id'),
                ),
              ),
            ),
        );
    const base = db
      .selectFrom(union.as('m'))
      .$if(list.like !== undefined, (q) => q.where('m.search', 'like', list.like ?? ''));
    const [rows, total] = await pageAndTotal(
      base.selectAll().orderBy('m.sort_number').orderBy('m.label').orderBy('m.id'),
      base,
      list,
    );
    return c.json({
      items: rows.map((r) => ({
        ...tileOf(r),
        accessStatus: r.access_status as 'granted' | 'requested',
        favouritePosition: r.favourite_position,
        lastLaunchedAt: isoOrNull(r.launched_at),
        accessEndsAt: isoOrNull(r.ends_at),
        pendingRequestId: r.pending_request_id ?? null,
      })),
      total,
    } satisfies S['MyApplicationList']);
  });

  async function myApplicationDetail(userId: string, applicationId: string): Promise<S['MyApplicationDetail']> {
    const a = await loadApplication(db, applicationId);
    const grant = await accessOf(db, a.id, userId);
    const open = await openRequestOf(db, a.id, userId);
    if (!grant && !open) throw notFound();
    const roles = grant ? await refsOf(db, 'roles', grant.role_ids) : new Map<string, S['Ref']>();
    return {
      application: {
        ...tileOf(a),
        accessStatus: grant ? 'granted' : 'requested',
        accessEndsAt: isoOrNull(grant?.ends_at),
        pendingRequestId: open?.id ?? null,
      },
      accessSince: isoOrNull(grant?.access_since),
      roles: grant ? pick(roles, grant.role_ids) : [],
      attributes: grant ? await userAttributeValues(db, userId, a.id, true, (x) => x.editable_by_user) : [],
    };
  }

  app.get('/My/Applications/:id', async (c) => {
    const user = await me(c.req.header('authorization'));
    return c.json(await myApplicationDetail(user.userId, c.req.param('id')));
  });

  app.put('/My/Attributes', async (c) => {
    const user = await me(c.req.header('authorization'));
    const body = await readJson(c, 'MyAttributesInput');
    await storeOwnValues(db, user.userId, body.applicationId, body.attributes, {
      onlyVisible: true,
      notGranted: notFound,
    });
    return c.json(await myApplicationDetail(user.userId, body.applicationId));
  });

  app.post('/My/Applications/:id/Launch', async (c) => {
    const user = await me(c.req.header('authorization'));
    const id = c.req.param('id');
    await db.transaction().execute(async (trx) => {
      // The portal itself is no application one launches.
      const grant = id === portalClientId ? undefined : await accessOf(trx, id, user.userId);
      if (!grant) throw notFound();
      // clock_timestamp(): launches within one transaction or millisecond still come in order.
      await trx
        .insertInto('user_launches')
        .values({ user_id: user.userId, application_id: id, launched_at: sql<Date>`clock_timestamp()` })
        .onConflict((oc) =>
          oc.columns(['user_id', 'application_id']).doUpdateSet({ launched_at: sql<Date>`clock_timestamp()` }),
        )
        .execute();
      // Only the last few are kept: the user's launches beyond them are forgotten.
      await trx
        .deleteFrom('user_launches')
        .where('user_id', '=', user.userId)
        .where('application_id', 'not in', (q) =>
          q
            .selectFrom('user_launches')
            .select('application_id')
            .where('user_id', '=', user.userId)
            .orderBy('launched_at', 'desc')
            .orderBy('application_id')
            .limit(recentLaunchesKept),
        )
        .execute();
    });
    return c.body(null, 204);
  });

  return app;
}
