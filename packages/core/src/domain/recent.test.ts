import { describe, expect, it } from 'vitest';
import { recentlyUsed, recentlyUsedShown } from './recent.ts';

const at = (id: string, lastLaunchedAt?: string) => ({
  id,
  ...(lastLaunchedAt === undefined ? {} : { lastLaunchedAt }),
});

describe('recently used', () => {
  it('lists launched items newest first, leaving out the others and unreadable dates', () => {
    const items = [
      at('a', '2026-11-24T10:00:00Z'),
      at('b'),
      at('c', '2026-11-25T09:00:00+01:00'),
      at('d', 'yesterday'),
      at('e', '2026-11-25T07:59:00Z'),
    ];
    expect(recentlyUsed(items).map((i) => i.id)).toEqual(['c', 'e', 'a']);
  });

  it(`shows at most ${recentlyUsedShown} (or the limit given)`, () => {
    const items = Array.from({ length: 6 }, (_, i) => at(`x${i}`, `2026-11-2${i}T00:00:00Z`));
    expect(recentlyUsed(items).map((i) => i.id)).toEqual(['x5', 'x4', 'x3', 'x2']);
    expect(recentlyUsed(items, 1).map((i) => i.id)).toEqual(['x5']);
    expect(recentlyUsed(items, -1)).toEqual([]);
  });
});
