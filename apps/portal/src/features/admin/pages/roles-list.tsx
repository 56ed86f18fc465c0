import { useMemo } from 'react';
import type { RoleSummary } from '@portal/adapters/admin';
import type { DataTableColumn } from '@portal/ui';
import { ListView } from '../components/list-view.tsx';
import { useBulkDelete } from '../components/bulk.tsx';
import { ListPage, RowLink } from '../components/list-page.tsx';
import { useAdmin } from '../admin-context.tsx';
import { adminLinks } from '../lib/links.ts';
import { listRoutes } from '../lib/list-routes.ts';
import { useAdminT } from '../lib/i18n.ts';

const nameOf = (row: RoleSummary) => row.label;

export default function RolesListPage() {
  const t = useAdminT();
  const { api } = useAdmin();
  const bulk = useBulkDelete('roles', nameOf, api.roles.removeMany);
  const columns = useMemo<readonly DataTableColumn<RoleSummary>[]>(() => [
    { key: 'label', header: t('roles.fields.label'), sortable: true, render: (row) => <RowLink href={adminLinks.detail('roles', row.id)}>{row.label}</RowLink> },
    { key: 'key', header: t('roles.fields.key'), sortable: true, render: (row) => <code className="text-xs">{row.key}</code> },
    { key: 'description', header: t('roles.fields.description'), render: (row) => row.description },
  ], [t]);
  return (
    <ListPage kind="roles" title={t('roles.title')} subTitle={t('roles.subTitle')}>
      <ListView<RoleSummary>
        caption={t('roles.title')}
        load={api.roles.list}
        rowKey={(row) => row.id}
        listId="roles"
        exportHref={api.roles.exportUrl}
        defaultSort={listRoutes.roles.defaultSort}
        columns={columns}
        {...(bulk === undefined ? {} : { bulk })}
      />
    </ListPage>
  );
}
