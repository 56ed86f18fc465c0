import { codeCell, EntityListPage, entityList } from '../components/list-page.tsx';

const list = entityList({
  kind: 'roles',
  nameOf: (row) => row.label,
  columns: () => [
    { field: 'label', sortable: true, cell: (row) => row.label },
    { field: 'key', sortable: true, cell: (row) => codeCell(row.key) },
    { field: 'description', cell: (row) => row.description },
  ],
});

export default function RolesListPage() {
  return <EntityListPage list={list} />;
}
