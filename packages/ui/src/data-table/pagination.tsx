import { useId } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@heroicons/react/20/solid';
import { pageSizes } from '@portal/core';
import { useUiText } from '../i18n/ui-text.tsx';

export interface PaginationProps {
  /** 1-based page number. */
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly onPageChange: (page: number) => void;
  readonly onPageSizeChange: (pageSize: number) => void;
  readonly pageSizeOptions?: readonly number[];
  /** The table it pages (its caption): names the pager where a page has more than one ("Seitenwechsel: …"). */
  readonly of?: string;
}

/** The first and last row number shown, 1-based ("a-b of c"); 0–0 for no rows. */
export function pageRange(
  page: number,
  pageSize: number,
  total: number,
): { readonly from: number; readonly to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-fg hover:bg-surface-muted disabled:cursor-not-allowed disabled:text-fg-muted disabled:opacity-60 disabled:hover:bg-transparent';

/** The pager under a table: 'rows per page' (10/25/50/100), 'a–b of c', previous and next. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = pageSizes,
  of,
}: PaginationProps) {
  const t = useUiText();
  const sizeId = useId();
  const { from, to } = pageRange(page, pageSize, total);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label={of === undefined ? t('pagination.label') : t('pagination.labelOf', { table: of })}
      className="flex flex-wrap items-center justify-end gap-x-6 gap-y-2 px-4 py-2 text-sm text-fg"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="text-fg-muted">
          {t('pagination.rowsPerPage')}
        </label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          className="rounded-lg border border-line-strong bg-surface py-1 ps-2 pe-7 text-sm text-fg"
        >
          {pageSizeOptions.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <p aria-live="polite" className="tabular-nums">
        {t('pagination.range', { from, to, total })}
      </p>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={iconButton}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
          aria-label={t('pagination.previous')}
        >
          <ChevronLeftIcon aria-hidden="true" className="size-5 rtl:rotate-180" />
        </button>
        <button
          type="button"
          className={iconButton}
          disabled={page >= lastPage}
          onClick={() => onPageChange(page + 1)}
          aria-label={t('pagination.next')}
        >
          <ChevronRightIcon aria-hidden="true" className="size-5 rtl:rotate-180" />
        </button>
      </div>
    </nav>
  );
}
