// `GET /My/Export`: the caller's data as a download (GDPR Art. 15, 20): profile, attribute values, access, requests,
// the launcher's favourites and launches, notifications, history about them and the newest entries they made.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { profileOf } from './profile.ts';
import { isoOrNull, signedIn, type S } from './shared.ts';

export function myExportRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const me = signedIn(deps);

  /** Entries the user made, at most (the newest); entries about the user are all there. */
  const historyMadeLimit = 5000;

  app.get('/My/Export', async (c) => {
    const user = await me(c.req.header('authorization'));
    const id = user.userId;
    const profile = await profileOf(db, id);
    const [values, uses, grants, requests, favourites, launches, notifications] = await Promise.all([
      db
        .selectFrom('user_attribute_values as v')
        .innerJoin('attributes as at', 'at.id', 'v.attribute_id')
        .select(['at.id', 'at.key', 'at.label', 'v.value'])
        .where('v.user_id', '=', id)
        .orderBy('at.key')
        .execute(),
      db
        .selectFrom('user_attribute_values as v')
        .innerJoin('application_attributes as aa', 'aa.attribute_id', 'v.attribute_id')
        .innerJoin('applications as a', 'a.id', 'aa.application_id')
        .select(['v.attribute_id', 'a.label'])
        .where('v.user_id', '=', id)
        .orderBy('a.label')
        .execute(),
      db
        .selectFrom('application_users as au')
        .innerJoin('applications as a', 'a.id', 'au.application_id')
        .select(['a.id', 'a.label', 'au.access_since', 'au.role_ids', 'au.account_access_ids'])
        .where('au.user_id', '=', id)
        .orderBy('a.label')
        .execute(),
      db
        .selectFrom('access_requests as r')
        .innerJoin('applications as a', 'a.id', 'r.application_id')
        .select([
          'r.id',
          'a.label',
          'r.status',
          'r.requested_at',
          'r.comment',
          'r.decided_at',
          'r.reason',
          'r.requested_ends_at',
          'r.answers',
          'r.ends_at',
          'r.expired_at',
        ])
        .where('r.user_id', '=', id)
        .orderBy('r.requested_at', 'desc')
        .execute(),
      db
        .selectFrom('user_favourites as f')
        .innerJoin('applications as a', 'a.id', 'f.application_id')
        .select('a.label')
        .where('f.user_id', '=', id)
        .orderBy('f.position')
        .execute(),
      db
        .selectFrom('user_launches as l')
        .innerJoin('applications as a', 'a.id', 'l.application_id')
        .select(['a.label', 'l.launched_at'])
        .where('l.user_id', '=', id)
        .orderBy('l.launched_at', 'desc')
        .execute(),
      db
        .selectFrom('user_notifications')
        .select(['kind', 'application_label', 'ends_at', 'created_at', 'read_at'])
        .where('user_id', '=', id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
    ]);
    const roleIds = [...new Set(grants.flatMap((g) => g.role_ids))];
    const accessIds = [...new Set(grants.flatMap((g) => g.account_access_ids))];
    const [roleRows, accessRows] = await Promise.all([
      roleIds.length === 0 ? [] : db.selectFrom('roles').select(['id', 'label']).where('id', 'in', roleIds).execute(),
      accessIds.length === 0
        ? []
        : db.selectFrom('account_accesses').select(['id', 'label']).where('id', 'in', accessIds).execute(),
    ]);
    const labelOf = (rows: readonly { id: string; label: string }[]) => new Map(rows.map((r) => [r.id, r.label]));
    const [roleLabels, accessLabels] = [labelOf(roleRows), labelOf(accessRows)];
    const requestIds = requests.map((r) => r.id);
    const historyColumns = [
      'updated_at',
      'table_name',
      'entity',
      'mode',
      'field',
      'old_value',
      'value',
      'updated_by',
    ] as const;
    const [about, made] = await Promise.all([
      db
        .selectFrom('history')
        .select(historyColumns)
        .where((eb) =>
          eb.or([
            eb.and([eb('table_name', '=', 'users'), eb('entity', '=', id)]),
            eb.and([eb('table_name', '=', 'application_users'), eb('entity', 'like', `%:${id}`)]),
            ...(requestIds.length === 0
              ? []
              : [eb.and([eb('table_name', '=', 'access_requests'), eb('entity', 'in', requestIds)])]),
          ]),
        )
        .execute(),
      db
        .selectFrom('history')
        .select(historyColumns)
        .where('updated_by', '=', id)
        .orderBy('updated_at', 'desc')
        .limit(historyMadeLimit + 1)
        .execute(),
    ]);
    type HistoryRow = (typeof about)[number];
    const isAbout = (h: HistoryRow) =>
      (h.table_name === 'users' && h.entity === id) ||
      (h.table_name === 'application_users' && h.entity.endsWith(`:${id}`)) ||
      (h.table_name === 'access_requests' && requestIds.includes(h.entity));
    const entries = new Map<string, HistoryRow>();
    for (const h of [...about, ...made.slice(0, historyMadeLimit)])
      entries.set(
        `${h.table_name}|${h.entity}|${h.field ?? ''}|${new Date(h.updated_at).toISOString()}|${h.value ?? ''}`,
        h,
      );
    const history: S['MyDataExport']['history'] = [...entries.values()]
      .sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime())
      .map((h) => ({
        at: new Date(h.updated_at).toISOString(),
        about: isAbout(h),
        madeByYou: h.updated_by === id,
        table: h.table_name,
        entity: h.entity,
        mode: h.mode,
        field: h.field,
        oldValue: h.old_value,
        value: h.value,
      }));
    const exportedAt = new Date();
    const body: S['MyDataExport'] = {
      exportedAt: exportedAt.toISOString(),
      profile,
      attributes: values.map((v) => ({
        key: v.key,
        label: v.label,
        value: v.value,
        applications: uses.filter((u) => u.attribute_id === v.id).map((u) => u.label),
      })),
      applications: grants.map((g) => ({
        id: g.id,
        label: g.label,
        accessSince: new Date(g.access_since).toISOString(),
        roles: g.role_ids.map((r) => roleLabels.get(r) ?? r),
        accountAccesses: g.account_access_ids.map((a) => accessLabels.get(a) ?? a),
      })),
      accessRequests: requests.map((r) => ({
        id: r.id,
        application: r.label,
        status: r.status,
        requestedAt: new Date(r.requested_at).toISOString(),
        comment: r.comment,
        decidedAt: isoOrNull(r.decided_at),
        reason: r.reason,
        requestedEndsAt: isoOrNull(r.requested_ends_at),
        answers: r.answers,
        endsAt: isoOrNull(r.ends_at),
        expiredAt: isoOrNull(r.expired_at),
      })),
      launcher: {
        favourites: favourites.map((f) => f.label),
        launches: launches.map((l) => ({ application: l.label, at: new Date(l.launched_at).toISOString() })),
      },
      notifications: notifications.map((n) => ({
        kind: n.kind as S['MyNotificationKind'],
        application: n.application_label,
        endsAt: isoOrNull(n.ends_at),
        createdAt: new Date(n.created_at).toISOString(),
        readAt: isoOrNull(n.read_at),
      })),
      history,
      historyMadeTruncated: made.length > historyMadeLimit,
    };
    c.header(
      'Content-Disposition',
      `attachment; filename="hk-portal-meine-daten-${exportedAt.toISOString().slice(0, 10)}.json"`,
    );
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });

  return app;
}
