// The lines of a CSV import's answer (app-users-import.tsx) as a table under its heading.
import { DataTable, type DataTableColumn } from '@portal/ui';

/** Lines of the answer as a table under its heading; nothing when there are none. */
export function LinesTable<Row extends { readonly line: number }>({
  caption,
  columns,
  rows,
}: {
  readonly caption: string;
  readonly columns: readonly DataTableColumn<Row>[];
  readonly rows: readonly Row[];
}) {
  if (rows.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-base font-semibold text-fg">{caption}</h2>
      <DataTable<Row> caption={caption} columns={columns} rows={rows} rowKey={(row) => String(row.line)} />
    </div>
  );
}
