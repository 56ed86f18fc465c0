import { describe, expect, it } from 'vitest';
import { median, p95, quantile, renderTable, within } from './stats.ts';

describe('statistics of the benchmark', () => {
  it('takes nearest-rank quantiles', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(p95(Array.from({ length: 40 }, (_, i) => i + 1))).toBe(38);
    expect(quantile([], 0.5)).toBeUndefined();
  });

  it('says whether a figure is within its budget, and nothing without a value or budget', () => {
    expect(within({ figure: 'a', value: 10, unit: 'ms', budget: 10 })).toBe('yes');
    expect(within({ figure: 'a', value: 11, unit: 'ms', budget: 10 })).toBe('NO');
    expect(within({ figure: 'a', value: undefined, unit: 'ms', budget: 10, note: 'why' })).toBe('—');
  });

  it('prints one row per figure with the reason of a missing one', () => {
    const table = renderTable([
      { figure: 'ready', value: 1234.4, unit: 'ms', budget: 450 },
      { figure: 'score', value: undefined, unit: 'score', budget: 0.98, note: 'no Lighthouse' },
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/\| ready +\| 1234 ms +\| ≤ 450 ms +\| NO /);
    expect(lines[3]).toContain('not measured (no Lighthouse)');
  });
});
