// `/Attributes`: the attributes' list fields, answer, checks, save and usage (the routes: crud.ts).
import { sql } from 'kysely';
import type { components } from '@portal/contract';
import { validateRequiredAnswerSetting } from '@portal/core';
import { fieldError } from '../../http/errors.ts';
import { requiredAnswer } from '../../services/values.ts';
import { usageGroups } from '../../services/usage.ts';
import type { Crud } from './kinds.ts';
import { idField, keyField, labelField } from './listing.ts';
import { keyFree, mustExist, writeRow } from './rows.ts';
import { firstUsages, linkedApplications } from './usage.ts';

type S = components['schemas'];

/** Who uses an attribute besides the users with a value of it (each selects `id, label`). */
const attributeUsers = (id: string) => ({
  applications: linkedApplications('application_attributes', 'attribute_id', id),
  customFlows: sql`SELECT f.id, f.label FROM custom_flow_attributes l JOIN custom_flows f ON f.id = l.custom_flow_id WHERE l.attribute_id = ${id}`,
  accountAccesses: sql`SELECT id, label FROM account_accesses WHERE attribute_id = ${id}`,
});
export const attributes: Crud<'attributes'> = {
  listing: {
    fields: {
      id: idField,
      key: keyField,
      label: labelField,
      dataType: { column: 'data_type', read: (v) => v as S['AttributeDataType'], csv: 'csvDataType', sort: true },
      editableByUser: { column: 'editable_by_user', read: Boolean, csv: 'csvEditableByUser' },
      editableByOthers: { column: 'editable_by_others', read: Boolean, csv: 'csvEditableByOthers' },
    },
    defaultSort: 'key',
    search: sql<string>`lower(key || ' ' || label)`,
    csvFile: 'attribute',
  },
  get: async (db, a) => {
    const users = attributeUsers(a.id);
    const usages = await firstUsages(db, [
      ['APPLICATION', users.applications],
      ['CUSTOM_FLOW', users.customFlows],
      ['APPLICATION_ACCOUNT_ACCESS', users.accountAccesses],
    ]);
    return {
      id: a.id,
      key: a.key,
      label: a.label,
      dataType: a.data_type as S['AttributeDataType'],
      requiredValue: requiredAnswer(a.required_value),
      permissionId: a.permission_id,
      directoryLink: a.directory_link,
      editableByUser: a.editable_by_user,
      editableByOthers: a.editable_by_others,
      usages,
    };
  },
  check: async (db, id, input) => {
    await keyFree(db, 'attributes', input.key, id);
    if (input.permissionId) await mustExist(db, 'permissions', [input.permissionId], 'permissionId');
    if (validateRequiredAnswerSetting(input.dataType, input.requiredValue) !== undefined)
      throw fieldError('requiredValue', 'requiredValueNotBoolean', 'attribute.requiredValueNotBoolean');
  },
  save: async (trx, id, input, isNew) => {
    // A required answer only for a Yes/No attribute (#30.1, core's rule); omitted keeps the stored one while it fits.
    const stored = isNew
      ? undefined
      : await trx.selectFrom('attributes').select('required_value').where('id', '=', id).executeTakeFirst();
    const requiredValue =
      input.requiredValue === undefined ? requiredAnswer(stored?.required_value ?? null) : input.requiredValue;
    const row = {
      key: input.key,
      label: input.label.trim(),
      data_type: input.dataType,
      required_value: input.dataType === 'BOOLEAN' ? requiredValue : null,
      permission_id: input.permissionId ?? null,
      directory_link: input.directoryLink ?? null,
      editable_by_user: input.editableByUser ?? true,
      editable_by_others: input.editableByOthers ?? true,
    };
    await writeRow(trx, 'attributes', id, row, isNew);
  },
  usage: (db, id) => {
    const users = attributeUsers(id);
    return usageGroups(db, [
      ['APPLICATION', users.applications],
      ['CUSTOM_FLOW', users.customFlows],
      ['ACCOUNT_ACCESS', users.accountAccesses],
      [
        'USER',
        sql`SELECT u.id, u.full_name AS label FROM user_attribute_values v JOIN users u ON u.id = v.user_id WHERE v.attribute_id = ${id}`,
      ],
    ]);
  },
};
