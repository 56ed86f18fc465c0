// History entries: one per changed field, written with the change in the same transaction.
// Each entry keeps the old value next to the new one, the author's name at the time, and the
// names of the entities either value refers to by id (#17.14), so that the console can show
// "Küchenplaner → Serviceportal" even after one of them was deleted.
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { historyRefKindOfProperty, type HistoryRefKind } from '@portal/core';
import type { DB, HistoryRefRow } from './db/schema.ts';

export type Mode = 'CREATE' | 'UPDATE' | 'DELETE';
type Row = Record<string, unknown>;

/** The kinds of entity a history value can name (HistoryRefKind of the contract). */
export type RefKind = HistoryRefKind;

/** The table of each kind and the column that names an entity of it (permissions have no label: their key). */
export const REF_TABLES = {
  APPLICATION: { table: 'applications', name: 'label' },
  ATTRIBUTE: { table: 'attributes', name: 'label' },
  PERMISSION: { table: 'permissions', name: 'key' },
  ROLE: { table: 'roles', name: 'label' },
  ACCOUNT_ACCESS: { table: 'account_accesses', name: 'label' },
  CUSTOM_FLOW: { table: 'custom_flows', name: 'label' },
} as const satisfies Record<RefKind, { table: keyof DB; name: string }>;

const SECRET_FIELDS = new Set(['password', 'webhook.password']);

/** A value as history records it: text as it is, anything else as JSON, nothing as null. */
export function historyText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** Every (kind, id) a field's value names: `field` itself or any nested property named like an id. */
export function referencesIn(
  field: string,
  value: unknown,
  into: Map<string, RefKind> = new Map(),
): Map<string, RefKind> {
  const kind = historyRefKindOfProperty[field];
  if (kind !== undefined) {
    for (const id of Array.isArray(value) ? value : [value])
      if (typeof id === 'string' && id !== '') into.set(`${kind}:${id}`, kind);
  }
  if (Array.isArray(value)) {
    for (const item of value)
      if (item !== null && typeof item === 'object' && !Array.isArray(item)) walk(item as Row, into);
  } else if (value !== null && typeof value === 'object') {
    walk(value as Row, into);
  }
  return into;
}

function walk(object: Row, into: Map<string, RefKind>): void {
  for (const [key, value] of Object.entries(object)) referencesIn(key, value, into);
}

/** The labels of the named entities as they are now (inside the transaction of the change). */
async function labelsOf(trx: Transaction<DB>, refs: Map<string, RefKind>): Promise<HistoryRefRow[]> {
  const byKind = new Map<RefKind, string[]>();
  for (const [key, kind] of refs) byKind.set(kind, [...(byKind.get(kind) ?? []), key.slice(kind.length + 1)]);
  const found: HistoryRefRow[] = [];
  for (const [kind, ids] of byKind) {
    const { table, name } = REF_TABLES[kind];
    const { rows } = await sql<{
      id: string;
      name: string;
    }>`SELECT id, ${sql.ref(name)} AS name FROM ${sql.table(table)} WHERE id = ANY(${ids}::text[])`.execute(trx);
    for (const row of rows) found.push({ kind, id: row.id, label: row.name });
  }
  return found;
}

export async function recordHistory(
  trx: Transaction<DB>,
  entry: {
    table: string;
    entity: string;
    mode: Mode;
    by: string | null;
    before?: Row | null;
    after?: Row | null;
  },
): Promise<void> {
  type Insert = {
    table_name: string;
    entity: string;
    mode: string;
    field: string | null;
    value: string | null;
    old_value: string | null;
    updated_by: string | null;
    updated_by_name: string | null;
    refs: string;
  };
  const author =
    entry.by === null
      ? undefined
      : await trx.selectFrom('users').select('full_name').where('id', '=', entry.by).executeTakeFirst();
  const base = {
    table_name: entry.table,
    entity: entry.entity,
    mode: entry.mode,
    updated_by: entry.by,
    updated_by_name: author?.full_name ?? null,
  };
  const changes: {
    field: string | null;
    value: string | null;
    old_value: string | null;
    refs: Map<string, RefKind>;
  }[] = [];
  if (entry.mode === 'DELETE') {
    changes.push({ field: null, value: null, old_value: null, refs: new Map() });
  } else {
    const before = entry.before ?? {};
    const after = entry.after ?? {};
    for (const [field, value] of Object.entries(after)) {
      if (SECRET_FIELDS.has(field)) continue;
      const next = historyText(value);
      const previous = entry.mode === 'UPDATE' ? historyText(before[field]) : null;
      if (entry.mode === 'UPDATE' && previous === next) continue;
      if (entry.mode === 'CREATE' && next === null) continue;
      const refs = referencesIn(field, value);
      if (entry.mode === 'UPDATE') referencesIn(field, before[field], refs);
      changes.push({ field, value: next, old_value: previous, refs });
    }
    if (changes.length === 0 && entry.mode === 'CREATE')
      changes.push({ field: null, value: null, old_value: null, refs: new Map() });
  }
  if (!changes.length) return;
  const all = new Map<string, RefKind>();
  for (const change of changes) for (const [key, kind] of change.refs) all.set(key, kind);
  const labels = all.size ? await labelsOf(trx, all) : [];
  const rows: Insert[] = changes.map((change) => ({
    ...base,
    field: change.field,
    value: change.value,
    old_value: change.old_value,
    refs: JSON.stringify(labels.filter((ref) => change.refs.has(`${ref.kind}:${ref.id}`))),
  }));
  await trx.insertInto('history').values(rows).execute();
}
