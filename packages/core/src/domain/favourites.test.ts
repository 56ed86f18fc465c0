import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { itemsInOrder, moveFavourite, toggleFavourite } from './favourites.ts';

describe('favourites', () => {
  it('pins at the end and unpins', () => {
    expect(toggleFavourite([], 'a')).toEqual(['a']);
    expect(toggleFavourite(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleFavourite(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it.each([
    [['a', 'b', 'c'], 'c', 0, ['c', 'a', 'b']],
    [['a', 'b', 'c'], 'a', 1, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 'a', 2, ['b', 'c', 'a']],
    [['a', 'b', 'c'], 'b', -1, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 'b', 9, ['a', 'c', 'b']],
  ] as const)('moves %j: %s to %i', (ids, id, to, expected) => {
    expect(moveFavourite(ids, id, to)).toEqual(expected);
  });

  it('leaves the list as it is for an id that is not pinned or already in place', () => {
    const ids = ['a', 'b'];
    expect(moveFavourite(ids, 'x', 0)).toBe(ids);
    expect(moveFavourite(ids, 'a', 0)).toBe(ids);
    expect(moveFavourite(ids, 'a', -1)).toBe(ids);
  });

  it('a move keeps every id once, and puts the moved one where asked (clamped)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.integer({ min: -3, max: 12 }),
        (ids, pick, to) => {
          const id = ids[pick % ids.length] ?? '';
          const moved = moveFavourite(ids, id, to);
          expect([...moved].sort()).toEqual([...ids].sort());
          expect(moved.indexOf(id)).toBe(Math.min(Math.max(to, 0), ids.length - 1));
        },
      ),
    );
  });

  it("picks the pinned items in the favourites' order, skipping ids without an item", () => {
    const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(itemsInOrder(items, ['c', 'gone', 'a'])).toEqual([{ id: 'c' }, { id: 'a' }]);
  });
});
