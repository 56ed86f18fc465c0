// Activation groups grant access (#29.3): at sign-in the user's directory groups (from their access
// token) are applied to every application's internal activation groups. A group the user is in grants
// its roles and account accesses (those linked to the application); a group without roles gives the
// application's default roles when the access would otherwise hold none (#29.4). What a group granted
// is recorded as its source (services/access-sources.ts) and taken away when the user is no longer in
// the group, or the application no longer has it — unless another source holds it: an administrator, an
// accepted request, another group, or the holding that was there before the group (HELD). Each
// application's change goes through `grant`/`removeGrant`: one history entry (by the system) and one
// webhook, as any grant.
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { directoryGroupKey } from '@portal/core';
import type { DB } from '../db/schema.ts';
import { grant, removeGrant } from './access.ts';
import {
  ACCESS,
  accountAccessesAsItems,
  addSources,
  defaultRoleIds,
  rolesAsItems,
  sourcesOf,
} from './access-sources.ts';
import type { Item, SourceRow } from './access-sources.ts';

export interface GroupSyncResult {
  /** false: a token issued after this one was applied already; nothing changed. */
  applied: boolean;
  changedApplicationIds: string[];
  /** A webhook delivery was queued. */
  queued: boolean;
}

interface ActivationGroup {
  directoryGroupName: string;
  roleIds: string[];
  accountAccessIds: string[];
}

const itemKey = (kind: string, id: string) => `${kind}:${id}`;
const rowKey = (r: { item_kind: string; item_id: string; kind: string; directory_group_name: string }) =>
  `${r.item_kind}:${r.item_id}:${r.kind}:${r.directory_group_name}`;

/**
 * Applies `groups` (the directory groups of the user's token, issued at `issuedAt` seconds) to every
 * application's activation groups, in `trx`. Only internal accounts are in directory groups: for any
 * other account the groups grant nothing (and what groups granted before goes).
 */
