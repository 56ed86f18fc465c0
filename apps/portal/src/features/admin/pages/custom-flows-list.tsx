import { codeCell, EntityListPage, entityList } from '../components/list-page.tsx';

const list = entityList({
  kind: 'customFlows',
  nameOf: (row) => row.label,
  columns: () => [
    { field: 'label', sortable: true, cell: (row) => row.label },
    // The flow's address, as users open it.
    { field: 'key', sortable: true, cell: (row) => codeCell(`/flows/${row.key}`) },
    { field: 'description', cell: (row) => row.description },
  ],
});

export default function CustomFlowsListPage() {
  return <EntityListPage list={list} />;
}
