// Small statistics and the printed table of the benchmark.

export function quantile(values: readonly number[], q: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank: the smallest value with at least q of the samples at or below it.
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1];
}

export const median = (values: readonly number[]) => quantile(values, 0.5);
export const p95 = (values: readonly number[]) => quantile(values, 0.95);

export interface Row {
  readonly figure: string;
  /** The median (or the single value), in `unit`; undefined when not measured. */
  readonly value: number | undefined;
  readonly unit: 'ms' | 'KB' | 'MB' | 'count' | 'score';
  /** Upper bound of the budget in `unit`; undefined when the figure has no budget. */
  readonly budget: number | undefined;
  /** Why a figure is missing, or a note on how it was taken. */
  readonly note?: string;
  readonly samples?: readonly number[];
}

export function within(row: Row): 'yes' | 'NO' | '—' {
  if (row.value === undefined || row.budget === undefined) return '—';
  return row.value <= row.budget ? 'yes' : 'NO';
}

const format = (value: number | undefined, unit: Row['unit']) => {
  if (value === undefined) return '';
  switch (unit) {
    case 'ms':
      return `${Math.round(value)} ms`;
    case 'KB':
      return `${value.toFixed(1)} KB`;
    case 'MB':
      return `${value.toFixed(2)} MB`;
    case 'score':
      return value.toFixed(3);
    default:
      return String(Math.round(value * 1000) / 1000);
  }
};

/** The table: figure | median | budget | within? (and a note). */
export function renderTable(rows: readonly Row[]): string {
  const cells = rows.map((r) => [
    r.figure,
    r.value === undefined ? `not measured (${r.note ?? 'no reason given'})` : format(r.value, r.unit),
    r.budget === undefined ? '' : `≤ ${format(r.budget, r.unit)}`,
    within(r),
    r.value === undefined ? '' : (r.note ?? ''),
  ]);
  const header = ['figure', 'median', 'budget', 'within?', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]) => `| ${c.map((x, i) => x.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}
