// The global lists of the five kinds: each kind names its fields once, from which its sorts, selected columns, row
// mapping and CSV columns are made; the rows read with search, sort and offset.
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ListQuery } from '../../http/list.ts';
import type { CsvCell, CsvColumns } from '../../http/csv.ts';
import type { MessageKey } from '../../http/messages.ts';
import type { Table } from './rows.ts';

/** A field of a global list's rows: the column it is read from and how, its CSV header, whether the list sorts by it. */
interface ListField<V extends CsvCell> {
  column: string;
  read: (value: unknown) => V;
  csv: MessageKey;
  sort?: true;
}

/** A text column's value (ids, keys, labels: strings in the database; anything else is no text). */
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const nullable = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export const idField: ListField<string> = { column: 'id', read: str, csv: 'csvId' };
export const keyField: ListField<string> = { column: 'key', read: str, csv: 'csvKey', sort: true };
export const labelField: ListField<string> = { column: 'label', read: str, csv: 'csvLabel', sort: true };
export const descriptionField: ListField<string> = { column: 'description', read: str, csv: 'csvDescription' };

/** A row of a global list: every field a CSV cell. */
type Row = { readonly [K in string]: CsvCell };

/** A global list: its fields (each of the row type, in the CSV's order), default sort, search text and CSV file. */
export interface Listing<T extends Row> {
  fields: { readonly [K in keyof T]-?: ListField<T[K]> };
  defaultSort: keyof T & string;
  search: ReturnType<typeof sql<string>>;
  csvFile: string;
}

/** A list sorted by key or label (by label at first) and searched in both. */
export const byKeyAndLabel = {
  defaultSort: 'label',
  search: sql<string>`lower(key || ' ' || label)`,
} as const;

/** Roles and custom flows: a key, a label and a description of their own, and ids linked to them. */
export const described = {
  listing: {
    ...byKeyAndLabel,
    fields: { id: idField, key: keyField, label: labelField, description: descriptionField },
  },
  /** The fields of the answer read from the row. */
  answer: ({ id, key, label, description }: { id: string; key: string; label: string; description: string }) => ({
    id,
    key,
    label,
    description,
  }),
  /** The row's fields from the input. */
  row: (input: { key: string; label: string; description?: string }) => ({
    key: input.key,
    label: input.label.trim(),
    description: input.description ?? '',
  }),
};

/** What a listing's fields make: its sorts (→ columns), the selected columns, the row mapping and the CSV columns. */
interface ListPlan<T> {
  sorts: Record<string, string>;
  columns: readonly string[];
  search: ReturnType<typeof sql<string>>;
  map: (row: Record<string, unknown>) => T;
  csv: CsvColumns<T>;
}

export function listPlan<T extends Row>(listing: Listing<T>): ListPlan<T> {
  const fields = Object.entries(listing.fields) as [keyof T & string, ListField<CsvCell>][];
  return {
    sorts: Object.fromEntries(fields.flatMap(([name, f]) => (f.sort ? [[name, f.column]] : []))),
    columns: fields.map(([, f]) => f.column),
    search: listing.search,
    map: (row) => Object.fromEntries(fields.map(([name, f]) => [name, f.read(row[f.column])])) as T,
    csv: fields.map(([name, f]) => [f.csv, (item: T) => item[name]] as const),
  };
}

export const searchWhere = (listing: Pick<ListPlan<unknown>, 'search'>, list: ListQuery<string>) =>
  list.like !== undefined ? sql`WHERE ${listing.search} LIKE ${list.like}` : sql``;

/** Rows of a global list with its search and sort, from an offset. */
export async function listRows<T>(
  db: Database,
  table: Table,
  listing: ListPlan<T>,
  list: ListQuery<string>,
  limit: number,
  offset: number,
): Promise<T[]> {
  const sortColumn = sql.ref(listing.sorts[list.sort] ?? 'id');
  const direction = list.order === 'desc' ? sql`DESC` : sql`ASC`;
  const rows = await sql<
    Record<string, unknown>
  >`SELECT ${sql.join(listing.columns.map((col) => sql.ref(col)))} FROM ${sql.table(table)}
    ${searchWhere(listing, list)} ORDER BY ${sortColumn} ${direction}, id ${direction} LIMIT ${limit} OFFSET ${offset}`.execute(
    db,
  );
  return rows.rows.map(listing.map);
}
