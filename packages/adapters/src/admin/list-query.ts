// The query of the console's list calls and CSV downloads, typed by the operation it is sent
// to (the contract's generated `operations`): a parameter the operation does not take, or a
// value of another type, is a compile error. The console's sort keys are its columns' keys
// (plain strings); each is checked against the operation's own sort keys before it is sent.

import type { components, operations, Query } from '@portal/contract';
import type { ListParams } from './types.ts';

/** The sort keys an operation takes (its `sort` parameter's enum). */
type SortOf<Op extends keyof operations> = Query<Op> extends { sort?: infer Sort extends string } ? Sort : never;

const applicationSorts = ['label', 'sortNumber', 'id'] as const;
const accessRequestSorts = ['requestedAt', 'fullName', 'email', 'status'] as const;
const applicationUserSorts = ['fullName', 'email', 'companyName', 'accessSince'] as const;
const attributeSorts = ['key', 'label', 'dataType'] as const;
const permissionSorts = ['key', 'description'] as const;
const keyAndLabel = ['key', 'label'] as const;
const userSorts = ['fullName', 'email', 'companyName', 'createdAt'] as const;

/** The sort keys of each list and download of the console, by operation. */
const sortTable = {
  listApplications: applicationSorts,
  exportApplications: applicationSorts,
  listAccessRequests: accessRequestSorts,
  exportAccessRequests: accessRequestSorts,
  listApplicationUsers: applicationUserSorts,
  exportApplicationUsers: applicationUserSorts,
  listAttributes: attributeSorts,
  exportAttributes: attributeSorts,
  listPermissions: permissionSorts,
  exportPermissions: permissionSorts,
  listRoles: keyAndLabel,
  exportRoles: keyAndLabel,
  listAccountAccesses: keyAndLabel,
  exportAccountAccesses: keyAndLabel,
  listCustomFlows: keyAndLabel,
  exportCustomFlows: keyAndLabel,
  listUsers: userSorts,
  exportUsers: userSorts,
} as const;

type Sorted = keyof typeof sortTable;

/** The compiler refuses the table when a list names a key its operation does not take, or misses one. */
const sorts: { readonly [Op in Sorted]: readonly SortOf<Op>[] } = sortTable;
type Missing = {
  [Op in Sorted]: [Exclude<SortOf<Op>, (typeof sortTable)[Op][number]>] extends [never] ? never : Op;
}[Sorted];
const everySortListed: [Missing] extends [never] ? true : Missing = true;
void everySortListed;

/** The operations that take a page of a list: page, size, search, sort and order. */
export type ListOperation = {
  [Op in Sorted]: 'page' | 'pageSize' | 'search' | 'sort' | 'order' extends keyof Query<Op> ? Op : never;
}[Sorted];
/** The CSV downloads: search, sort and order (the whole list, no paging). */
export type ExportOperation = {
  [Op in Sorted]: 'search' | 'sort' | 'order' extends keyof Query<Op>
    ? 'page' extends keyof Query<Op>
      ? never
      : Op
    : never;
}[Sorted];

/** A list call's query as the operation `Op` takes it. */
export interface ListQuery<Sort extends string> {
  page: number;
  pageSize: ListParams['pageSize'];
  search?: string;
  sort?: Sort;
  order?: NonNullable<ListParams['order']>;
}

/** The search sent: trimmed, at most 200 characters; none when empty. */
function searchQuery(search: string | undefined): { search?: string } {
  const text = search?.trim() ?? '';
  return text === '' ? {} : { search: text.slice(0, 200) };
}

/** The console's sort key as one the operation takes; any other is a programming error, refused before a request is made. */
function sortOf<Op extends Sorted>(op: Op, sort: string): SortOf<Op> {
  const known = sorts[op].find((key) => key === sort);
  if (known === undefined) throw new RangeError(`${op} does not sort by "${sort}"`);
  return known;
}

/** The query of a list call: page and size, the search unless empty, sort and order as given. */
export function listQuery<Op extends ListOperation>(op: Op, params: ListParams): ListQuery<SortOf<Op>> {
  return {
    page: params.page,
    pageSize: params.pageSize,
    ...searchQuery(params.search),
    ...(params.sort === undefined ? {} : { sort: sortOf(op, params.sort) }),
    ...(params.order === undefined ? {} : { order: params.order }),
  };
}

/** The query of a list without sort (the pickers' selections): page and size, the search unless empty. */
export function pageQuery(
  params: Pick<ListParams, 'page' | 'pageSize' | 'search'>,
): Pick<Query<'listApplicationRoleSelection'>, 'page' | 'pageSize' | 'search'> {
  return { page: params.page, pageSize: params.pageSize, ...searchQuery(params.search) };
}

/** The query of a CSV download: a list's query without paging. */
export function exportQuery<Op extends ExportOperation>(
  op: Op,
  params: Omit<ListParams, 'page' | 'pageSize'>,
): Omit<ListQuery<SortOf<Op>>, 'page' | 'pageSize'> {
  return {
    ...searchQuery(params.search),
    ...(params.sort === undefined ? {} : { sort: sortOf(op, params.sort) }),
    ...(params.order === undefined ? {} : { order: params.order }),
  };
}

/** A page of an entity's history (no search). */
export interface HistoryParams {
  readonly page: number;
  readonly pageSize: ListParams['pageSize'];
  readonly sort?: components['parameters']['HistorySort'];
  readonly order?: components['parameters']['HistoryOrder'];
}

/** The query of a history call: page and size, sort and order as given. */
export function historyQuery(
  params: HistoryParams,
): Pick<Query<'listApplicationHistory'>, 'page' | 'pageSize' | 'sort' | 'order'> {
  return {
    page: params.page,
    pageSize: params.pageSize,
    ...(params.sort === undefined ? {} : { sort: params.sort }),
    ...(params.order === undefined ? {} : { order: params.order }),
  };
}
