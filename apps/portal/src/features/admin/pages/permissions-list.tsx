import { EntityListPage, entityList } from '../components/list-page.tsx';

const list = entityList({
  kind: 'permissions',
  nameOf: (row) => row.key,
  columns: () => [
    { field: 'key', sortable: true, cell: (row) => row.key },
    { field: 'description', sortable: true, cell: (row) => row.description },
  ],
});

export default function PermissionsListPage() {
  return <EntityListPage list={list} />;
}
