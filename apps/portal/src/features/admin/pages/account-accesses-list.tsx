import { useLabels } from '../admin-context.tsx';
import { codeCell, EntityListPage, entityList } from '../components/list-page.tsx';

const list = entityList({
  kind: 'accountAccesses',
  nameOf: (row) => row.label,
  columns: (_t, groups: ReadonlyMap<string, string>) => [
    { field: 'label', sortable: true, cell: (row) => row.label },
    { field: 'key', sortable: true, cell: (row) => codeCell(row.key) },
    { field: 'parent', cell: (row) => (row.parentId === null ? '–' : (groups.get(row.parentId) ?? row.parentId)) },
  ],
});

export default function AccountAccessesListPage() {
  // The parent group by its label.
  return <EntityListPage list={list} extra={useLabels('accountAccesses')} />;
}
