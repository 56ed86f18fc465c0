// Figures of large lists that are expensive to compute and cheap to validate: the exact
// total of a searched list and the anchors of deep pages. Each is kept in this process
// under the versions of the tables it was computed from (`list_versions`, bumped by a
// statement trigger on every write, migrations 0003 and 0018), so it is never stale: a write
// to one of the tables makes the next request compute it again. The versions are read before
// the figure is computed, so a figure is never filed under a newer version than its data.
//
// A table's version is the sum of its rows in `list_versions`, one per server backend that
// wrote (migration 0018): writers never share a row, so they never wait for each other, and a
// commit moves the sum exactly when its data becomes visible. When a table has more than
// FOLD_AT rows (backends come and go with the pool's connections), `fold_counters()` moves the
// rows of finished transactions into one, in the background; the sums stay as they were.
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { onServer } from '../db/database.ts';
import type { Database } from '../db/database.ts';

export type VersionedTable = 'users' | 'application_users' | 'access_requests';

const MAX_ENTRIES = 500;
/** Rows of one table in `list_versions` past which they are folded. */
export const FOLD_AT = 64;
const caches = new WeakMap<Database, Map<string, { stamp: string; value: Promise<unknown> }>>();
const folding = new WeakMap<Database, Promise<void>>();

/**
 * Folds the per-backend rows of the versions and counts (`fold_counters()`, migration 0018)
 * once at a time per database handle; resolves when done. The sums do not change.
 */
export function foldCounters(db: Database): Promise<void> {
  const running = folding.get(db);
  if (running) return running;
  const fold = sql`SELECT fold_counters()`
    .execute(db)
    .then(
      () => undefined,
      (error: unknown) =>
        console.warn(`list versions: fold failed: ${error instanceof Error ? error.message : String(error)}`),
    )
    .finally(() => folding.delete(db));
  folding.set(db, fold);
  return fold;
}

async function stampOf(db: Database, tables: readonly VersionedTable[]): Promise<string> {
  const rows = await db
    .selectFrom('list_versions')
    .select((eb) => ['table_name', sql<string>`sum(version)::text`.as('version'), eb.fn.countAll<string>().as('rows')])
    .where('table_name', 'in', tables)
    .groupBy('table_name')
    .execute();
  if (rows.some((r) => Number(r.rows) > FOLD_AT)) void foldCounters(db);
  return rows
    .map((r) => `${r.table_name}:${r.version}`)
    .sort()
    .join('|');
}

/** The number of rows of `users`, as the triggers count them (migrations 0002, 0018). */
export async function countedUsers(db: Database): Promise<number> {
  const row = await db
    .selectFrom('row_counts')
    .select(sql<string>`sum(n)::text`.as('n'))
    .where('table_name', '=', 'users')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The number of users of an application, as the triggers count them (migrations 0003, 0018). */
export async function countedApplicationUsers(db: Database, applicationId: string): Promise<number> {
  const row = await db
    .selectFrom('application_user_counts')
    .select(sql<string>`sum(n)::text`.as('n'))
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The value filed under `key` for the current versions of `tables`, computed when missing. */
export async function cached<T>(
  db: Database,
  tables: readonly VersionedTable[],
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  return (await cachedWith(db, tables, key, async () => ({ value: await compute(), extra: undefined }))).value;
}

/**
 * As `cached`, for a computation that yields more than the value (a page of rows along with
 * its total): `extra` is there when this call computed the value, undefined on a hit.
 */
export async function cachedWith<T, X>(
  db: Database,
  tables: readonly VersionedTable[],
  key: string,
  compute: () => Promise<{ value: T; extra: X }>,
): Promise<{ value: T; extra: X | undefined }> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const stamp = await stampOf(db, tables);
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) {
    cache.delete(key);
    cache.set(key, hit);
    return { value: (await hit.value) as T, extra: undefined };
  }
  const computed = compute();
  const value = computed.then((c) => c.value);
  const entry = { stamp, value };
  cache.set(key, entry);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  while (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next();
    if (oldest.done) break;
    cache.delete(oldest.value);
  }
  return computed;
}

/** The value filed under `key` if it is current, without computing it. */
async function peek<T>(db: Database, tables: readonly VersionedTable[], key: string): Promise<T | undefined> {
  const hit = caches.get(db)?.get(key);
  if (!hit) return undefined;
  return hit.stamp === (await stampOf(db, tables)) ? ((await hit.value) as T) : undefined;
}

/**
 * The rows and the total of a page. Without a search both run at once. With one, a known
 * (cached) total comes first, so that a page past the end or a search without match costs
 * no rows query (a term that finds nothing would otherwise walk a whole sort index), and the
 * rows query may choose its plan by the number of matches. An unknown total is computed
 * first on PGlite (one query at a time anyway), alongside the rows on a server.
 */
