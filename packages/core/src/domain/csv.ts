// The cell rule of every CSV file the portal writes (#20.3, #31.2): the API's list downloads and
// the console's import report. RFC 4180 quoting (a cell with a quote, a comma, a semicolon or a
// line break is quoted, quotes doubled), and a text a spreadsheet would take for a formula
// (starting with =, +, -, @, tab or CR) is prefixed with an apostrophe. Lines end with CRLF.

/** What a cell may hold: text, a number, a flag, or nothing (an empty cell). */
export type CsvCell = string | number | boolean | null | undefined;

/** One cell as it is written. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line: its cells as written, separated by commas, ended by CRLF. */
export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`;
