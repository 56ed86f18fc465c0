// A server-side list: search (fetched 200 ms after the last keystroke), sortable columns,
// 'rows per page' and 'a-b of c', empty and error states. One request per page: the next
// page is asked for as soon as a page is shown, and that answer is used when the user flips;
// the first page may come from the route, which asked for it while the page's code loaded.
// Both are kept in the one query cache (`app/server-data.ts`): a flip to a page that has
// arrived renders once, with its rows.
import {
  createContext,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ArrowDownTrayIcon, MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import { useLocation } from 'wouter';
import { fetchDelayMs } from '@portal/core';
import { Button, DataTable, Pagination, type DataTableColumn, type DataTableProps } from '@portal/ui';
import type { AdminPage, ListParams, SortOrder } from '@portal/adapters/admin';
import { invalidateServerData, prefetchServerData, useServerData } from '../../../app/server-data.ts';
import { initialList, listParams, listReducer } from '../lib/list.ts';
import { listQueryKey, listQueryRoot } from '../lib/list-routes.ts';
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
  /** The list's key in `listRoutes`: its first page may already have been asked for by the route. */
  readonly listId?: string;
  /** The whole list with the current search and sort as a CSV download (#20.3): a link beside the search. */
  readonly exportHref?: (params: Omit<ListParams, 'page' | 'pageSize'>) => string;
  /** Rows chosen by checkbox for bulk actions (#20.3), kept across pages until done or cleared. */
  readonly bulk?: ListBulk<Row>;
}

export interface ListBulk<Row> {
  /** A row's checkbox label (e.g. "Anna Bauer auswählen"). */
  readonly rowLabel: (row: Row) => string;
  /** The actions for the chosen rows; `done` clears the choice and asks the list again. */
  readonly actions: (rows: readonly Row[], done: () => void) => ReactNode;
}

