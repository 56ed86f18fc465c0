// /admin/{application}/users: the users with access to one application.
import { useMemo } from 'react';
import { useParams } from 'wouter';
import type { ApplicationUserSummary } from '@portal/adapters/admin';
import { useNavigationBar } from '../../../app/contexts.tsx';
import { usePageTitle } from '../../../app/page-title.tsx';
import { useAdmin } from '../admin-context.tsx';
import type { DataTableColumn } from '@portal/ui';
import { ListView } from '../components/list-view.tsx';
import { RowLink } from '../components/list-page.tsx';
import { adminLinks } from '../lib/links.ts';
import { listRoutes } from '../lib/list-routes.ts';
import { useAdminT, useFormatDate } from '../lib/i18n.ts';

export default function AppUsersListPage() {
  const t = useAdminT();
  const date = useFormatDate();
  const { application = '' } = useParams<{ application: string }>();
  const { api, administrable } = useAdmin();
  const label = administrable.items.find((item) => item.id === application)?.label ?? application;
  useNavigationBar({ title: t('appUsers.title'), subTitle: label, backLink: adminLinks.application(application) });
  usePageTitle(`${t('appUsers.title')} – ${label}`);
  const columns = useMemo<readonly DataTableColumn<ApplicationUserSummary>[]>(() => [
    { key: 'fullName', header: t('users.fields.fullName'), sortable: true, render: (row) => <RowLink href={adminLinks.applicationUser(application, row.id)}>{row.fullName === '' ? row.email : row.fullName}</RowLink> },
    { key: 'email', header: t('users.fields.email'), sortable: true, render: (row) => <span className="break-all">{row.email}</span> },
    { key: 'companyName', header: t('users.fields.companyName'), sortable: true, render: (row) => row.companyName ?? '–' },
    { key: 'roles', header: t('users.fields.roles'), render: (row) => (row.roles.length === 0 ? '–' : row.roles.map((role) => role.label).join(', ')) },
    { key: 'accessSince', header: t('users.fields.accessSince'), sortable: true, render: (row) => date(row.accessSince, false) },
  ], [t, date, application]);
  return (
    <ListView<ApplicationUserSummary>
      caption={t('appUsers.caption', { application: label })}
      scope={application}
      load={(params) => api.listApplicationUsers(application, params)}
      rowKey={(row) => row.id}
      listId="appUsers"
      exportHref={(params) => api.applicationUsersExportUrl(application, params)}
      defaultSort={listRoutes.appUsers.defaultSort}
      emptyMessage={t('appUsers.empty')}
      columns={columns}
    />
  );
}
