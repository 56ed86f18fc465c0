// The list conventions of the contract: page (1-based), pageSize (10/25/50/100), search,
// sort, order; answers { items, total }.
import type { Context } from 'hono';
import { sql, type SelectQueryBuilder } from 'kysely';
import { badRequest } from './errors.ts';

const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface ListQuery<S extends string> {
  page: number;
  pageSize: number;
  offset: number;
  search: string | undefined;
  /** The search text, lower-cased and with LIKE wildcards escaped, wrapped in %. */
  like: string | undefined;
  sort: S;
  order: 'asc' | 'desc';
}

export interface ListOptions<S extends string> {
  sorts: readonly S[];
  defaultSort: S;
  defaultOrder?: 'asc' | 'desc';
  defaultPageSize?: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

export function parseList<S extends string>(c: Context, options: ListOptions<S>): ListQuery<S> {
  const q = (name: string) => c.req.query(name);
  const problems: { key: 'invalidValue' | 'tooLong'; field: string; args?: (string | number)[] }[] = [];
  const pageText = q('page');
  const page = pageText === undefined ? 1 : /^\d{1,6}$/.test(pageText) ? Number(pageText) : NaN;
  if (!Number.isInteger(page) || page < 1 || page > 100000) problems.push({ key: 'invalidValue', field: 'page' });
  const sizeText = q('pageSize');
  const pageSize = sizeText === undefined ? (options.defaultPageSize ?? 25) : Number(sizeText);
  if (!(PAGE_SIZES as readonly number[]).includes(pageSize) || (sizeText !== undefined && !/^\d+$/.test(sizeText))) {
    problems.push({ key: 'invalidValue', field: 'pageSize' });
  }
  const sortText = q('sort') ?? options.defaultSort;
  if (!(options.sorts as readonly string[]).includes(sortText)) problems.push({ key: 'invalidValue', field: 'sort' });
  const orderText = q('order') ?? options.defaultOrder ?? 'asc';
  if (orderText !== 'asc' && orderText !== 'desc') problems.push({ key: 'invalidValue', field: 'order' });
  const rawSearch = q('search');
  if (rawSearch !== undefined && rawSearch.length > 200)
    problems.push({ key: 'tooLong', field: 'search', args: ['', 200] });
  if (problems.length) throw badRequest(problems);
  const search = rawSearch?.trim() ? rawSearch.trim() : undefined;
  return {
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    search,
    like: search ? `%${escapeLike(search.toLowerCase())}%` : undefined,
    sort: sortText as S,
    order: orderText as 'asc' | 'desc',
  };
}

export function parseBooleanQuery(c: Context, name: string, fallback: boolean): boolean {
  const v = c.req.query(name);
  if (v === undefined) return fallback;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw badRequest([{ key: 'invalidValue', field: name }]);
}

/**
 * One page of an ordered query (`pageSize` rows after `offset`) and how many rows `all` has
 * (the same query without columns, order and paging), read side by side.
 */
export async function pageAndTotal<D, T extends keyof D, O>(
  ordered: SelectQueryBuilder<D, T, O>,
  all: SelectQueryBuilder<D, T, object>,
  page: { pageSize: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    ordered.limit(page.pageSize).offset(page.offset).execute(),
    // Kysely cannot name the row of a generic query: the one column is said here.
    all
      .select(sql<string>`count(*)`.as('n'))
      .$castTo<{ n: string }>()
      .executeTakeFirstOrThrow(),
  ]);
  return [rows, Number(count.n)] as const;
}