/** The list view's navigate: row links (`RowLink`) use it instead of a router link each (one location subscription per list, not per row). */
export const RowNavigate = createContext<((href: string) => void) | undefined>(undefined);

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
  caption,
  columns,
  load,
  rowKey,
  scope = '',
  defaultSort,
  defaultOrder = 'asc',
  searchLabel,
  emptyMessage,
  toolbar,
  searchable = true,
  reloadKey = 0,
  listId,
  exportHref,
  bulk,
}: ListViewProps<Row>) {
  const t = useAdminT();
  const searchId = useId();
  const [, navigate] = useLocation();
  const [state, dispatch] = useReducer(listReducer, undefined, () => initialList(defaultSort, defaultOrder));
  const [draft, setDraft] = useState('');
  const search = useDebounced(draft);
  useEffect(() => dispatch({ type: 'search', search }), [search]);
  const params = listParams(state);
  // Rows chosen for a bulk action, by key (#20.3); a finished action clears them and asks the list again.
  const [chosen, setChosen] = useState<ReadonlyMap<string, Row>>(() => new Map());
  useEffect(() => setChosen(new Map()), [scope]);
  const done = useCallback(() => {
    setChosen(new Map());
    invalidateServerData(listQueryRoot);
  }, []);
  const selection = useMemo<DataTableProps<Row>['selection']>(
    () =>
      bulk === undefined
        ? undefined
        : {
            selected: new Set(chosen.keys()),
            rowLabel: bulk.rowLabel,
            onToggle: (row, on) =>
              setChosen((current) => {
                const next = new Map(current);
                if (on) next.set(rowKey(row), row);
                else next.delete(rowKey(row));
                return next;
              }),
            onTogglePage: (rows, on) =>
              setChosen((current) => {
                const next = new Map(current);
                for (const row of rows) {
                  if (on) next.set(rowKey(row), row);
                  else next.delete(rowKey(row));
                }
                return next;
              }),
          },
    [bulk, chosen, rowKey],
  );
  // Without a list id (history, deliveries): this view's own pages, asked for again on every mount.
  const ownId = useId();
  const list = listId ?? ownId;
  const result = useServerData(listQueryKey(list, scope, reloadKey, params), () => load(params), 'shared');
  const loadRef = useRef(load);
  loadRef.current = load;
  const page = result.data;
  const shown = result.status === 'ready' ? result.data : undefined;
  // What the shown answer was asked with: read by the effect below, which runs only when a new answer is shown.
  const asked = useRef({ state, list, scope, reloadKey });
  asked.current = { state, list, scope, reloadKey };
  useEffect(() => {
    // Runs when a new answer is shown (not on the render that starts a flip): the next page is
    // asked for into the cache, where the flip finds it (one request per page).
    const { state: current, list: id, scope: where, reloadKey: reload } = asked.current;
    if (shown === undefined || current.page * current.pageSize >= shown.total) return;
    const nextParams = listParams({ ...current, page: current.page + 1 });
    // After this page has painted: the effects of a click run before the paint, and the
    // request's start would delay it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(
        () => prefetchServerData(listQueryKey(id, where, reload, nextParams), () => loadRef.current(nextParams)),
        0,
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown]);
  return (
    <section className="flex flex-col gap-4">
      {(searchable || toolbar !== undefined || exportHref !== undefined) && (
        <div className="flex flex-wrap items-end gap-3">
          {searchable && (
            <div className="relative w-full max-w-sm">
              <label className="sr-only" htmlFor={searchId}>
                {searchLabel ?? t('list.search')}
              </label>
              <MagnifyingGlassIcon
                aria-hidden="true"
                className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-fg-muted"
              />
              <input
                id={searchId}
                type="search"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                placeholder={searchLabel ?? t('list.search')}
                className="block w-full rounded-lg border border-line-strong bg-surface py-2 ps-9 pe-3 text-sm text-fg"
              />
            </div>
          )}
          {toolbar}
          {exportHref !== undefined && (
            <a
              href={exportHref({
                ...(params.search === undefined ? {} : { search: params.search }),
                ...(params.sort === undefined ? {} : { sort: params.sort, order: params.order }),
              })}
              download
              className="inline-flex items-center gap-2 rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm font-medium text-fg hover:bg-surface-muted sm:ms-auto"
            >
              <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
              {t('list.exportCsv')}
            </a>
          )}
        </div>
      )}
      {bulk !== undefined && (
        <p className="sr-only" aria-live="polite">
          {chosen.size === 0 ? '' : t('bulk.selected', { count: chosen.size })}
        </p>
      )}
      {bulk !== undefined && chosen.size > 0 && (
        <div
          role="group"
          aria-label={t('bulk.actions')}
          className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-surface-muted px-3 py-2"
        >
          <span className="text-sm font-medium text-fg">{t('bulk.selected', { count: chosen.size })}</span>
          {bulk.actions([...chosen.values()], done)}
          <Button variant="ghost" size="sm" onClick={() => setChosen(new Map())}>
            {t('bulk.clear')}
          </Button>
        </div>
      )}
      <RowNavigate value={navigate}>
        <DataTable<Row>
          caption={caption}
          columns={columns}
          rows={page?.items ?? []}
          rowKey={rowKey}
          {...(state.sort === undefined ? {} : { sort: { key: state.sort, order: state.order } })}
          onSortChange={(sort) => dispatch({ type: 'sort', sort: sort.key, order: sort.order })}
          loading={result.status === 'loading'}
          {...(result.status === 'failed' ? { error: t('list.error'), onRetry: result.reload } : {})}
          emptyMessage={
            state.search.trim() === ''
              ? (emptyMessage ?? t('list.empty'))
              : t('list.noMatch', { search: state.search.trim() })
          }
          {...(selection === undefined ? {} : { selection })}
          footer={
            <Pagination
              of={caption}
              page={state.page}
              pageSize={state.pageSize}
              total={page?.total ?? 0}
              onPageChange={(next) => dispatch({ type: 'page', page: next })}
              onPageSizeChange={(size) => dispatch({ type: 'pageSize', pageSize: size })}
            />
          }
        />
      </RowNavigate>
    </section>
  );
}
