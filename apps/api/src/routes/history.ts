// One page of an entity's history: each entry with its old and new value, the author's name
// (as now, or as recorded when the account is gone) and the entities its values name, each
// with its label (as now, or as recorded) and whether it still exists (#17.14).
import { sql } from 'kysely';
import type { components } from '@portal/contract';
import type { Ctx } from '../context.ts';
import type { Database } from '../db/database.ts';
import type { HistoryRefRow } from '../db/schema.ts';
import { REF_TABLES, referencesIn } from '../history.ts';
import type { RefKind } from '../history.ts';
import { parseList } from '../http/list.ts';

type S = components['schemas'];

/** The current label of every named entity that still exists, by `${kind}:${id}`. */
async function currentLabels(db: Database, refs: readonly HistoryRefRow[]): Promise<Map<string, string>> {
  const byKind = new Map<RefKind, Set<string>>();
  for (const ref of refs) {
    if (!(ref.kind in REF_TABLES)) continue;
    const kind = ref.kind as RefKind;
    byKind.set(kind, (byKind.get(kind) ?? new Set()).add(ref.id));
  }
  const labels = new Map<string, string>();
  await Promise.all(
    [...byKind].map(async ([kind, ids]) => {
      const { table, name } = REF_TABLES[kind];
      const { rows } = await sql<{
        id: string;
        name: string;
      }>`SELECT id, ${sql.ref(name)} AS name FROM ${sql.table(table)} WHERE id = ANY(${[...ids]}::text[])`.execute(db);
      for (const row of rows) labels.set(`${kind}:${row.id}`, row.name);
    }),
  );
  return labels;
}

/** A recorded value as written: JSON for lists and objects, else the text. */
function parseValue(text: string): unknown {
  if (!text.startsWith('[') && !text.startsWith('{')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function historyList(c: Ctx, db: Database, table: string, entity: string): Promise<S['HistoryList']> {
  const list = parseList(c, { sorts: ['updatedAt', 'field'] as const, defaultSort: 'updatedAt', defaultOrder: 'desc' });
  const base = db.selectFrom('history').where('table_name', '=', table).where('entity', '=', entity);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('users', 'users.id', 'history.updated_by')
      .selectAll('history')
      .select('users.full_name as author')
      .$if(list.sort === 'updatedAt', (q) => q.orderBy('history.updated_at', list.order))
      .$if(list.sort === 'field', (q) => q.orderBy('history.field', list.order).orderBy('history.updated_at', 'desc'))
      .orderBy('history.id')
      .limit(list.pageSize)
      .offset(list.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const recorded = (refs: unknown): HistoryRefRow[] =>
    Array.isArray(refs)
      ? (refs as HistoryRefRow[])
      : typeof refs === 'string'
        ? (JSON.parse(refs) as HistoryRefRow[])
        : [];
  // Entries written before 0004 recorded no names: the ids in their values, named as now (an
  // entity deleted since stays an id).
  const refsOf = (r: {
    field: string | null;
    value: string | null;
    old_value: string | null;
    refs: unknown;
  }): HistoryRefRow[] => {
    const refs = recorded(r.refs);
    if (refs.length > 0 || r.field === null) return refs;
    const found = new Map<string, RefKind>();
    for (const text of [r.value, r.old_value]) if (text !== null) referencesIn(r.field, parseValue(text), found);
    return [...found].map(([key, kind]) => ({ kind, id: key.slice(kind.length + 1), label: '' }));
  };
  const labels = await currentLabels(db, rows.flatMap(refsOf));
  return {
    items: rows.map((r) => ({
      id: r.id,
      tableName: r.table_name,
      entity: r.entity,
      mode: r.mode as S['HistoryEntry']['mode'],
      field: r.field,
      oldValue: r.old_value,
      value: r.value,
      updatedAt: new Date(r.updated_at).toISOString(),
      updatedBy: r.updated_by,
      updatedByName: r.author ?? r.updated_by_name,
      references: refsOf(r).flatMap((ref) => {
        const now = labels.get(`${ref.kind}:${ref.id}`);
        if (now === undefined && ref.label === '') return [];
        return [
          { kind: ref.kind as S['HistoryRefKind'], id: ref.id, label: now ?? ref.label, exists: now !== undefined },
        ];
      }),
    })),
    total: Number(total.n),
  };
}
