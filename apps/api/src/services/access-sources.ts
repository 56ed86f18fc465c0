// What granted a user's access where the history cannot tell (#29.3, #29.4; migration 0013): the
// application's default roles given because no role was chosen, and what an activation group grants
// while the user is in its directory group. An item (a role, an account access, or the access itself)
// without rows is explained by the history, as every access was before (routes/admin/access-reasons.ts).
//
// `grant` (services/access.ts) keeps the rows true to the access: an item it takes away, or one it adds
// anew, loses its rows (they spoke of an earlier holding); the callers then add the rows of what they
// granted. An administrator or an accepted request granting an item that a group holds records it
// (`markExplicit`), so that it stays when the user leaves the group.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type SourceRow = Selectable<DB['application_user_sources']>;
type SourceKind = SourceRow['kind'];
type ItemKind = SourceRow['item_kind'];
export interface Item {
  kind: ItemKind;
  /** The role's or account access's id; '' for the access itself. */
  id: string;
}
export interface Source {
  kind: SourceKind;
  /** Who granted (null: the system, e.g. a sign-in's group sync). */
  by: string | null;
  directoryGroupName?: string;
  accessRequestId?: string | null;
}

/** The access itself, as an item of the sources. */
export const ACCESS: Item = { kind: 'ACCESS', id: '' };
export const rolesAsItems = (ids: readonly string[]): Item[] => ids.map((id) => ({ kind: 'ROLE', id }));
export const accountAccessesAsItems = (ids: readonly string[]): Item[] =>
  ids.map((id) => ({ kind: 'ACCOUNT_ACCESS', id }));

/** The application's default roles (`default` on its role links), in the links' order. */
export async function defaultRoleIds(db: Db, applicationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('application_roles')
    .select('role_id')
    .where('application_id', '=', applicationId)
    .where('is_default', '=', true)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.role_id);
}

/** Records `source` for each item of a user's access (once: a row already there is kept). */
export async function addSources(
  trx: Transaction<DB>,
  applicationId: string,
  userId: string,
  items: readonly Item[],
  source: Source,
): Promise<void> {
  if (items.length === 0) return;
  const author =
    source.by === null
      ? undefined
      : await trx.selectFrom('users').select('full_name').where('id', '=', source.by).executeTakeFirst();
  await trx
    .insertInto('application_user_sources')
    .values(
      items.map((item) => ({
        application_id: applicationId,
        user_id: userId,
        item_kind: item.kind,
        item_id: item.id,
        kind: source.kind,
        directory_group_name: source.directoryGroupName ?? '',
        access_request_id: source.accessRequestId ?? null,
        granted_by: source.by,
        granted_by_name: author?.full_name ?? null,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['application_id', 'user_id', 'item_kind', 'item_id', 'kind', 'directory_group_name']).doNothing(),
    )
    .execute();
}

/** Every source row of one user's access. */
export function sourcesOf(db: Db, applicationId: string, userId: string): Promise<SourceRow[]> {
  return db
    .selectFrom('application_user_sources')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .orderBy('granted_at')
    .execute();
}

/**
 * Keeps only the rows of the roles and account accesses in `kept` (those held before and after a
 * change): a role taken away, or added anew, starts without the rows of an earlier holding.
 */
export async function pruneSources(
  trx: Transaction<DB>,
  applicationId: string,
  userId: string,
  kept: { roleIds: readonly string[]; accountAccessIds: readonly string[] },
): Promise<void> {
  for (const [kind, ids] of [
    ['ROLE', kept.roleIds],
    ['ACCOUNT_ACCESS', kept.accountAccessIds],
  ] as const) {
    await trx
      .deleteFrom('application_user_sources')
      .where('application_id', '=', applicationId)
      .where('user_id', '=', userId)
      .where('item_kind', '=', kind)
      .$if(ids.length > 0, (q) => q.where('item_id', 'not in', [...ids]))
      .execute();
  }
}

/**
 * An administrator or an accepted request granted `items` by name: those that automatic sources hold
 * (a group, a default) get the grant recorded too, so they stay when those sources go. Items without
 * rows need none: the history tells their reason.
 */
export async function markExplicit(
  trx: Transaction<DB>,
  applicationId: string,
  userId: string,
  items: readonly Item[],
  source: Source & { kind: 'DIRECT_GRANT' | 'ACCESS_REQUEST' },
): Promise<void> {
  if (items.length === 0) return;
  const rows = await sourcesOf(trx, applicationId, userId);
  const sourced = new Set(rows.map((r) => `${r.item_kind}:${r.item_id}`));
  await addSources(
    trx,
    applicationId,
    userId,
    items.filter((i) => sourced.has(`${i.kind}:${i.id}`)),
    source,
  );
}
