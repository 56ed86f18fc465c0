// Where an entity of the five kinds is used (its answer's first usages, the applications linking it) and how roles and
// account accesses are held by users and activation groups (counted, and taken out when one is deleted).
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { components } from '@portal/contract';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

type S = components['schemas'];

/** The `usages` of an entity's answer: of each type (in this order) the first 100 by label, then the first 100 of all. */
export async function firstUsages(
  db: Database | Transaction<DB>,
  types: readonly [S['UsageType'], ReturnType<typeof sql>][],
): Promise<S['Usage'][]> {
  const found = await Promise.all(
    types.map(([type, rows]) =>
      sql<{ id: string; label: string }>`SELECT id, label FROM (${rows}) AS x ORDER BY label LIMIT 100`
        .execute(db)
        .then((result) => result.rows.map((r) => ({ type, id: r.id, label: r.label }))),
    ),
  );
  return found.flat().slice(0, 100);
}

/** Applications linked to the entity through `link` (its id in `column`). */
export const linkedApplications = (
  link: 'application_attributes' | 'application_roles' | 'application_account_accesses' | 'application_custom_flows',
  column: 'attribute_id' | 'role_id' | 'account_access_id' | 'custom_flow_id',
  id: string,
) =>
  sql`SELECT a.id, a.label FROM ${sql.table(link)} l JOIN applications a ON a.id = l.application_id WHERE ${sql.ref(`l.${column}`)} = ${id}`;

/** The kinds users hold on an application: their column of application_users and their property in activation groups. */
export const held = {
  roles: { column: 'role_ids', property: 'roleIds' },
  account_accesses: { column: 'account_access_ids', property: 'accountAccessIds' },
} as const;
type Held = (typeof held)[keyof typeof held];

/** Users who hold the id on some application. */
export const holders = ({ column }: Held, id: string) =>
  sql`SELECT u.id, u.full_name AS label FROM users u WHERE u.id IN (SELECT user_id FROM application_users WHERE ${id} = ANY(${sql.ref(column)}))`;

/** Applications whose activation groups name the id. */
export const activationGroupApps = ({ property }: Held, id: string) => sql`
  SELECT a.id, a.label FROM applications a
  WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(a.activation_groups) g WHERE g -> ${property}::text @> jsonb_build_array(${id}::text))`;

/** Takes the id out of users' access and out of every activation group that names it. */
export async function removeHeld(trx: Transaction<DB>, { column, property }: Held, id: string): Promise<void> {
  await sql`UPDATE application_users SET ${sql.ref(column)} = array_remove(${sql.ref(column)}, ${id}) WHERE ${id} = ANY(${sql.ref(column)})`.execute(
    trx,
  );
  await sql`
    UPDATE applications a SET activation_groups = (
      SELECT coalesce(jsonb_agg(jsonb_set(g.value, ARRAY[${property}::text],
        coalesce((SELECT jsonb_agg(e.value ORDER BY e.ordinality) FROM jsonb_array_elements(g.value -> ${property}::text) WITH ORDINALITY e
          WHERE e.value <> to_jsonb(${id}::text)), '[]'::jsonb)) ORDER BY g.ordinality), '[]'::jsonb)
      FROM jsonb_array_elements(a.activation_groups) WITH ORDINALITY g)
    WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(a.activation_groups) g WHERE g -> ${property}::text @> jsonb_build_array(${id}::text))`.execute(
    trx,
  );
}
