// A server-side list: search (fetched 200 ms after the last keystroke), sortable columns,
// 'rows per page' and 'a-b of c', empty and error states. One request per page.
import { useEffect, useId, useReducer, useState, type ReactNode } from 'react';
import { MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import { fetchDelayMs } from '@portal/core';
import { DataTable, Pagination, type DataTableColumn } from '@portal/ui';
import type { AdminPage, ListParams, SortOrder } from '@portal/adapters/admin';
import { useLoad } from '../../../app/use-load.ts';
import { initialList, listParams, listReducer, type ListState } from '../lib/list.ts';
import { useAdminT } from '../lib/i18n.ts';

export interface ListViewProps<Row> {
  readonly caption: string;
  readonly columns: readonly DataTableColumn<Row>[];
  readonly load: (params: ListParams) => Promise<AdminPage<Row>>;
  readonly rowKey: (row: Row) => string;
  /** A key that changes when the list must be asked again (e.g. the application). */
  readonly scope?: string;
  readonly defaultSort?: string;
  readonly defaultOrder?: SortOrder;
  readonly searchLabel?: string;
  readonly emptyMessage?: string;
  /** Extra controls beside the search field (filters). */
  readonly toolbar?: ReactNode;
  /** Without search (e.g. deliveries). */
  readonly searchable?: boolean;
  readonly reloadKey?: number;
}

/** The search text, handed on 200 ms after the last keystroke. */
export function useDebounced(value: string, delayMs: number = fetchDelayMs): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export function ListView<Row>({
  caption, columns, load, rowKey, scope = '', defaultSort, defaultOrder = 'asc', searchLabel, emptyMessage, toolbar, searchable = true, reloadKey = 0,
}: ListViewProps<Row>) {
  const t = useAdminT();
  const searchId = useId();
  const [state, dispatch] = useReducer(listReducer, undefined, () => initialList(defaultSort, defaultOrder));
  const [draft, setDraft] = useState('');
  const search = useDebounced(draft);
  useEffect(() => dispatch({ type: 'search', search }), [search]);
  const params = listParams(state);
  const result = useLoad(() => load(params), `${scope}|${reloadKey}|${JSON.stringify(params)}`);
  const page = result.data;
  return (
    <section className="flex flex-col gap-4">
      {(searchable || toolbar !== undefined) && (
        <div className="flex flex-wrap items-end gap-3">
          {searchable && (
            <div className="relative w-full max-w-sm">
              <label className="sr-only" htmlFor={searchId}>{searchLabel ?? t('list.search')}</label>
              <MagnifyingGlassIcon aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-fg-muted" />
              <input
                id={searchId}
                type="search"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                placeholder={searchLabel ?? t('list.search')}
                className="block w-full rounded-lg border border-line-strong bg-surface py-2 ps-9 pe-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-focus"
              />
            </div>
          )}
          {toolbar}
        </div>
      )}
      <DataTable<Row>
        caption={caption}
        columns={columns}
        rows={page?.items ?? []}
        rowKey={rowKey}
        {...(state.sort === undefined ? {} : { sort: { key: state.sort, order: state.order } })}
        onSortChange={(sort) => dispatch({ type: 'sort', sort: sort.key, order: sort.order })}
        loading={result.status === 'loading'}
        {...(result.status === 'failed' ? { error: t('list.error'), onRetry: result.reload } : {})}
        emptyMessage={state.search.trim() === '' ? (emptyMessage ?? t('list.empty')) : t('list.noMatch', { search: state.search.trim() })}
        footer={
          <Pagination
            page={state.page}
            pageSize={state.pageSize}
            total={page?.total ?? 0}
            onPageChange={(next) => dispatch({ type: 'page', page: next })}
            onPageSizeChange={(size) => dispatch({ type: 'pageSize', pageSize: size })}
          />
        }
      />
    </section>
  );
}

export type { ListState };
