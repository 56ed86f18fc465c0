import { useMemo } from 'react';
import type { CustomFlowSummary } from '@portal/adapters/admin';
import type { DataTableColumn } from '@portal/ui';
import { ListView } from '../components/list-view.tsx';
import { useBulkDelete } from '../components/bulk.tsx';
import { ListPage, RowLink } from '../components/list-page.tsx';
import { useAdmin } from '../admin-context.tsx';
import { adminLinks } from '../lib/links.ts';
import { listRoutes } from '../lib/list-routes.ts';
import { useAdminT } from '../lib/i18n.ts';

const nameOf = (row: CustomFlowSummary) => row.label;

export default function CustomFlowsListPage() {
  const t = useAdminT();
  const { api } = useAdmin();
  const bulk = useBulkDelete('customFlows', nameOf, api.customFlows.removeMany);
  const columns = useMemo<readonly DataTableColumn<CustomFlowSummary>[]>(() => [
    { key: 'label', header: t('customFlows.fields.label'), sortable: true, render: (row) => <RowLink href={adminLinks.detail('customFlows', row.id)}>{row.label}</RowLink> },
    { key: 'key', header: t('customFlows.fields.key'), sortable: true, render: (row) => <code className="text-xs">{`/flows/${row.key}`}</code> },
    { key: 'description', header: t('customFlows.fields.description'), render: (row) => row.description },
  ], [t]);
  return (
    <ListPage kind="customFlows" title={t('customFlows.title')} subTitle={t('customFlows.subTitle')}>
      <ListView<CustomFlowSummary>
        caption={t('customFlows.title')}
        load={api.customFlows.list}
        rowKey={(row) => row.id}
        listId="customFlows"
        exportHref={api.customFlows.exportUrl}
        defaultSort={listRoutes.customFlows.defaultSort}
        columns={columns}
        {...(bulk === undefined ? {} : { bulk })}
      />
    </ListPage>
  );
}
