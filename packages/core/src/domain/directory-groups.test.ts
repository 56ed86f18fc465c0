import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directoryGroupKey, directoryGroupNameProblems } from './directory-groups.ts';

describe('directory group names', () => {
  it('compare trimmed and in any letters', () => {
    expect(directoryGroupKey('  HK-Vertrieb\t')).toBe('hk-vertrieb');
    expect(directoryGroupKey(' ')).toBe('');
  });

  it('each given and each once, the problem on the repeated entry', () => {
    expect(directoryGroupNameProblems(['A', ' ', 'b', ' a ', 'B', ''])).toEqual([
      { index: 1, problem: 'required' },
      { index: 3, problem: 'duplicate' },
      { index: 4, problem: 'duplicate' },
      { index: 5, problem: 'required' },
    ]);
    expect(directoryGroupNameProblems(['A', 'B'])).toEqual([]);
  });

  it('a list without problems has each key once', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 4 }), { maxLength: 8 }), (names) => {
        const problems = directoryGroupNameProblems(names);
        const kept = names.filter((_, i) => !problems.some((p) => p.index === i)).map(directoryGroupKey);
        expect(new Set(kept).size).toBe(kept.length);
        expect(kept).not.toContain('');
      }),
    );
  });
});
