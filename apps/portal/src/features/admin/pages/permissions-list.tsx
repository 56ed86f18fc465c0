import { useMemo } from 'react';
import type { PermissionSummary } from '@portal/adapters/admin';
import type { DataTableColumn } from '@portal/ui';
import { ListView } from '../components/list-view.tsx';
import { useBulkDelete } from '../components/bulk.tsx';
import { ListPage, RowLink } from '../components/list-page.tsx';
import { useAdmin } from '../admin-context.tsx';
import { adminLinks } from '../lib/links.ts';
import { listRoutes } from '../lib/list-routes.ts';
import { useAdminT } from '../lib/i18n.ts';

const nameOf = (row: PermissionSummary) => row.key;

export default function PermissionsListPage() {
  const t = useAdminT();
  const { api } = useAdmin();
  const bulk = useBulkDelete('permissions', nameOf, api.permissions.removeMany);
  const columns = useMemo<readonly DataTableColumn<PermissionSummary>[]>(() => [
    { key: 'key', header: t('permissions.fields.key'), sortable: true, render: (row) => <RowLink href={adminLinks.detail('permissions', row.id)}>{row.key}</RowLink> },
    { key: 'description', header: t('permissions.fields.description'), sortable: true, render: (row) => row.description },
  ], [t]);
  return (
    <ListPage kind="permissions" title={t('permissions.title')} subTitle={t('permissions.subTitle')}>
      <ListView<PermissionSummary>
        caption={t('permissions.title')}
        load={api.permissions.list}
        rowKey={(row) => row.id}
        listId="permissions"
        exportHref={api.permissions.exportUrl}
        defaultSort={listRoutes.permissions.defaultSort}
        columns={columns}
        {...(bulk === undefined ? {} : { bulk })}
      />
    </ListPage>
  );
}
