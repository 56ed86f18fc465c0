import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { DataTable, type DataTableColumn, type DataTableSort } from './data-table.tsx';
import { Pagination } from './pagination.tsx';

interface UserRow {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly company: string;
  readonly since: string;
}

const firstNames = ['Anna', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hannes', 'Ida', 'Jonas', 'Klara'];
const lastNames = ['Schmidt', 'Müller', 'Weber', 'Wagner', 'Becker', 'Hoffmann', 'Koch', 'Richter'];
const companies = ['Küchenstudio Nord', 'Möbelhaus Süd', 'Musterküchen GmbH', 'Wohnwelt West'];
const users: UserRow[] = Array.from({ length: 123 }, (_, index) => {
  const first = firstNames[index % firstNames.length] ?? '';
  const last = lastNames[(index * 7) % lastNames.length] ?? '';
  return {
    id: `u${index + 1}`,
    name: `${first} ${last}`,
    email: `${first}.${last}${index}@example.com`.toLowerCase(),
    company: companies[index % companies.length] ?? '',
    since: `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`,
  };
});

const columns: DataTableColumn<UserRow>[] = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    render: (row) => (
      <a href={`/admin/users/${row.id}`} className="font-medium text-accent hover:underline">
        {row.name}
      </a>
    ),
  },
  { key: 'email', header: 'E-Mail', sortable: true, render: (row) => row.email },
  { key: 'company', header: 'Firma', render: (row) => row.company },
  { key: 'since', header: 'Zugriff seit', sortable: true, align: 'end', render: (row) => row.since },
];

/** Which rows' cells were rendered (the name column counts them). */
const renderedRows: string[] = [];
const countingColumns: DataTableColumn<UserRow>[] = columns.map((column) =>
  column.key === 'name'
    ? {
        ...column,
        render: (row) => {
          renderedRows.push(row.id);
          return column.render(row);
        },
      }
    : column,
);

function UsersTable({
  onPage,
  counting = false,
}: {
  readonly onPage?: (page: number, pageSize: number) => void;
  readonly counting?: boolean;
}) {
  const [sort, setSort] = useState<DataTableSort>({ key: 'name', order: 'asc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const rows = useMemo(() => {
    const key = sort.key as keyof UserRow;
    const sorted = [...users].sort((a, b) => a[key].localeCompare(b[key], 'de') * (sort.order === 'asc' ? 1 : -1));
    return sorted.slice((page - 1) * pageSize, page * pageSize);
  }, [sort, page, pageSize]);
  return (
    <DataTable
      caption="Benutzer"
      columns={counting ? countingColumns : columns}
      rows={rows}
      rowKey={(row) => row.id}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        setPage(1);
      }}
      footer={
        <Pagination
          page={page}
          pageSize={pageSize}
          total={users.length}
          onPageChange={(next) => {
            setPage(next);
            onPage?.(next, pageSize);
          }}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
            onPage?.(1, size);
          }}
        />
      }
    />
  );
}

const meta = {
  title: 'Data/DataTable',
  component: DataTable<UserRow>,
  args: { caption: 'Benutzer', columns, rows: users.slice(0, 10), rowKey: (row: UserRow) => row.id },
} satisfies Meta<typeof DataTable<UserRow>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Rows: Story = {};
export const SortedDescending: Story = { args: { sort: { key: 'since', order: 'desc' }, onSortChange: fn() } };

export const SortByKeyboard: Story = {
  args: { onSortChange: fn(), sort: { key: 'name', order: 'asc' } },
  play: async ({ canvas, userEvent, args }) => {
    const nameHeader = canvas.getByRole('columnheader', { name: /Name/ });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(canvas.getByRole('columnheader', { name: /E-Mail/ })).toHaveAttribute('aria-sort', 'none');
    await expect(canvas.getByRole('columnheader', { name: 'Firma' })).not.toHaveAttribute('aria-sort');
    await userEvent.tab();
    await expect(within(nameHeader).getByRole('button')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ key: 'name', order: 'desc' });
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ key: 'email', order: 'asc' });
  },
};

