// CSV downloads of the console's lists (#20.3): UTF-8 with a byte-order mark (spreadsheet
// programs then read umlauts right), each line by core's CSV rule (`csvLine`: CRLF line ends,
// RFC 4180 quoting, a cell a spreadsheet would take for a formula prefixed with an apostrophe;
// the console's import report writes its lines by the same rule).
// Rows come in batches from an async source and leave as they come: the file is never held whole.

import type { Context } from 'hono';
import { csvLine, type CsvCell } from '@portal/core';
import { translate, type MessageKey } from './messages.ts';
import type { AppEnv } from '../context.ts';

export type { CsvCell };

/** A CSV download's columns: the header (a message, in the caller's language) and the cell of a row. */
export type CsvColumns<T> = readonly (readonly [MessageKey, (row: T) => CsvCell])[];

/** The body of a CSV download: the header line, then every batch of rows as it arrives. */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly CsvCell[])[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
        return;
      }
      const next = await iterator.next();
      if (next.done === true) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(csvLine).join('')));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** The headers of a CSV download named `name` (with today's date). */
function csvHeaders(name: string): Record<string, string> {
  return {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    'Cache-Control': 'no-store',
  };
}

/** Rows are read this many at a time. */
const csvBatchSize = 1000;

/** Where the next batch starts: after `offset` rows, the last of them `last` (a large list reads after its sort key). */
export interface CsvBatch<T> {
  readonly offset: number;
  readonly last: T | undefined;
}

/**
 * A list as a CSV download named `name` (and today's date): `read` gives the next rows of the
 * current search and sort, `csvBatchSize` at a time, each batch written as it arrives.
 */
export function csvDownload<T>(
  c: Context<AppEnv>,
  name: string,
  columns: CsvColumns<T>,
  read: (limit: number, batch: CsvBatch<T>) => Promise<readonly T[]>,
): Response {
  const lang = c.get('lang');
  async function* batches() {
    let batch: CsvBatch<T> = { offset: 0, last: undefined };
    for (;;) {
      const rows = await read(csvBatchSize, batch);
      if (rows.length > 0) yield rows.map((row) => columns.map(([, cell]) => cell(row)));
      if (rows.length < csvBatchSize) return;
      batch = { offset: batch.offset + rows.length, last: rows.at(-1) };
    }
  }
  return c.body(
    csvStream(
      columns.map(([key]) => translate(key, lang)),
      batches(),
    ),
    200,
    csvHeaders(name),
  );
}

/** A line of a read CSV file: its number in the file (1-based, where the record starts) and its cells. */
export interface CsvRecord {
  readonly line: number;
  readonly cells: readonly string[];
}

/**
 * Reads CSV text (#20.3 import): a byte-order mark is dropped, the separator is `;` when the
 * first line has a semicolon and no comma, else `,`; RFC 4180 quotes (a quoted cell may hold
 * separators, `""` and line breaks); CRLF or LF; blank lines are skipped. An unclosed quote
 * ends the file with `unclosedAt`, the line where that record started.
 */
export function parseCsv(text: string): { records: CsvRecord[]; unclosedAt?: number } {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let i = 0;
  const end = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]?.trim() !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  while (i < body.length) {
    const ch = body[i] ?? '';
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i += 1;
        continue;
      }
      if (ch === '\n') line += 1;
      cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
      i += 1;
      continue;
    }
    if (ch === separator) {
      cells.push(cell);
      cell = '';
      i += 1;
      continue;
    }
    if (ch === '\r' && body[i + 1] === '\n') {
      i += 1;
      continue;
    }
    if (ch === '\n') {
      end();
      line += 1;
      start = line;
      i += 1;
      continue;
    }
    cell += ch;
    i += 1;
  }
  if (quoted) return { records, unclosedAt: start };
  if (cell !== '' || cells.length > 0) end();
  return { records };
}
