import { useMemo } from 'react';
import type { UserSummary } from '@portal/adapters/admin';
import type { DataTableColumn } from '@portal/ui';
import { ListView } from '../components/list-view.tsx';
import { useBulkDelete } from '../components/bulk.tsx';
import { ListPage, RowLink, yesNo } from '../components/list-page.tsx';
import { useAdmin } from '../admin-context.tsx';
import { adminLinks } from '../lib/links.ts';
import { listRoutes } from '../lib/list-routes.ts';
import { useAdminT, useFormatDate } from '../lib/i18n.ts';

const nameOf = (row: UserSummary) => (row.fullName === '' ? row.email : row.fullName);

export default function UsersListPage() {
  const t = useAdminT();
  const date = useFormatDate();
  const { api } = useAdmin();
  const bulk = useBulkDelete('users', nameOf, api.users.removeMany);
  const columns = useMemo<readonly DataTableColumn<UserSummary>[]>(() => [
    { key: 'fullName', header: t('users.fields.fullName'), sortable: true, render: (row) => <RowLink href={adminLinks.detail('users', row.id)}>{row.fullName === '' ? row.email : row.fullName}</RowLink> },
    { key: 'email', header: t('users.fields.email'), sortable: true, render: (row) => <span className="break-all">{row.email}</span> },
    { key: 'companyName', header: t('users.fields.companyName'), sortable: true, render: (row) => row.companyName ?? '–' },
    { key: 'internal', header: t('users.fields.internal'), render: (row) => yesNo(t, row.internal) },
    { key: 'createdAt', header: t('users.fields.createdAt'), sortable: true, render: (row) => date(row.createdAt, false) },
  ], [t, date]);
  return (
    <ListPage kind="users" title={t('users.title')} subTitle={t('users.subTitle')} creatable={false}>
      <ListView<UserSummary>
        caption={t('users.title')}
        load={api.users.list}
        rowKey={(row) => row.id}
        listId="users"
        exportHref={api.users.exportUrl}
        defaultSort={listRoutes.users.defaultSort}
        columns={columns}
        {...(bulk === undefined ? {} : { bulk })}
      />
    </ListPage>
  );
}
