import { useMemo } from 'react';
import type { AttributeSummary } from '@portal/adapters/admin';
import type { DataTableColumn } from '@portal/ui';
import { ListView } from '../components/list-view.tsx';
import { useBulkDelete } from '../components/bulk.tsx';
import { ListPage, RowLink, yesNo } from '../components/list-page.tsx';
import { useAdmin } from '../admin-context.tsx';
import { adminLinks } from '../lib/links.ts';
import { listRoutes } from '../lib/list-routes.ts';
import { useAdminT } from '../lib/i18n.ts';

const nameOf = (row: AttributeSummary) => (row.label === '' ? row.key : row.label);

export default function AttributesListPage() {
  const t = useAdminT();
  const { api } = useAdmin();
  const bulk = useBulkDelete('attributes', nameOf, api.attributes.removeMany);
  const columns = useMemo<readonly DataTableColumn<AttributeSummary>[]>(() => [
    { key: 'key', header: t('attributes.fields.key'), sortable: true, render: (row) => <RowLink href={adminLinks.detail('attributes', row.id)}>{row.key}</RowLink> },
    { key: 'label', header: t('attributes.fields.label'), sortable: true, render: (row) => row.label },
    { key: 'dataType', header: t('attributes.fields.dataType'), sortable: true, render: (row) => t(`attributes.dataTypes.${row.dataType}`) },
    { key: 'editableByUser', header: t('attributes.fields.editableByUser'), render: (row) => yesNo(t, row.editableByUser) },
    { key: 'editableByOthers', header: t('attributes.fields.editableByOthers'), render: (row) => yesNo(t, row.editableByOthers) },
  ], [t]);
  return (
    <ListPage kind="attributes" title={t('attributes.title')} subTitle={t('attributes.subTitle')}>
      <ListView<AttributeSummary>
        caption={t('attributes.title')}
        load={api.attributes.list}
        rowKey={(row) => row.id}
        listId="attributes"
        exportHref={api.attributes.exportUrl}
        defaultSort={listRoutes.attributes.defaultSort}
        columns={columns}
        {...(bulk === undefined ? {} : { bulk })}
      />
    </ListPage>
  );
}
