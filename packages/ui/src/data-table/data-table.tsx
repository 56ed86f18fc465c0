import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { ChevronDownIcon, ChevronUpDownIcon, ChevronUpIcon, ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { fetchDelayMs } from '@portal/core';
import { cx } from '../lib/cx.ts';
import { useUiText } from '../i18n/ui-text.tsx';
import { Button } from '../button/button.tsx';
import { Skeleton } from '../skeleton/skeleton.tsx';

export type SortOrder = 'asc' | 'desc';

export interface DataTableSort {
  readonly key: string;
  readonly order: SortOrder;
}

export interface DataTableColumn<Row> {
  readonly key: string;
  /** Column header, already translated. */
  readonly header: string;
  /** The cell of a row: stateless (rows are kept by position, see `TableRow`). */
  readonly render: (row: Row) => ReactNode;
  readonly sortable?: boolean;
  readonly align?: 'start' | 'end';
  /** Extra classes for the cells (e.g. a width). */
  readonly className?: string;
}

/** Rows chosen for a bulk action (#20.3): a checkbox per row and one for the page in the header. */
interface DataTableSelection<Row> {
  /** The `rowKey`s of the chosen rows (rows of other pages may be among them). */
  readonly selected: ReadonlySet<string>;
  readonly onToggle: (row: Row, selected: boolean) => void;
  /** The header's checkbox: every row of this page chosen, or none of them. */
  readonly onTogglePage: (rows: readonly Row[], selected: boolean) => void;
  /** A row's checkbox label, already translated (e.g. "Anna Bauer auswählen"). */
  readonly rowLabel: (row: Row) => string;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (visually hidden). */
  readonly caption: string;
  /** Keep this array stable between renders (`useMemo`): rows are memoised on it. */
  readonly columns: readonly DataTableColumn<Row>[];
  readonly rows: readonly Row[];
  /** A row's identity, on its `<tr>` as `data-row-key` (rows themselves are kept by position). */
  readonly rowKey: (row: Row) => string;
  readonly sort?: DataTableSort;
  readonly onSortChange?: (sort: DataTableSort) => void;
  /** While true, the current rows stay; skeleton rows replace them after `skeletonDelayMs` (core's fetchDelayMs, 200 ms). */
  readonly loading?: boolean;
  readonly skeletonDelayMs?: number;
  readonly skeletonRows?: number;
  /** An error message (already translated; a generic one when empty string). */
  readonly error?: string;
  readonly onRetry?: () => void;
  /** Text when there are no rows (a generic one without it). */
  readonly emptyMessage?: string;
  /** The pager or other content under the table. */
  readonly footer?: ReactNode;
  /** With it, a first column of checkboxes chooses rows for a bulk action. */
  readonly selection?: DataTableSelection<Row>;
}

/** After `delayMs` of `active`, true; false as soon as `active` ends. */
export function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return undefined;
    }
    if (delayMs <= 0) {
      setShown(true);
      return undefined;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}

/**
 * Whether the box scrolls (its content is wider or taller than it): then it must be reachable
 * by keyboard. Checked again whenever the box or its content changes size.
 */
function useScrolls(box: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (element === null) return undefined;
    const check = () =>
      setScrolls(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild !== null) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [box]);
  return scrolls;
}

function nextSort(current: DataTableSort | undefined, key: string): DataTableSort {
  if (current?.key === key) return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { key, order: 'asc' };
}

interface TableRowProps<Row> {
  readonly row: Row;
  readonly columns: readonly DataTableColumn<Row>[];
  /** One class string per column, shared by every row. */
  readonly cellClasses: readonly string[];
  readonly rowKey: string;
  /** With a selection: whether the row is chosen, its checkbox label and the (stable) toggle. */
  readonly selected?: boolean;
  readonly selectLabel?: string;
  readonly onSelect?: (row: Row, selected: boolean) => void;
}

const checkboxClasses = 'size-4 accent-accent';

