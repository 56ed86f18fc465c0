// The launcher's favourites (#20.1): the ordered list of pinned application ids, and the
// changes a user makes to it. Pure: the launcher shows the result at once and stores it
// with `PUT /My/Favourites`.

/** Pin the application at the end, or unpin it. */
export function toggleFavourite(ids: readonly string[], id: string): readonly string[] {
  return ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id];
}

/**
 * Move a favourite to a new place (clamped to the list); the list unchanged when the id is
 * not pinned or already there.
 */
export function moveFavourite(ids: readonly string[], id: string, to: number): readonly string[] {
  const from = ids.indexOf(id);
  const target = Math.min(Math.max(to, 0), ids.length - 1);
  if (from === -1 || from === target) return ids;
  const rest = ids.filter((other) => other !== id);
  return [...rest.slice(0, target), id, ...rest.slice(target)];
}

/** The items with these ids, in the ids' order (the favourites, the recently used; ids without an item are left out). */
export function itemsInOrder<T extends { readonly id: string }>(
  items: readonly T[],
  ids: readonly string[],
): readonly T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item === undefined ? [] : [item];
  });
}
