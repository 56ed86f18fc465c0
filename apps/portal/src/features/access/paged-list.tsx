// The frame of #19's paged lists (the catalogue, my requests): the page's header with a link to
// the other list, a filter, then the list: its error, a skeleton once the fetch delay has passed,
// what an empty list says, or the entries (busy while the next page loads) and the pagination.
import { useState, type ReactNode } from 'react';
import type { Page, PageSize } from '@portal/core';
import { PageHeader, Pagination, UiLink, buttonClasses } from '@portal/ui';
import type { LoadState } from '../../app/use-load.ts';
import { ErrorViewFor } from '../../app/error-view.tsx';

/** The page of a list shown and the length of a page; a new length starts on page 1. */
export function usePaging() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const resize = (size: number) => {
    setPageSize(size as PageSize);
    setPage(1);
  };
  return { page, pageSize, setPage, resize };
}

export interface PagedListProps<T> {
  readonly title: string;
  readonly subTitle: string;
  /** The header's link to the other list. */
  readonly link: { readonly href: string; readonly label: string };
  /** What narrows the list (a search, a status), above it. */
  readonly filter: ReactNode;
  readonly list: LoadState<Page<T>>;
  readonly paging: ReturnType<typeof usePaging>;
  /** Shown while the first page loads, once the fetch delay has passed. */
  readonly skeleton: ReactNode;
  /** What an empty list says. */
  readonly empty: string;
  /** Said above the entries: how many there are. */
  readonly count?: (total: number) => string;
  readonly listClassName: string;
  /** An entry (with its key). */
  readonly entry: (item: T) => ReactNode;
  /** After the list (a dialog). */
  readonly children?: ReactNode;
}

export function PagedList<T>({
  title,
  subTitle,
  link,
  filter,
  list,
  paging,
  skeleton,
  empty,
  count,
  listClassName,
  entry,
  children,
}: PagedListProps<T>) {
  const data = list.data;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        subTitle={subTitle}
        actions={
          <UiLink href={link.href} className={buttonClasses('secondary')}>
            {link.label}
          </UiLink>
        }
      />
      {filter}
      {list.status === 'failed' && data === undefined ? (
        <ErrorViewFor error={list.error} />
      ) : data === undefined ? (
        list.showSkeleton ? (
          skeleton
        ) : (
          <div aria-busy="true" className="min-h-40" />
        )
      ) : data.items.length === 0 ? (
        <p role="status" className="rounded-xl bg-surface-muted px-4 py-8 text-center text-sm text-fg-muted">
          {empty}
        </p>
      ) : (
        <>
          {count !== undefined && (
            <p role="status" className="text-sm text-fg-muted">
              {count(data.total)}
            </p>
          )}
          <ul aria-label={title} aria-busy={list.status === 'loading' || undefined} className={listClassName}>
            {data.items.map(entry)}
          </ul>
          <Pagination
            page={paging.page}
            pageSize={paging.pageSize}
            total={data.total}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.resize}
          />
        </>
      )}
      {children}
    </div>
  );
}
