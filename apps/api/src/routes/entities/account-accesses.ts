// `/AccountAccesses`: the account-access groups' list fields, answer, checks (no cycle of parents), save and usage
// (the routes: crud.ts).
import { sql } from 'kysely';
import type { components } from '@portal/contract';
import { fieldError } from '../../http/errors.ts';
import { usageGroups } from '../../services/usage.ts';
import type { Crud } from './kinds.ts';
import { byKeyAndLabel, idField, keyField, labelField, nullable } from './listing.ts';
import { keyFree, mustExist, writeRow } from './rows.ts';
import { activationGroupApps, held, holders, linkedApplications } from './usage.ts';

type S = components['schemas'];

export const accountAccesses: Crud<'account_accesses'> = {
  listing: {
    ...byKeyAndLabel,
    fields: {
      id: idField,
      key: keyField,
      label: labelField,
      parentId: { column: 'parent_id', read: nullable, csv: 'csvParent' },
    },
    csvFile: 'kontozugaenge',
  },
  get: async (db, x) => {
    return {
      id: x.id,
      key: x.key,
      label: x.label,
      parentId: x.parent_id,
      parentDeterminationMethod: x.parent_determination_method as S['DeterminationMethod'],
      childDeterminationMethod: x.child_determination_method as S['DeterminationMethod'],
      attributeId: x.attribute_id,
    };
  },
  check: async (db, id, input) => {
    await keyFree(db, 'account_accesses', input.key, id);
    const parentId = input.parentId ?? null;
    if (parentId) {
      await mustExist(db, 'account_accesses', [parentId], 'parentId');
      // Walk up from the new parent: meeting this group again would make a cycle.
      let cursor: string | null = parentId;
      for (let depth = 0; cursor && depth < 1000; depth++) {
        if (cursor === id) throw fieldError('parentId', 'parentCycle', 'accountAccess.cycle');
        const up: { parent_id: string | null } | undefined = await db
          .selectFrom('account_accesses')
          .select('parent_id')
          .where('id', '=', cursor)
          .executeTakeFirst();
        cursor = up?.parent_id ?? null;
      }
    }
    if (input.attributeId) await mustExist(db, 'attributes', [input.attributeId], 'attributeId');
  },
  save: async (trx, id, input, isNew) => {
    const row = {
      key: input.key,
      label: input.label.trim(),
      parent_id: input.parentId ?? null,
      parent_determination_method: input.parentDeterminationMethod ?? 'NONE',
      child_determination_method: input.childDeterminationMethod ?? 'NONE',
      attribute_id: input.attributeId ?? null,
    };
    await writeRow(trx, 'account_accesses', id, row, isNew);
  },
  usage: (db, id) =>
    usageGroups(db, [
      ['APPLICATION', linkedApplications('application_account_accesses', 'account_access_id', id)],
      ['USER', holders(held.account_accesses, id)],
      ['ACCOUNT_ACCESS', sql`SELECT id, label FROM account_accesses WHERE parent_id = ${id}`],
      ['ACTIVATION_GROUP', activationGroupApps(held.account_accesses, id)],
    ]),
};