function TableRowCells<Row>({
  row,
  columns,
  cellClasses,
  rowKey,
  selected,
  selectLabel,
  onSelect,
}: TableRowProps<Row>) {
  return (
    <tr
      data-row-key={rowKey}
      data-selected={selected === true || undefined}
      className="border-t border-line hover:bg-surface-muted data-selected:bg-surface-muted max-sm:block max-sm:px-4 max-sm:py-2"
    >
      {onSelect !== undefined && (
        <td className="w-10 px-4 py-2.5 align-middle max-sm:block max-sm:w-auto max-sm:px-0 max-sm:py-1">
          <input
            type="checkbox"
            aria-label={selectLabel}
            checked={selected === true}
            onChange={(event) => onSelect(row, event.target.checked)}
            className={checkboxClasses}
          />
        </td>
      )}
      {columns.map((column, index) => (
        // On a phone a row is a stack of its cells, each after its column's name: drawn from `data-label`
        // (no text of the cell's own, so what the cell says stays what it is).
        <td
          key={column.key}
          className={cellClasses[index]}
          {...(index > 0 && column.header !== '' ? { 'data-label': column.header } : {})}
        >
          {column.render(row)}
        </td>
      ))}
    </tr>
  );
}

/**
 * One row, memoised on the row object and the columns: a render of the table (loading flag,
 * sort, the pager) re-renders no row whose data and columns are the same. Keep `columns`
 * stable (`useMemo`) for that. Rows are kept by position: the next page updates the rows
 * already on screen in place instead of replacing every element (performance.md: a page
 * flip), so a column's `render` must not hold state of its own.
 */
const TableRow = memo(TableRowCells) as <Row>(props: TableRowProps<Row>) => ReactNode;

