// The launcher's "Zuletzt verwendet" row (#20.1): the user's own launches, newest first.

/** How many recently used applications the launcher shows (the API keeps a few more). */
export const recentlyUsedShown = 4;

/** The items with a last launch, newest first, at most `limit` (ISO date-times compare as dates). */
export function recentlyUsed<T extends { readonly id: string; readonly lastLaunchedAt?: string }>(
  items: readonly T[],
  limit = recentlyUsedShown,
): readonly T[] {
  return items
    .filter((item) => item.lastLaunchedAt !== undefined)
    .map((item) => ({ item, at: Date.parse(item.lastLaunchedAt ?? '') }))
    .filter(({ at }) => !Number.isNaN(at))
    .sort((a, b) => b.at - a.at || a.item.id.localeCompare(b.item.id))
    .slice(0, Math.max(limit, 0))
    .map(({ item }) => item);
}