export const LoadingShowsSkeletonAfterDelay: Story = {
  args: { rows: [], loading: true },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table');
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(await canvas.findByText(/Daten werden geladen/)).toBeInTheDocument();
    await expect(table.querySelectorAll('tbody tr')).toHaveLength(5);
  },
};
export const LoadingKeepsCurrentRows: Story = { args: { loading: true, skeletonDelayMs: 60_000 } };
export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Keine Einträge vorhanden')).toBeVisible();
  },
};
export const EmptyWithOwnMessage: Story = { args: { rows: [], emptyMessage: 'Keine offenen Zugriffsanfragen' } };
export const ErrorWithRetry: Story = {
  args: { rows: [], error: '', onRetry: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Die Daten konnten nicht geladen werden.');
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
export const WideTableScrollsInItsBox: Story = {
  args: {
    columns: [...columns, ...columns.map((column) => ({ ...column, key: `${column.key}-2`, sortable: false }))],
  },
};

export const WithPagination: Story = {
  args: { onSortChange: fn() },
  render: (args) => <UsersTable onPage={args.onSortChange as unknown as (page: number, pageSize: number) => void} />,
  play: async ({ canvas, userEvent }) => {
    const pager = canvas.getByRole('navigation', { name: 'Seitenwechsel' });
    const inPager = within(pager);
    await expect(inPager.getByText('1–25 von 123')).toBeVisible();
    await expect(inPager.getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();
    await userEvent.click(inPager.getByRole('button', { name: 'Nächste Seite' }));
    await expect(inPager.getByText('26–50 von 123')).toBeVisible();
    await userEvent.selectOptions(inPager.getByRole('combobox', { name: 'Zeilen pro Seite' }), '100');
    await expect(inPager.getByText('1–100 von 123')).toBeVisible();
    await userEvent.click(inPager.getByRole('button', { name: 'Nächste Seite' }));
    await expect(inPager.getByText('101–123 von 123')).toBeVisible();
    await expect(inPager.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
    await expect(canvas.getAllByRole('row')).toHaveLength(24);
  },
};

/**
 * #30.11: on a phone each row is a stack of its cells, each after its column's name, and the
 * sortable columns are buttons above the rows: nothing scrolls sideways, not the page, not the table.
 */
export const OnPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  render: () => <UsersTable />,
  play: async ({ canvas, userEvent }) => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const box = canvas.getByRole('table').parentElement;
    await expect(box).not.toBeNull();
    await expect((box as HTMLElement).scrollWidth).toBeLessThanOrEqual((box as HTMLElement).clientWidth + 1);
    const [, first] = canvas.getAllByRole('row');
    const row = within(first as HTMLElement);
    // The cells one under the other, the e-mail after its column's name.
    const cells = row.getAllByRole('cell');
    const [name, email] = cells.map((cell) => cell.getBoundingClientRect());
    await expect((email?.top ?? 0) >= (name?.bottom ?? 0) - 1).toBe(true);
    await expect(getComputedStyle(cells[1] as HTMLElement, '::before').content).toBe('"E-Mail"');
    // The name is drawn, not text of the cell's own: it says the e-mail address alone.
    await expect(cells[1]?.textContent).toMatch(/^\S+@example\.com$/);
    // Sorting stays at hand.
    await expect(canvas.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(canvas.getByRole('button', { name: /Name/ }));
    await expect(canvas.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  },
};

/**
 * #17.21: a wide table without sortable columns (nothing focusable inside) still scrolls by
 * keyboard where it is a table (a tablet): its scroll box is a focusable region named by the caption.
 */
export const OnTabletScrollsByKeyboard: Story = {
  globals: { viewport: { value: 'tablet' } },
  args: {
    columns: [...columns, ...columns.map((column) => ({ ...column, key: `${column.key}-2` }))].map((column) => ({
      ...column,
      sortable: false,
      render: (row: UserRow) => row[column.key.replace(/-2$/, '') as keyof UserRow],
    })),
    rows: users.slice(0, 5),
  },
  play: async ({ canvas, userEvent }) => {
    const box = canvas.getByRole('region', { name: 'Benutzer' });
    await expect(box).toHaveAttribute('tabindex', '0');
    await expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
    // Focused, the arrow keys scroll it (the browser's own behaviour; axe checks the same).
    await userEvent.tab();
    await expect(box).toHaveFocus();
  },
};

/** Rows are keyed and memoised: a larger page renders only the rows that were not there. */
export const RowsRenderOnlyWhenNew: Story = {
  render: () => <UsersTable counting />,
  play: async ({ canvas, userEvent }) => {
    const pager = within(canvas.getByRole('navigation', { name: 'Seitenwechsel' }));
    await expect(pager.getByText('1–25 von 123')).toBeVisible();
    renderedRows.length = 0;
    await userEvent.selectOptions(pager.getByRole('combobox', { name: 'Zeilen pro Seite' }), '50');
    await expect(pager.getByText('1–50 von 123')).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(51);
    await expect(new Set(renderedRows).size).toBe(25);
    await expect(renderedRows).toHaveLength(25);
    renderedRows.length = 0;
    const before = canvas.getAllByRole('row').slice(1);
    const keysBefore = before.map((row) => row.getAttribute('data-row-key'));
    await userEvent.click(pager.getByRole('button', { name: 'Nächste Seite' }));
    await expect(pager.getByText('51–100 von 123')).toBeVisible();
    await expect(renderedRows).toHaveLength(50);
    // The next page updates the rows on screen in place: the same elements, other rows in them.
    const after = canvas.getAllByRole('row').slice(1);
    await expect(after.every((row, index) => row === before[index])).toBe(true);
    await expect(
      after.map((row) => row.getAttribute('data-row-key')).some((key, index) => key === keysBefore[index]),
    ).toBe(false);
  },
};

/** Rows chosen for a bulk action (#20.3): one checkbox per row, one for the page; a toggle re-renders only that row. */
function SelectableTable() {
  const rows = useMemo(() => users.slice(0, 5), []);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  return (
    <>
      <p aria-live="polite">{`Ausgewählt: ${selected.size}`}</p>
      <DataTable
        caption="Benutzer"
        columns={countingColumns}
        rows={rows}
        rowKey={(row) => row.id}
        selection={{
          selected,
          rowLabel: (row) => `${row.name} auswählen`,
          onToggle: (row, on) =>
            setSelected((current) => {
              const next = new Set(current);
              if (on) next.add(row.id);
              else next.delete(row.id);
              return next;
            }),
          onTogglePage: (page, on) => setSelected(on ? new Set(page.map((row) => row.id)) : new Set()),
        }}
      />
    </>
  );
}

export const WithSelection: Story = {
  render: () => <SelectableTable />,
  play: async ({ canvas, userEvent }) => {
    const all = canvas.getByRole('checkbox', { name: 'Alle Zeilen dieser Seite auswählen' });
    const first = users[0]?.name ?? '';
    renderedRows.length = 0;
    await userEvent.click(canvas.getByRole('checkbox', { name: `${first} auswählen` }));
    await expect(canvas.getByText('Ausgewählt: 1')).toBeVisible();
    await expect(renderedRows).toEqual([users[0]?.id]);
    await expect(all).toBePartiallyChecked();
    // By keyboard: Tab past the row's link to the next row's checkbox, Space ticks it.
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox', { name: `${users[1]?.name ?? ''} auswählen` })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByText('Ausgewählt: 2')).toBeVisible();
    await userEvent.click(all);
    await expect(canvas.getByText('Ausgewählt: 5')).toBeVisible();
    await expect(all).toBeChecked();
    await userEvent.click(all);
    await expect(canvas.getByText('Ausgewählt: 0')).toBeVisible();
    await expect(all).not.toBeChecked();
  },
};
