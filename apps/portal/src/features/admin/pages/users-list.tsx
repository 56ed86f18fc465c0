import { useFormatDate } from '../lib/i18n.ts';
import { breakCell, EntityListPage, entityList, yesNo } from '../components/list-page.tsx';

const nameOf = (row: { readonly fullName: string; readonly email: string }) =>
  row.fullName === '' ? row.email : row.fullName;

const list = entityList({
  kind: 'users',
  nameOf,
  creatable: false,
  columns: (t, date: ReturnType<typeof useFormatDate>) => [
    { field: 'fullName', sortable: true, cell: nameOf },
    { field: 'email', sortable: true, cell: (row) => breakCell(row.email) },
    { field: 'companyName', sortable: true, cell: (row) => row.companyName ?? '–' },
    { field: 'internal', cell: (row) => yesNo(t, row.internal) },
    { field: 'createdAt', sortable: true, cell: (row) => date(row.createdAt, false) },
  ],
});

export default function UsersListPage() {
  return <EntityListPage list={list} extra={useFormatDate()} />;
}
