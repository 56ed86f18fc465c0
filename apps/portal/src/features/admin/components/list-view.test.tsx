import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminApi, AdminPage, ListParams } from '@portal/adapters/admin';
import { ListView } from './list-view.tsx';
import { listRoutes, startFirstPage } from '../lib/list-routes.ts';
import { queryClient } from '../../../app/server-data.ts';

interface Row {
  readonly id: string;
  readonly name: string;
}
const total = 120;

/** An API of 120 rows that records every call (page numbers). */
function rowsApi() {
  const pages: number[] = [];
  const load = vi.fn(async (params: ListParams): Promise<AdminPage<Row>> => {
    pages.push(params.page);
    const from = (params.page - 1) * params.pageSize;
    const items = Array.from({ length: Math.max(0, Math.min(params.pageSize, total - from)) }, (_, i) => ({
      id: `u${from + i + 1}`,
      name: `User ${from + i + 1}`,
    }));
    return { items, total };
  });
  return { load, pages };
}

const columns = [{ key: 'name', header: 'name', render: (row: Row) => row.name }];

function renderList(load: (params: ListParams) => Promise<AdminPage<Row>>, listId?: string) {
  return render(
    <ListView<Row>
      caption="users"
      columns={columns}
      load={load}
      rowKey={(row) => row.id}
      defaultSort="fullName"
      {...(listId === undefined ? {} : { listId })}
    />,
  );
}

const firstCell = () => screen.getAllByRole('cell')[0]?.textContent;
const next = () => screen.getByRole('button', { name: 'pagination.next' });
const previous = () => screen.getByRole('button', { name: 'pagination.previous' });

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('ListView paging', () => {
  it('asks for the next page when a page is shown and uses that answer on the flip: one request per page', async () => {
    const { load, pages } = rowsApi();
    renderList(load);
    await waitFor(() => expect(firstCell()).toBe('User 1'));
    await waitFor(() => expect(pages).toEqual([1, 2]));
    await act(async () => {
      fireEvent.click(next());
    });
    await waitFor(() => expect(firstCell()).toBe('User 51'));
    await waitFor(() => expect(pages).toEqual([1, 2, 3]));
    await act(async () => {
      fireEvent.click(next());
    });
    await waitFor(() => expect(firstCell()).toBe('User 101'));
    // The last page: nothing further to ask for.
    expect(pages).toEqual([1, 2, 3]);
    // Back to a page shown in this visit: kept in the query cache, shown without a request.
    await act(async () => {
      fireEvent.click(previous());
    });
    await waitFor(() => expect(firstCell()).toBe('User 51'));
    expect(pages).toEqual([1, 2, 3]);
  });

  it('takes the first page the route asked for while its code loaded', async () => {
    const { load, pages } = rowsApi();
    const api = { users: { list: load } } as unknown as AdminApi;
    startFirstPage('users', listRoutes.users, api);
    expect(pages).toEqual([1]);
    renderList(load, 'users');
    await waitFor(() => expect(firstCell()).toBe('User 1'));
    await waitFor(() => expect(pages).toEqual([1, 2]));
  });

  it('asks again when the prefetch failed', async () => {
    const { load, pages } = rowsApi();
    let failPage2 = true;
    const flaky = vi.fn(async (params: ListParams) => {
      if (params.page === 2 && failPage2) {
        failPage2 = false;
        throw new Error('offline');
      }
      return load(params);
    });
    renderList(flaky);
    await waitFor(() => expect(firstCell()).toBe('User 1'));
    await waitFor(() => expect(flaky).toHaveBeenCalledTimes(2));
    await act(async () => {
      fireEvent.click(next());
    });
    await waitFor(() => expect(firstCell()).toBe('User 51'));
    await waitFor(() => expect(pages).toEqual([1, 2, 3]));
  });
});

describe('ListView export', () => {
  it('links the CSV download with the search and sort shown (#20.3)', async () => {
    const { load } = rowsApi();
    const exportHref = (params: Omit<ListParams, 'page' | 'pageSize'>) =>
      `/api/Users/Export?${new URLSearchParams(params).toString()}`;
    render(
      <ListView<Row>
        caption="users"
        columns={columns}
        load={load}
        rowKey={(row) => row.id}
        defaultSort="fullName"
        exportHref={exportHref}
      />,
    );
    const link = () => screen.getByRole('link', { name: 'list.exportCsv' });
    await waitFor(() => expect(link().getAttribute('href')).toBe('/api/Users/Export?sort=fullName&order=asc'));
    expect(link().hasAttribute('download')).toBe(true);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Küche' } });
    await waitFor(() =>
      expect(link().getAttribute('href')).toBe('/api/Users/Export?search=K%C3%BCche&sort=fullName&order=asc'),
    );
  });
});