export async function pageOf<R>(
  db: Database,
  search: { tables: readonly VersionedTable[]; key: string } | undefined,
  offset: number,
  rows: (total?: number) => Promise<R[]>,
  total: () => Promise<number>,
): Promise<[R[], number]> {
  if (!search) return Promise.all([rows(), total()]);
  const known = await peek<number>(db, search.tables, search.key);
  if (known === undefined && onServer(db)) return Promise.all([rows(), total()]);
  const n = known ?? (await total());
  return [n > offset ? await rows(n) : [], n];
}

/**
 * Up to this many matches, a search's page is sorted from all its matches (found through
 * the trigram index) rather than by walking a sort index and testing every row: a rare term
 * would otherwise read most of the table before it has filled a page.
 */
export const FEW_MATCHES = 3_000;

// ------------------------------------------------------------------ deep pages
// OFFSET n reads and throws away n index entries (50,000 for page 1,000 of /Users: 50–90 ms
// on PGlite even as an index-only scan). Instead, the sort key of every ANCHOR_EVERY-th row
// is computed once (one index-only pass) and cached; a deep page then starts with an index
// range seek after the nearest anchor and skips fewer than ANCHOR_EVERY entries. The result
// is the same as with OFFSET: the sort keys end with the unique id.

export const ANCHOR_EVERY = 500;

/** One column of a sort key: a non-null SQL expression and the type to cast its text back to. */
export interface KeyPart {
  expression: RawBuilder<unknown>;
  type: 'text' | 'timestamptz' | 'boolean';
}

/** A sort by `expression` (non-null, of `type`), its ties broken by the unique `id`. */
export function keyBy(
  expression: RawBuilder<unknown>,
  id: RawBuilder<unknown>,
  type: KeyPart['type'] = 'text',
): KeyPart[] {
  return [
    { expression, type },
    { expression: id, type: 'text' },
  ];
}

/** A sort by a text column that may be NULL, NULLs last (as ORDER BY column would put them), ties broken by `id`. */
export function keyByNullsLast(column: RawBuilder<unknown>, id: RawBuilder<unknown>): KeyPart[] {
  return [{ expression: sql`(${column} IS NULL)`, type: 'boolean' }, ...keyBy(sql`coalesce(${column}, '')`, id)];
}

export function orderBy(parts: readonly KeyPart[], order: 'asc' | 'desc'): RawBuilder<unknown> {
  const direction = sql.raw(order === 'desc' ? 'DESC' : 'ASC');
  return sql.join(parts.map((p) => sql`${p.expression} ${direction}`));
}

/**
 * The sort keys (as text) of rows ANCHOR_EVERY, 2 × ANCHOR_EVERY, … of `from` in that order,
 * through `list_anchors` (migration 0003): one cursor pass. `from` may use `$1`, bound to `parameter`.
 */
export async function anchorsOf(
  db: Database,
  from: string,
  parts: readonly KeyPart[],
  order: 'asc' | 'desc',
  parameter?: string,
): Promise<string[][]> {
  // The query text is made of this module's constant expressions only; the one variable is a bound parameter.
  const query =
    sql`SELECT ARRAY[${sql.join(parts.map((p) => sql`(${p.expression})::text`))}] FROM ${sql.raw(from)} ORDER BY ${orderBy(parts, order)}`.compile(
      db,
    ).sql;
  const { rows } = await sql<{
    k: string[];
  }>`SELECT k FROM list_anchors(${query}, ${ANCHOR_EVERY}, ${parameter ?? null}) AS k`.execute(db);
  return rows.map((r) => r.k);
}

/** The condition "after this anchor" in the given order (a row comparison an index range serves). */
export function after(
  parts: readonly KeyPart[],
  anchor: readonly string[],
  order: 'asc' | 'desc',
): RawBuilder<boolean> {
  const left = sql.join(parts.map((p) => p.expression));
  const right = sql.join(parts.map((p, i) => sql`${anchor[i] ?? ''}::${sql.raw(p.type)}`));
  return order === 'desc' ? sql<boolean>`(${left}) < (${right})` : sql<boolean>`(${left}) > (${right})`;
}

/** The sort key of each row as text (`sort_key`): the next batch of an export reads `after` it. */
export function sortKey(parts: readonly KeyPart[]): RawBuilder<string[]> {
  return sql<string[]>`ARRAY[${sql.join(parts.map((p) => sql`(${p.expression})::text`))}]`;
}

/** Where a deep page starts: the anchor to seek after and the entries left to skip. */
export function startOf(anchors: readonly string[][], offset: number): { anchor: string[] | undefined; skip: number } {
  const index = Math.min(Math.floor(offset / ANCHOR_EVERY), anchors.length) - 1;
  const anchor = index >= 0 ? anchors[index] : undefined;
  return anchor ? { anchor, skip: offset - (index + 1) * ANCHOR_EVERY } : { anchor: undefined, skip: offset };
}
