// The rows of the five global kinds (entities/index.ts): a path's id, a key taken, links to rows that exist, an
// entity's own row and its links written.
import { sql } from 'kysely';
import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, fieldError, notFound } from '../../http/errors.ts';
import type { FieldProblem } from '../../http/errors.ts';

export type Table = 'attributes' | 'permissions' | 'roles' | 'account_accesses' | 'custom_flows';

export async function keyFree(
  trx: Database | Transaction<DB>,
  table: Table,
  key: string,
  exceptId: string | null,
): Promise<void> {
  const row = await trx.selectFrom(table).select('id').where('key', '=', key).executeTakeFirst();
  if (row && row.id !== exceptId) throw conflict('keyTaken', 'key.duplicate', [key], 'key');
}

export async function mustExist(
  trx: Database | Transaction<DB>,
  table: Table | 'applications',
  ids: readonly string[],
  field: string,
): Promise<void> {
  if (!ids.length) return;
  const found = new Set(
    (
      await trx
        .selectFrom(table)
        .select('id')
        .where('id', 'in', [...new Set(ids)])
        .execute()
    ).map((r) => r.id),
  );
  const problems: FieldProblem[] = ids.flatMap((id, i) =>
    found.has(id)
      ? []
      : [
          {
            key: 'referenceNotFound' as const,
            field: ids.length === 1 && !field.endsWith('s') ? field : `${field}.${i}`,
            args: [id],
          },
        ],
  );
  if (problems.length) throw badRequest(problems, 'referenceNotFound', 'reference.notFound');
}

function unique(ids: readonly string[], field: string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) throw fieldError(`${field}.${i}`, 'duplicateEntry', 'duplicateEntry');
    seen.add(id);
  });
}

/** The ids an entity is to be linked to (none when absent): each once (400 duplicateEntry), each of a row of `table`
 * (400 referenceNotFound). */
export async function linkable(
  trx: Database | Transaction<DB>,
  table: Table | 'applications',
  ids: readonly string[] | undefined,
  field: string,
): Promise<readonly string[]> {
  const list = ids ?? [];
  unique(list, field);
  await mustExist(trx, table, list, field);
  return list;
}

/** The row of `table` with this id; 404 when there is none. */
export async function rowOf<T extends Table>(
  db: Database | Transaction<DB>,
  table: T,
  id: string,
): Promise<Selectable<DB[T]>> {
  const any: Table = table;
  const row: unknown = await db.selectFrom(any).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row as Selectable<DB[T]>;
}

/** Writes an entity's own row (checked against its table by the signature): inserted with its id when new, else updated. */
export async function writeRow<T extends Table>(
  trx: Transaction<DB>,
  table: T,
  id: string,
  row: Updateable<DB[T]>,
  isNew: boolean,
): Promise<void> {
  const any: Table = table;
  if (isNew)
    await trx
      .insertInto(any)
      .values({ id, ...row } as never)
      .execute();
  else
    await trx
      .updateTable(any)
      .set(row as never)
      .where('id', '=', id)
      .execute();
}

/** The tables of an entity's links that its save writes whole, and the column naming the entity in each. */
const linkOwner = { role_permissions: 'role_id', custom_flow_attributes: 'custom_flow_id' } as const;

/** Replaces the entity's links in `table` by `rows` (checked against the table by the signature). */
export async function replaceLinks<T extends keyof typeof linkOwner>(
  trx: Transaction<DB>,
  table: T,
  id: string,
  rows: readonly Insertable<DB[T]>[],
): Promise<void> {
  const anyLink: keyof typeof linkOwner = table;
  await trx.deleteFrom(anyLink).where(sql.ref(linkOwner[table]), '=', id).execute();
  if (rows.length)
    await trx
      .insertInto(anyLink)
      .values([...rows])
      .execute();
}
