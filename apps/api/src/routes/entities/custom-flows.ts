// `/CustomFlows`: the custom flows' list fields, answer (attributes in order), checks, save and usage (the routes:
// crud.ts).
import { usageGroups } from '../../services/usage.ts';
import type { Crud } from './kinds.ts';
import { described } from './listing.ts';
import { keyFree, linkable, replaceLinks, writeRow } from './rows.ts';
import { linkedApplications } from './usage.ts';

export const customFlows: Crud<'custom_flows'> = {
  listing: { ...described.listing, csvFile: 'ablaeufe' },
  get: async (db, f) => {
    const attrs = await db
      .selectFrom('custom_flow_attributes')
      .select('attribute_id')
      .where('custom_flow_id', '=', f.id)
      .orderBy('position')
      .execute();
    return {
      ...described.answer(f),
      attributeIds: attrs.map((a) => a.attribute_id),
    };
  },
  check: async (db, id, input) => {
    await keyFree(db, 'custom_flows', input.key, id);
    await linkable(db, 'attributes', input.attributeIds, 'attributeIds');
  },
  save: async (trx, id, input, isNew) => {
    const attributeIds = input.attributeIds ?? [];
    await writeRow(trx, 'custom_flows', id, described.row(input), isNew);
    const attributes = attributeIds.map((attribute_id, position) => ({ custom_flow_id: id, attribute_id, position }));
    await replaceLinks(trx, 'custom_flow_attributes', id, attributes);
  },
  usage: (db, id) =>
    usageGroups(db, [['APPLICATION', linkedApplications('application_custom_flows', 'custom_flow_id', id)]]),
};
