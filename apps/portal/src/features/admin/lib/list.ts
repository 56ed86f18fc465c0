// Pure state of a server-side list: page, rows per page, search, sort (architecture §7).
import { pageSizes, type PageSize } from '@portal/core';
import type { ListParams, SortOrder } from '@portal/adapters/admin';

export interface ListState {
  readonly page: number;
  readonly pageSize: PageSize;
  readonly search: string;
  readonly sort?: string;
  readonly order: SortOrder;
}

export type ListAction =
  | { readonly type: 'page'; readonly page: number }
  | { readonly type: 'pageSize'; readonly pageSize: number }
  | { readonly type: 'search'; readonly search: string }
  | { readonly type: 'sort'; readonly sort: string; readonly order: SortOrder };

/**
 * The console's tables start with 50 rows per page (performance.md budgets a route switch and
 * a page flip of 50 rows). The API's own default, for a call without `pageSize`, stays 25
 * (architecture §7, core's `defaultPageSize`); the console always sends its size.
 */
export const consolePageSize: PageSize = 50;

export function initialList(sort?: string, order: SortOrder = 'asc'): ListState {
  return { page: 1, pageSize: consolePageSize, search: '', order, ...(sort === undefined ? {} : { sort }) };
}

function isPageSize(value: number): value is PageSize {
  return (pageSizes as readonly number[]).includes(value);
}

/** Searching, sorting and resizing start again at page 1. */
export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'page':
      return { ...state, page: Math.max(1, Math.floor(action.page)) };
    case 'pageSize':
      return isPageSize(action.pageSize) ? { ...state, pageSize: action.pageSize, page: 1 } : state;
    case 'search':
      return action.search === state.search ? state : { ...state, search: action.search, page: 1 };
    case 'sort':
      return { ...state, sort: action.sort, order: action.order, page: 1 };
  }
}

/** The call's parameters. */
export function listParams(state: ListState): ListParams {
  return {
    page: state.page,
    pageSize: state.pageSize,
    ...(state.search.trim() === '' ? {} : { search: state.search.trim() }),
    ...(state.sort === undefined ? {} : { sort: state.sort, order: state.order }),
  };
}

/** A page past the end (after a delete or a smaller total): the last page that has rows. */
export function clampPage(page: number, pageSize: number, total: number): number {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return Math.min(Math.max(1, page), last);
}
