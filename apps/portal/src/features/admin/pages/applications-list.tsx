import { breakCell, codeCell, EntityListPage, entityList, yesNo } from '../components/list-page.tsx';

const list = entityList({
  kind: 'applications',
  nameOf: (row) => row.label,
  columns: (t) => [
    { field: 'label', sortable: true, cell: (row) => row.label },
    { field: 'id', sortable: true, cell: (row) => codeCell(row.id) },
    { field: 'url', cell: (row) => breakCell(row.url) },
    { field: 'sortNumber', sortable: true, align: 'end', cell: (row) => row.sortNumber },
    { field: 'internal', cell: (row) => yesNo(t, row.internal) },
    { field: 'released', cell: (row) => yesNo(t, row.released) },
  ],
});

export default function ApplicationsListPage() {
  return <EntityListPage list={list} />;
}
