// The report of a CSV import (#20.3): per line what was (or would be) done and each invalid
// line's reason, as a CSV file for spreadsheet programs (UTF-8 with a byte-order mark, each
// line by core's CSV rule `csvLine`, the rule of the API's CSV downloads).
import { csvLine } from '@portal/core';
import type { ImportResult } from '@portal/adapters/admin';

export interface ImportReportLabels {
  /** Header cells: line, e-mail, result, roles, account accesses, reason. */
  readonly header: readonly [string, string, string, string, string, string];
  /** A change's name (GRANT, UPDATE, REMOVE, UNCHANGED) and the invalid lines' result. */
  readonly change: (change: 'GRANT' | 'UPDATE' | 'REMOVE' | 'UNCHANGED' | 'INVALID') => string;
}

/** The report's text, lines in file order (valid and invalid mixed, as in the file). */
export function importReportCsv(result: ImportResult, labels: ImportReportLabels): string {
  const lines: { line: number; cells: (string | number)[] }[] = [
    ...result.rows.map((row) => ({
      line: row.line,
      cells: [
        row.line,
        row.email,
        labels.change(row.change),
        row.roles.map((role) => role.key).join('|'),
        row.accountAccesses.map((access) => access.key).join('|'),
        '',
      ],
    })),
    ...result.invalid.map((problem) => ({
      line: problem.line,
      cells: [problem.line, problem.email ?? '', labels.change('INVALID'), '', '', problem.message],
    })),
  ].sort((a, b) => a.line - b.line);
  return `\ufeff${[labels.header, ...lines.map((l) => l.cells)].map(csvLine).join('')}`;
}
