import { useMemo } from 'react';
import type { ApplicationSummary } from '@portal/adapters/admin';
import type { DataTableColumn } from '@portal/ui';
import { ListView } from '../components/list-view.tsx';
import { useBulkDelete } from '../components/bulk.tsx';
import { ListPage, RowLink, yesNo } from '../components/list-page.tsx';
import { useAdmin } from '../admin-context.tsx';
import { adminLinks } from '../lib/links.ts';
import { listRoutes } from '../lib/list-routes.ts';
import { useAdminT } from '../lib/i18n.ts';

const nameOf = (row: ApplicationSummary) => row.label;

export default function ApplicationsListPage() {
  const t = useAdminT();
  const { api } = useAdmin();
  const bulk = useBulkDelete('applications', nameOf, api.applications.removeMany);
  const columns = useMemo<readonly DataTableColumn<ApplicationSummary>[]>(() => [
    { key: 'label', header: t('applications.fields.label'), sortable: true, render: (row) => <RowLink href={adminLinks.detail('applications', row.id)}>{row.label}</RowLink> },
    { key: 'id', header: t('applications.fields.id'), sortable: true, render: (row) => <code className="text-xs">{row.id}</code> },
    { key: 'url', header: t('applications.fields.url'), render: (row) => <span className="break-all">{row.url}</span> },
    { key: 'sortNumber', header: t('applications.fields.sortNumber'), sortable: true, align: 'end', render: (row) => row.sortNumber },
    { key: 'internal', header: t('applications.fields.internal'), render: (row) => yesNo(t, row.internal) },
    { key: 'released', header: t('applications.fields.released'), render: (row) => yesNo(t, row.released) },
  ], [t]);
  return (
    <ListPage kind="applications" title={t('applications.title')} subTitle={t('applications.subTitle')}>
      <ListView<ApplicationSummary>
        caption={t('applications.title')}
        load={api.applications.list}
        rowKey={(row) => row.id}
        listId="applications"
        exportHref={api.applications.exportUrl}
        defaultSort={listRoutes.applications.defaultSort}
        columns={columns}
        {...(bulk === undefined ? {} : { bulk })}
      />
    </ListPage>
  );
}
