// History entries: one per changed field, written with the change in the same transaction.
import type { Transaction } from 'kysely';
import type { DB } from './db/schema.ts';

export type Mode = 'CREATE' | 'UPDATE' | 'DELETE';
type Row = Record<string, unknown>;

const SECRET_FIELDS = new Set(['password', 'webhook.password']);

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

export async function recordHistory(trx: Transaction<DB>, entry: {
  table: string; entity: string; mode: Mode; by: string | null; before?: Row | null; after?: Row | null;
}): Promise<void> {
  const rows: { table_name: string; entity: string; mode: string; field: string | null; value: string | null; updated_by: string | null }[] = [];
  const base = { table_name: entry.table, entity: entry.entity, mode: entry.mode, updated_by: entry.by };
  if (entry.mode === 'DELETE') {
    rows.push({ ...base, field: null, value: null });
  } else {
    const before = entry.before ?? {};
    const after = entry.after ?? {};
    for (const [field, value] of Object.entries(after)) {
      if (SECRET_FIELDS.has(field)) continue;
      const next = text(value);
      if (entry.mode === 'UPDATE' && text(before[field]) === next) continue;
      if (entry.mode === 'CREATE' && next === null) continue;
      rows.push({ ...base, field, value: next });
    }
    if (rows.length === 0 && entry.mode === 'CREATE') rows.push({ ...base, field: null, value: null });
  }
  if (rows.length) await trx.insertInto('history').values(rows).execute();
}
