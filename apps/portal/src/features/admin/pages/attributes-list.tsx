import { EntityListPage, entityList, yesNo } from '../components/list-page.tsx';

const list = entityList({
  kind: 'attributes',
  nameOf: (row) => (row.label === '' ? row.key : row.label),
  columns: (t) => [
    { field: 'key', sortable: true, cell: (row) => row.key },
    { field: 'label', sortable: true, cell: (row) => row.label },
    { field: 'dataType', sortable: true, cell: (row) => t(`attributes.dataTypes.${row.dataType}`) },
    { field: 'editableByUser', cell: (row) => yesNo(t, row.editableByUser) },
    { field: 'editableByOthers', cell: (row) => yesNo(t, row.editableByOthers) },
  ],
});

export default function AttributesListPage() {
  return <EntityListPage list={list} />;
}