export async function syncDirectoryGroups(
  trx: Transaction<DB>,
  user: { userId: string; groups: readonly string[]; issuedAt: number | undefined },
): Promise<GroupSyncResult> {
  // One sync per user at a time; a token older than the last one applied changes nothing.
  await trx
    .insertInto('user_group_syncs')
    .values({ user_id: user.userId, token_issued_at: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const last = await trx
    .selectFrom('user_group_syncs')
    .select('token_issued_at')
    .where('user_id', '=', user.userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const issuedAt = user.issuedAt === undefined ? null : new Date(user.issuedAt * 1000);
  if (issuedAt !== null && last.token_issued_at !== null && issuedAt < new Date(last.token_issued_at))
    return { applied: false, changedApplicationIds: [], queued: false };
  await trx
    .updateTable('user_group_syncs')
    .set({ token_issued_at: issuedAt ?? last.token_issued_at, synced_at: new Date() })
    .where('user_id', '=', user.userId)
    .execute();

  const account = await trx
    .selectFrom('users')
    .select('internal')
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow();
  const names = account.internal ? [...new Set(user.groups.map(directoryGroupKey).filter((g) => g !== ''))] : [];

  // The applications one of whose activation groups the user is in, and those where a group granted before
  // (the database's side of core's `directoryGroupKey`: names are stored trimmed, by core's `applicationRules`).
  const { rows: applications } = await sql<{ id: string; activation_groups: ActivationGroup[] }>`
    SELECT a.id, a.activation_groups FROM applications a
    WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(a.activation_groups) g
                  WHERE lower(btrim(g ->> 'directoryGroupName')) = ANY(${names}::text[]))
       OR EXISTS (SELECT 1 FROM application_user_sources s
                  WHERE s.application_id = a.id AND s.user_id = ${user.userId} AND s.directory_group_name <> '')
    ORDER BY a.id`.execute(trx);

  const result: GroupSyncResult = { applied: true, changedApplicationIds: [], queued: false };
  const inGroup = new Set(names);
  for (const a of applications) {
    const groups = a.activation_groups.filter((g) => inGroup.has(directoryGroupKey(g.directoryGroupName)));
    const { changed, queued } = await syncApplication(trx, a.id, user.userId, groups);
    if (changed) result.changedApplicationIds.push(a.id);
    if (queued) result.queued = true;
  }
  return result;
}

/** One application: the user's access as the matching activation groups `groups` have it. */
async function syncApplication(
  trx: Transaction<DB>,
  applicationId: string,
  userId: string,
  groups: readonly ActivationGroup[],
): Promise<{ changed: boolean; queued: boolean }> {
  const access = await trx
    .selectFrom('application_users')
    .select(['role_ids', 'account_access_ids'])
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  const [roleLinks, accessLinks, rows] = await Promise.all([
    trx.selectFrom('application_roles').select('role_id').where('application_id', '=', applicationId).execute(),
    trx
      .selectFrom('application_account_accesses')
      .select('account_access_id')
      .where('application_id', '=', applicationId)
      .execute(),
    sourcesOf(trx, applicationId, userId),
  ]);
  const linkedRoles = new Set(roleLinks.map((l) => l.role_id));
  const linkedAccesses = new Set(accessLinks.map((l) => l.account_access_id));
  const heldRoles = access?.role_ids ?? [];
  const heldAccesses = access?.account_access_ids ?? [];
  const held = new Set([
    ...(access ? [itemKey('ACCESS', '')] : []),
    ...heldRoles.map((id) => itemKey('ROLE', id)),
    ...heldAccesses.map((id) => itemKey('ACCOUNT_ACCESS', id)),
  ]);
  // Rows of items no longer held speak of an earlier holding: they count for nothing.
  const current = rows.filter((r) => held.has(itemKey(r.item_kind, r.item_id)));

  // What each matching group grants: the access, its linked roles and account accesses.
  const wanted = groups.map((g) => ({
    group: g.directoryGroupName,
    items: [
      ACCESS,
      ...rolesAsItems(g.roleIds.filter((id) => linkedRoles.has(id))),
      ...accountAccessesAsItems(g.accountAccessIds.filter((id) => linkedAccesses.has(id))),
    ],
  }));
  const wantedRows = new Set(
    wanted.flatMap((w) =>
      w.items.map((i) =>
        rowKey({ item_kind: i.kind, item_id: i.id, kind: 'ACTIVATION_GROUP', directory_group_name: w.group }),
      ),
    ),
  );
  const matching = new Set(groups.map((g) => g.directoryGroupName));
  // A group's rows go when the user left it, the application no longer has it, or it no longer grants
  // that item; the default roles a group gave stay while the user is in it.
  const obsolete = current.filter(
    (r) =>
      r.directory_group_name !== '' &&
      (r.kind === 'DEFAULT_ROLE' ? !matching.has(r.directory_group_name) : !wantedRows.has(rowKey(r))),
  );
  const gone = new Set(obsolete.map(rowKey));
  const kept = current.filter((r) => !gone.has(rowKey(r)));
  const sourced = new Set(current.map((r) => itemKey(r.item_kind, r.item_id)));
  const stillSourced = new Set(kept.map((r) => itemKey(r.item_kind, r.item_id)));
  const wantedItems = new Map<string, Item>(
    wanted.flatMap((w) => w.items.map((i) => [itemKey(i.kind, i.id), i] as const)),
  );
  /** An item whose every source went, and that no group grants now, is taken away. */
  const removed = (kind: Item['kind'], id: string) =>
    sourced.has(itemKey(kind, id)) && !stillSourced.has(itemKey(kind, id)) && !wantedItems.has(itemKey(kind, id));
  const added = (kind: 'ROLE' | 'ACCOUNT_ACCESS') =>
    [...wantedItems.values()].filter((i) => i.kind === kind && !held.has(itemKey(i.kind, i.id))).map((i) => i.id);

  let roleIds = [...heldRoles.filter((id) => !removed('ROLE', id)), ...added('ROLE')];
  const accountAccessIds = [...heldAccesses.filter((id) => !removed('ACCOUNT_ACCESS', id)), ...added('ACCOUNT_ACCESS')];
  // A group without roles gives the application's default roles when the access would hold none (#29.4).
  const defaults = roleIds.length === 0 && groups.length > 0 ? await defaultRoleIds(trx, applicationId) : [];
  if (roleIds.length === 0) roleIds = defaults;

  await deleteRows(trx, obsolete);
  if (roleIds.length === 0) {
    // Nothing holds a role any more (or the groups give none): an access needs one (#17.16).
    if (!access) return { changed: false, queued: false };
    return { changed: true, queued: await removeGrant(trx, applicationId, userId, null) };
  }
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));
  const changed = !access || !same(heldRoles, roleIds) || !same(heldAccesses, accountAccessIds);
  const queued = changed ? await grant(trx, { applicationId, userId, roleIds, accountAccessIds, by: null }) : false;

  // What the user held before a group granted it too keeps the history's reason (HELD).
  const heldBefore = [...wantedItems.values()].filter(
    (i) => held.has(itemKey(i.kind, i.id)) && !sourced.has(itemKey(i.kind, i.id)),
  );
  await addSources(trx, applicationId, userId, heldBefore, { kind: 'HELD', by: null });
  for (const w of wanted)
    await addSources(trx, applicationId, userId, w.items, {
      kind: 'ACTIVATION_GROUP',
      by: null,
      directoryGroupName: w.group,
    });
  // Defaults are given only when no matching group has a role: each of them gave them.
  for (const g of defaults.length ? groups : [])
    await addSources(trx, applicationId, userId, rolesAsItems(defaults), {
      kind: 'DEFAULT_ROLE',
      by: null,
      directoryGroupName: g.directoryGroupName,
    });
  return { changed, queued };
}

async function deleteRows(trx: Transaction<DB>, rows: readonly SourceRow[]): Promise<void> {
  for (const r of rows)
    await trx
      .deleteFrom('application_user_sources')
      .where('application_id', '=', r.application_id)
      .where('user_id', '=', r.user_id)
      .where('item_kind', '=', r.item_kind)
      .where('item_id', '=', r.item_id)
      .where('kind', '=', r.kind)
      .where('directory_group_name', '=', r.directory_group_name)
      .execute();
}
