// `/Permissions`: the permissions' list fields, answer, checks, save and usage (the routes: crud.ts).
import { sql } from 'kysely';
import { permissionHolders, usageGroups } from '../../services/usage.ts';
import type { Crud } from './kinds.ts';
import { descriptionField, idField, keyField } from './listing.ts';
import { keyFree, writeRow } from './rows.ts';
import { firstUsages } from './usage.ts';

export const permissions: Crud<'permissions'> = {
  listing: {
    fields: { id: idField, key: keyField, description: { ...descriptionField, sort: true } },
    defaultSort: 'key',
    search: sql<string>`lower(key || ' ' || description)`,
    csvFile: 'berechtigungen',
  },
  get: async (db, p) => {
    const usages = await firstUsages(db, [
      ['APPLICATION', sql`SELECT id, label FROM applications WHERE admin_permission_id = ${p.id}`],
      [
        'ROLE',
        sql`SELECT r.id, r.label FROM role_permissions l JOIN roles r ON r.id = l.role_id WHERE l.permission_id = ${p.id}`,
      ],
    ]);
    return { id: p.id, key: p.key, description: p.description, usages };
  },
  check: (db, id, input) => keyFree(db, 'permissions', input.key, id),
  save: async (trx, id, input, isNew) => {
    const row = { key: input.key, description: input.description ?? '' };
    await writeRow(trx, 'permissions', id, row, isNew);
  },
  // #30.3: the applications it is the admin permission of lose it (the foreign key sets null).
  usage: (db, id) =>
    usageGroups(db, [
      ['ADMIN_PERMISSION_LOST', sql`SELECT id, label FROM applications WHERE admin_permission_id = ${id}`],
      [
        'ROLE',
        sql`SELECT r.id, r.label FROM role_permissions l JOIN roles r ON r.id = l.role_id WHERE l.permission_id = ${id}`,
      ],
      ['USER', permissionHolders(id)],
      [
        'APPLICATION',
        sql`SELECT a.id, a.label FROM applications a WHERE a.id IN (SELECT application_id FROM application_roles WHERE permission_id = ${id})`,
      ],
      ['ATTRIBUTE', sql`SELECT id, label FROM attributes WHERE permission_id = ${id}`],
    ]),
};
