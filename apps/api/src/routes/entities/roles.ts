// `/Roles`: the roles' list fields, answer (permissions, applications), checks, save and usage (the routes: crud.ts).
import { sql } from 'kysely';
import { adminPermissionLost, usageGroups } from '../../services/usage.ts';
import type { Crud } from './kinds.ts';
import { described } from './listing.ts';
import { keyFree, linkable, replaceLinks, writeRow } from './rows.ts';
import { activationGroupApps, held, holders, linkedApplications } from './usage.ts';

export const roles: Crud<'roles'> = {
  listing: { ...described.listing, csvFile: 'rollen' },
  get: async (db, r) => {
    const [perms, apps] = await Promise.all([
      db
        .selectFrom('role_permissions')
        .select('permission_id')
        .where('role_id', '=', r.id)
        .orderBy('permission_id')
        .execute(),
      db
        .selectFrom('application_roles')
        .select('application_id')
        .where('role_id', '=', r.id)
        .orderBy('application_id')
        .execute(),
    ]);
    return {
      ...described.answer(r),
      permissionIds: perms.map((p) => p.permission_id),
      applicationIds: apps.map((a) => a.application_id),
    };
  },
  check: async (db, id, input) => {
    await keyFree(db, 'roles', input.key, id);
    await linkable(db, 'permissions', input.permissionIds, 'permissionIds');
    await linkable(db, 'applications', input.applicationIds, 'applicationIds');
  },
  save: async (trx, id, input, isNew) => {
    const permissionIds = input.permissionIds ?? [];
    const applicationIds = input.applicationIds ?? [];
    await writeRow(trx, 'roles', id, described.row(input), isNew);
    const permissions = permissionIds.map((permission_id) => ({ role_id: id, permission_id }));
    await replaceLinks(trx, 'role_permissions', id, permissions);
    const current = (
      await trx.selectFrom('application_roles').select('application_id').where('role_id', '=', id).execute()
    ).map((r) => r.application_id);
    const removed = current.filter((a) => !applicationIds.includes(a));
    const added = applicationIds.filter((a) => !current.includes(a));
    if (removed.length) {
      await trx
        .deleteFrom('application_roles')
        .where('role_id', '=', id)
        .where('application_id', 'in', removed)
        .execute();
      await sql`UPDATE application_users SET role_ids = array_remove(role_ids, ${id}) WHERE application_id = ANY(${removed}::text[])`.execute(
        trx,
      );
    }
    // Linked anew: last among each application's roles, visible, not a default.
    if (added.length) {
      const last = await trx
        .selectFrom('application_roles')
        .select(['application_id', (eb) => eb.fn.max('position').as('position')])
        .where('application_id', 'in', added)
        .groupBy('application_id')
        .execute();
      const after = new Map(last.map((row) => [row.application_id, Number(row.position) + 1]));
      await trx
        .insertInto('application_roles')
        .values(
          added.map((application_id) => ({
            application_id,
            role_id: id,
            permission_id: null,
            visible: true,
            is_default: false,
            position: after.get(application_id) ?? 0,
          })),
        )
        .execute();
    }
  },
  usage: (db, id) =>
    usageGroups(db, [
      ['APPLICATION', linkedApplications('application_roles', 'role_id', id)],
      ['USER', holders(held.roles, id)],
      ['ACTIVATION_GROUP', activationGroupApps(held.roles, id)],
      // #30.3: applications whose admin permission is held only through this role.
      ['ADMIN_PERMISSION_LOST', adminPermissionLost(sql<boolean>`x.role_id = ${id}`)],
    ]),
};
