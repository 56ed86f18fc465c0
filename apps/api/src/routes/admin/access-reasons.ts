// Why a user has access to an application (#19.6): the access's reasons and each role's and account
// access's, read from what the database records — the grant's history (who, when) and the accepted
// access requests whose acceptance was written in the same transaction as the grant (the history rows'
// `xmin`, the id of the transaction that wrote them) — and, where the history cannot tell, the sources
// recorded with the grant (#29, services/access-sources.ts): DEFAULT_ROLE for the application's default
// roles given because no role was chosen, ACTIVATION_GROUP (with the directory group's name) for what an
// activation group grants while the user is in its group. Nothing is guessed: what no record explains
// (access that existed before history was kept, e.g. seeded data) is UNKNOWN.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { components } from '@portal/contract';
import { administers } from '../../context.ts';
import type { AppEnv, Deps } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { accessOf, loadApplication, refsOf } from '../../services/access.ts';
import { sourcesOf } from '../../services/access-sources.ts';
import type { SourceRow } from '../../services/access-sources.ts';

type S = components['schemas'];
type Reason = S['AccessReason'];

const iso = (d: Date | string) => new Date(d).toISOString();
const unknown: Reason = { kind: 'UNKNOWN', at: null, by: null, accessRequestId: null, directoryGroupName: null };

type HistoryRow = {
  mode: string;
  field: string | null;
  value: string | null;
  old_value: string | null;
  updated_at: Date | string;
  updated_by: string | null;
  name: string | null;
  tx: string;
};

const idsIn = (text: string | null): string[] => {
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/** The reasons of one user's access to one application, as the records tell them. */
async function accessReasons(
  db: Database,
  applicationId: string,
  userId: string,
): Promise<S['ApplicationUserAccessReasons']> {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound();
  const g = await accessOf(db, applicationId, userId);
  if (!g)
    return { applicationId, userId, hasAccess: false, accessSince: null, reasons: [], roles: [], accountAccesses: [] };

  // The grant's history, oldest first; only what happened since the access was last removed counts.
  const { rows: history } = await sql<HistoryRow>`
    SELECT h.mode, h.field, h.value, h.old_value, h.updated_at, h.updated_by, coalesce(u.full_name, h.updated_by_name) AS name, h.xmin::text AS tx
    FROM history h LEFT JOIN users u ON u.id = h.updated_by
    WHERE h.table_name = 'application_users' AND h.entity = ${`${applicationId}:${userId}`}
    ORDER BY h.updated_at, h.id`.execute(db);
  const lastDelete = history.findLastIndex((h) => h.mode === 'DELETE');
  const current = history.slice(lastDelete + 1);

  // Acceptances of this user's requests for this application, by the transaction that wrote them.
  const { rows: accepted } = await sql<{ id: string; tx: string }>`
    SELECT r.id, h.xmin::text AS tx FROM access_requests r
    JOIN history h ON h.table_name = 'access_requests' AND h.entity = r.id AND h.field = 'status' AND h.value = 'ACCEPTED'
    WHERE r.application_id = ${applicationId} AND r.user_id = ${userId} AND r.status IN ('ACCEPTED', 'EXPIRED')`.execute(
    db,
  );
  const requestOf = new Map(accepted.map((r) => [r.tx, r.id]));

  const reasonOf = (h: HistoryRow): Reason => {
    const requestId = requestOf.get(h.tx) ?? null;
    return {
      kind: requestId === null ? 'DIRECT_GRANT' : 'ACCESS_REQUEST',
      at: iso(h.updated_at),
      by: h.updated_by === null ? null : { id: h.updated_by, fullName: h.name },
      accessRequestId: requestId,
      directoryGroupName: null,
    };
  };

  // Each id's reason: the change that last added it (CREATE: all its ids; UPDATE: the new ids not in the old value).
  let access: Reason | undefined;
  const roleReasons = new Map<string, Reason>();
  const accountReasons = new Map<string, Reason>();
  for (const h of current) {
    if (h.mode === 'CREATE' && access === undefined) access = reasonOf(h);
    const into = h.field === 'roleIds' ? roleReasons : h.field === 'accountAccessIds' ? accountReasons : undefined;
    if (!into) continue;
    const before = new Set(h.mode === 'UPDATE' ? idsIn(h.old_value) : []);
    for (const id of idsIn(h.value)) if (!before.has(id)) into.set(id, reasonOf(h));
  }

  // The recorded sources (#29): an item with rows has exactly their reasons (HELD: the history's).
  const sources = await sourcesOf(db, applicationId, userId);
  const authorIds = [...new Set(sources.flatMap((r) => (r.granted_by === null ? [] : [r.granted_by])))];
  const authors = new Map(
    authorIds.length === 0
      ? []
      : (await db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', authorIds).execute()).map(
          (u) => [u.id, u.full_name] as const,
        ),
  );
  const rowsOf = new Map<string, SourceRow[]>();
  for (const r of sources) {
    const key = `${r.item_kind}:${r.item_id}`;
    rowsOf.set(key, [...(rowsOf.get(key) ?? []), r]);
  }
  const reasonsOf = (key: string, fromHistory: Reason | undefined): Reason[] => {
    const rows = rowsOf.get(key) ?? [];
    if (rows.length === 0) return [fromHistory ?? unknown];
    const reasons = rows.map((r): Reason =>
      r.kind === 'HELD'
        ? (fromHistory ?? unknown)
        : {
            kind: r.kind,
            at: iso(r.granted_at),
            by:
              r.granted_by === null
                ? null
                : { id: r.granted_by, fullName: authors.get(r.granted_by) ?? r.granted_by_name },
            accessRequestId: r.access_request_id,
            directoryGroupName: r.directory_group_name === '' ? null : r.directory_group_name,
          },
    );
    // Each reason once, the oldest first (what no record dates first).
    const unique = [...new Map(reasons.map((r) => [JSON.stringify(r), r])).values()];
    return unique.sort((x, y) => (x.at ?? '').localeCompare(y.at ?? ''));
  };

  const roles = await refsOf(db, 'roles', g.role_ids);
  const accounts = await refsOf(db, 'account_accesses', g.account_access_ids);
  const items = (
    kind: 'ROLE' | 'ACCOUNT_ACCESS',
    ids: readonly string[],
    refs: Map<string, S['Ref']>,
    reasons: Map<string, Reason>,
  ): S['AccessReasonItem'][] =>
    ids.flatMap((id) => {
      const ref = refs.get(id);
      return ref ? [{ ref, reasons: reasonsOf(`${kind}:${id}`, reasons.get(id)) }] : [];
    });
  return {
    applicationId,
    userId,
    hasAccess: true,
    accessSince: iso(g.access_since),
    reasons: reasonsOf('ACCESS:', access),
    roles: items('ROLE', g.role_ids, roles, roleReasons),
    accountAccesses: items('ACCOUNT_ACCESS', g.account_access_ids, accounts, accountReasons),
  };
}

export function accessReasonRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Same authorisation as the user's access (getApplicationUser): the application's administrators.
  app.get('/Admin/Applications/:id/Users/:userId/AccessReasons', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    const a = await loadApplication(deps.db, c.req.param('id'));
    if (!administers(me, a.admin_permission_key)) throw forbidden();
    const userId = c.req.param('userId');
    if (!/^[0-9a-fA-F-]{36}$/.test(userId)) throw notFound();
    return c.json(await accessReasons(deps.db, a.id, userId.toLowerCase()));
  });
  return app;
}