/** A list table: sticky header, sortable columns (aria-sort), row hover, delayed skeleton, empty and error states. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  loading = false,
  skeletonDelayMs = fetchDelayMs,
  skeletonRows = 5,
  error,
  onRetry,
  emptyMessage,
  footer,
  selection,
}: DataTableProps<Row>) {
  const t = useUiText();
  const showSkeleton = useDelayedFlag(loading, skeletonDelayMs);
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(box);
  // On a phone (under 640 px) each row is a stack of its cells instead of a row to scroll sideways (#30.11).
  const cellClasses = useMemo(
    () =>
      columns.map((column, index) =>
        cx(
          'px-4 py-2.5 align-middle',
          column.align === 'end' ? 'text-end' : 'text-start',
          column.className,
          'max-sm:flex max-sm:w-auto max-sm:min-w-0 max-sm:items-baseline max-sm:gap-2 max-sm:px-0 max-sm:py-0.5 max-sm:text-start max-sm:wrap-anywhere',
          'max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:text-fg-muted max-sm:before:content-[attr(data-label)]',
          index === 0 && 'max-sm:font-medium',
        ),
      ),
    [columns],
  );
  const sortableOnPhone = onSortChange !== undefined && columns.some((column) => column.sortable === true);
  const selecting = selection !== undefined;
  const colSpan = columns.length + (selecting ? 1 : 0);
  // The rows' toggle stays the same function, so that a new selection re-renders only the rows whose checkbox changed.
  const toggleRef = useRef(selection?.onToggle);
  toggleRef.current = selection?.onToggle;
  const onSelect = useCallback((row: Row, on: boolean) => toggleRef.current?.(row, on), []);
  const chosenOnPage = selection === undefined ? 0 : rows.filter((row) => selection.selected.has(rowKey(row))).length;
  const pageBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (pageBox.current !== null) pageBox.current.indeterminate = chosenOnPage > 0 && chosenOnPage < rows.length;
  }, [chosenOnPage, rows.length]);
  let body: ReactNode;
  if (error !== undefined) {
    body = (
      <tr>
        <td colSpan={colSpan} className="px-4 py-10">
          <div role="alert" className="flex flex-col items-center gap-3 text-center">
            <ExclamationTriangleIcon aria-hidden="true" className="size-8 text-danger" />
            <p className="text-sm text-fg">{error === '' ? t('table.error') : error}</p>
            {onRetry !== undefined && (
              <Button variant="secondary" size="sm" onClick={onRetry}>
                {t('table.retry')}
              </Button>
            )}
          </div>
        </td>
      </tr>
    );
  } else if (showSkeleton) {
    body = Array.from({ length: skeletonRows }, (_, index) => (
      <tr key={`skeleton-${index}`} className="border-t border-line">
        {selecting && <td className="w-10 px-4 py-3" />}
        {columns.map((column) => (
          <td key={column.key} className="px-4 py-3">
            <Skeleton className={index % 2 === 0 ? 'w-3/4' : 'w-1/2'} />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0 && !loading) {
    body = (
      <tr>
        <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-fg-muted">
          {emptyMessage ?? t('table.empty')}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row, index) => {
      const key = rowKey(row);
      return selection === undefined ? (
        <TableRow key={index} row={row} rowKey={key} columns={columns} cellClasses={cellClasses} />
      ) : (
        <TableRow
          key={index}
          row={row}
          rowKey={key}
          columns={columns}
          cellClasses={cellClasses}
          selected={selection.selected.has(key)}
          selectLabel={selection.rowLabel(row)}
          onSelect={onSelect}
        />
      );
    });
  }
  return (
    <div className="overflow-hidden rounded-xl border border-line bg-surface">
      {/* When it scrolls, the box is a named, focusable region: a keyboard can scroll a wide table on a phone (#17.21, axe scrollable-region-focusable). */}
      <div
        ref={box}
        {...(scrolls ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {})}
        className="max-h-[70vh] overflow-auto focus-visible:-outline-offset-2"
      >
        <table aria-busy={loading || undefined} className="w-full border-collapse text-sm text-fg max-sm:block">
          <caption className="sr-only">
            {caption}
            {showSkeleton ? ` (${t('table.loading')})` : ''}
          </caption>
          {/* On a phone: the sortable columns' buttons in a row that wraps (the others for assistive technology only). */}
          <thead className={cx('max-sm:block', !sortableOnPhone && 'max-sm:sr-only')}>
            <tr className="max-sm:relative max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:overflow-hidden max-sm:gap-x-3 max-sm:gap-y-1 max-sm:border-b max-sm:border-line max-sm:bg-surface-muted max-sm:px-4 max-sm:py-2">
              {selection !== undefined && (
                <th
                  scope="col"
                  className="sticky top-0 z-10 w-10 border-b border-line bg-surface-muted px-4 py-2.5 max-sm:static max-sm:w-auto max-sm:border-0 max-sm:p-0"
                >
                  <input
                    ref={pageBox}
                    type="checkbox"
                    aria-label={t('table.selectPage')}
                    disabled={rows.length === 0}
                    checked={rows.length > 0 && chosenOnPage === rows.length}
                    onChange={(event) => selection.onTogglePage(rows, event.target.checked)}
                    className={checkboxClasses}
                  />
                </th>
              )}
              {columns.map((column) => {
                const active = sort?.key === column.key;
                const ariaSort =
                  column.sortable === true
                    ? active
                      ? sort.order === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : 'none'
                    : undefined;
                const Icon = !active ? ChevronUpDownIcon : sort.order === 'asc' ? ChevronUpIcon : ChevronDownIcon;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={ariaSort}
                    className={cx(
                      'sticky top-0 z-10 border-b border-line bg-surface-muted px-4 py-2.5 font-semibold whitespace-nowrap',
                      column.align === 'end' ? 'text-end' : 'text-start',
                      column.className,
                      'max-sm:static max-sm:w-auto max-sm:border-0 max-sm:p-0',
                      (column.sortable !== true || onSortChange === undefined) && 'max-sm:sr-only',
                    )}
                  >
                    {column.sortable === true && onSortChange !== undefined ? (
                      <button
                        type="button"
                        onClick={() => onSortChange(nextSort(sort, column.key))}
                        className="-mx-1 inline-flex items-center gap-1 rounded-md px-1 hover:text-accent"
                      >
                        {column.header}
                        <Icon aria-hidden="true" className={cx('size-4', active ? 'text-fg' : 'text-fg-muted')} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="max-sm:block">{body}</tbody>
        </table>
      </div>
      {footer !== undefined && <div className="border-t border-line">{footer}</div>}
    </div>
  );
}
