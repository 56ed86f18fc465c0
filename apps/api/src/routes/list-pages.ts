// The long lists read by their sort keys (users, an application's users and access requests): where a page
// starts (deep pages of a whole list seek after a cached anchor instead of skipping every row before them),
// the page's rows, and the batches of their CSV downloads, each read after the last one's sort key.
import type { RawBuilder, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/database.ts';
import { after, anchorsOf, ANCHOR_EVERY, cached, orderBy, sortKey, startOf } from '../http/list-cache.ts';
import type { KeyPart, VersionedTable } from '../http/list-cache.ts';
import type { ListQuery } from '../http/list.ts';

/** The anchors of a list: cached under `key` until `tables` change, read from `from` (with one `parameter`). */
export interface Anchors {
  tables: readonly VersionedTable[];
  key: string;
  from: string;
  parameter?: string;
}

/**
 * Where the page `list` asks for starts in the list sorted by `keys`: a deep page of the whole list (no search)
 * after the nearest anchor (`after`, a condition on the rows) and `skip` rows on; any other page at its offset.
 */
export async function pageStart(
  db: Database,
  anchors: Anchors,
  keys: readonly KeyPart[],
  list: ListQuery<string>,
): Promise<{ after: RawBuilder<boolean> | undefined; skip: number }> {
  if (list.like !== undefined || list.offset < ANCHOR_EVERY) return { after: undefined, skip: list.offset };
  const found = await cached(db, anchors.tables, anchors.key, () =>
    anchorsOf(db, anchors.from, keys, list.order, anchors.parameter),
  );
  const start = startOf(found, list.offset);
  return { after: start.anchor ? after(keys, start.anchor, list.order) : undefined, skip: start.skip };
}

/** The rows of a page: `query` sorted by `keys`, `list.pageSize` of them from `skip`. */
export function pageRows<D, TB extends keyof D, O>(
  query: SelectQueryBuilder<D, TB, O>,
  keys: readonly KeyPart[],
  list: ListQuery<string>,
  skip: number,
) {
  return query.orderBy(orderBy(keys, list.order)).limit(list.pageSize).offset(skip).execute();
}

/** A batch of a CSV download: `limit` rows of `query` sorted by `keys`, after the row with the sort key `last`
 * (from the first when none), each with its own (`sort_key`). */
export function nextBatch<D, TB extends keyof D, O>(
  query: SelectQueryBuilder<D, TB, O>,
  keys: readonly KeyPart[],
  order: 'asc' | 'desc',
  limit: number,
  last: readonly string[] | undefined,
) {
  return query
    .$if(last !== undefined, (q) => q.where(after(keys, last ?? [], order)))
    .select(sortKey(keys).as('sort_key'))
    .orderBy(orderBy(keys, order))
    .limit(limit)
    .execute();
}
