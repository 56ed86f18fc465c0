// Where an entity is used, and what deleting it would affect (#17.15, #30.3): per kind of user
// the count and the first five by name. The console's delete dialogs show it before the delete.
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { components } from '@portal/contract';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

type S = components['schemas'];
type Db = Database | Transaction<DB>;
export type UsageKind = S['UsageGroupKind'];

/** A select of `id, label`: the users of one kind. */
type Rows = RawBuilder<unknown>;

/** One usage group: `rows` selects `id, label` of the users of one kind; the count and the first five by label. */
async function usageGroup(db: Db, kind: UsageKind, rows: Rows): Promise<S['UsageGroup'] | null> {
  const { rows: first } = await sql<{ id: string; label: string; n: string }>`
    SELECT id, label, count(*) OVER () AS n FROM (${rows}) AS x ORDER BY lower(label), id LIMIT 5`.execute(db);
  const count = Number(first[0]?.n ?? 0);
  return count === 0 ? null : { kind, count, first: first.map((r) => ({ id: r.id, label: r.label })) };
}

/** The groups of the kinds that have at least one user, in the order given. */
export async function usageGroups(db: Db, groups: readonly [UsageKind, Rows][]): Promise<S['UsageGroup'][]> {
  const found: S['UsageGroup'][] = [];
  // One after the other: inside a transaction the queries share one connection anyway.
  for (const [kind, rows] of groups) {
    const group = await usageGroup(db, kind, rows);
    if (group) found.push(group);
  }
  return found;
}

/**
 * The applications whose admin permission a delete leaves held by nobody (ADMIN_PERMISSION_LOST):
 * someone holds it now through a role on some application, and every such holding is one the
 * delete removes. `removed` is a condition on `au` (a row of application_users) and `x.role_id`
 * (one of its roles): whether the delete takes that holding away (a role, a user, an
 * application's rows). Only holders of `applications.write` could manage them afterwards.
 */
export function adminPermissionLost(removed: RawBuilder<boolean>, exceptApplication?: string): Rows {
  const holding = (which: RawBuilder<boolean>) => sql`
    SELECT 1 FROM application_users au CROSS JOIN LATERAL unnest(au.role_ids) AS x(role_id)
    JOIN role_permissions rp ON rp.role_id = x.role_id
    WHERE rp.permission_id = b.admin_permission_id AND ${which}`;
  return sql`
    SELECT b.id, b.label FROM applications b
    WHERE b.admin_permission_id IS NOT NULL
      ${exceptApplication === undefined ? sql`` : sql`AND b.id <> ${exceptApplication}`}
      AND EXISTS (${holding(removed)})
      AND NOT EXISTS (${holding(sql<boolean>`NOT (${removed})`)})`;
}

/** Users who hold the permission through a role on some application. */
export const permissionHolders = (permissionId: string): Rows => sql`
  SELECT u.id, u.full_name AS label FROM users u WHERE u.id IN (
    SELECT au.user_id FROM application_users au CROSS JOIN LATERAL unnest(au.role_ids) AS x(role_id)
    JOIN role_permissions rp ON rp.role_id = x.role_id WHERE rp.permission_id = ${permissionId})`;

/** What deleting the application affects: its users, its open requests, admin permissions held only through it. */
export const applicationUsage = (db: Db, id: string) =>
  usageGroups(db, [
    [
      'USER',
      sql`SELECT u.id, u.full_name AS label FROM application_users au JOIN users u ON u.id = au.user_id WHERE au.application_id = ${id}`,
    ],
    [
      'ACCESS_REQUEST',
      sql`SELECT r.id, u.full_name AS label FROM access_requests r JOIN users u ON u.id = r.user_id WHERE r.application_id = ${id} AND r.status = 'OPEN'`,
    ],
    ['ADMIN_PERMISSION_LOST', adminPermissionLost(sql<boolean>`au.application_id = ${id}`, id)],
  ]);

/** What deleting the user affects: their access, their open requests, admin permissions only they hold. */
export const userUsage = (db: Db, id: string) =>
  usageGroups(db, [
    [
      'APPLICATION',
      sql`SELECT a.id, a.label FROM application_users au JOIN applications a ON a.id = au.application_id WHERE au.user_id = ${id}`,
    ],
    [
      'ACCESS_REQUEST',
      sql`SELECT r.id, a.label FROM access_requests r JOIN applications a ON a.id = r.application_id WHERE r.user_id = ${id} AND r.status = 'OPEN'`,
    ],
    ['ADMIN_PERMISSION_LOST', adminPermissionLost(sql<boolean>`au.user_id = ${id}`)],
  ]);
