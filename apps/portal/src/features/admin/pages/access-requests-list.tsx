// /admin/{application}/access-requests: the open access requests (or all, by status) with
// requester and requested account access.
import { useMemo, useState } from 'react';
import { useParams } from 'wouter';
import type { AccessRequestSummary } from '@portal/adapters/admin';
import { useNavigationBar } from '../../../app/contexts.tsx';
import { usePageTitle } from '../../../app/page-title.tsx';
import { useAdmin } from '../admin-context.tsx';
import type { DataTableColumn } from '@portal/ui';
import { ListView } from '../components/list-view.tsx';
import { RowLink } from '../components/list-page.tsx';
import { adminLinks } from '../lib/links.ts';
import { listRoutes, loadAccessRequests, type AccessRequestStatusFilter } from '../lib/list-routes.ts';
import { useAdminT, useFormatDate } from '../lib/i18n.ts';

type StatusFilter = AccessRequestStatusFilter;
const filters: readonly StatusFilter[] = ['OPEN', 'ACCEPTED', 'DENIED', 'ALL'];

export default function AccessRequestsListPage() {
  const t = useAdminT();
  const date = useFormatDate();
  const { application = '' } = useParams<{ application: string }>();
  const { api, administrable } = useAdmin();
  const [status, setStatus] = useState<StatusFilter>('OPEN');
  const label = administrable.items.find((item) => item.id === application)?.label ?? application;
  useNavigationBar({ title: t('accessRequests.title'), subTitle: label, backLink: adminLinks.application(application) });
  usePageTitle(`${t('accessRequests.title')} – ${label}`);
  const columns = useMemo<readonly DataTableColumn<AccessRequestSummary>[]>(() => [
    { key: 'fullName', header: t('accessRequests.fields.requester'), sortable: true, render: (row) => <RowLink href={adminLinks.accessRequest(application, row.id)}>{row.user.fullName === '' ? row.user.email : row.user.fullName}</RowLink> },
    { key: 'email', header: t('users.fields.email'), sortable: true, render: (row) => <span className="break-all">{row.user.email}</span> },
    { key: 'company', header: t('users.fields.companyName'), render: (row) => row.user.companyName ?? '–' },
    { key: 'account', header: t('accessRequests.fields.requestedAccountAccess'), render: (row) => row.requestedAccountAccess?.label ?? '–' },
    { key: 'requestedAt', header: t('accessRequests.fields.requestedAt'), sortable: true, render: (row) => date(row.requestedAt) },
    { key: 'status', header: t('accessRequests.fields.status'), sortable: true, render: (row) => t(`accessRequests.statuses.${row.status}`) },
  ], [t, date, application]);
  return (
    <ListView<AccessRequestSummary>
      caption={t('accessRequests.caption', { application: label })}
      scope={`${application}|${status}`}
      load={loadAccessRequests(api, application, status)}
      rowKey={(row) => row.id}
      listId="accessRequests"
      exportHref={(params) => api.accessRequestsExportUrl(application, { ...params, ...(status === 'ALL' ? {} : { status }) })}
      defaultSort={listRoutes.accessRequests.defaultSort}
      defaultOrder={listRoutes.accessRequests.defaultOrder}
      emptyMessage={status === 'OPEN' ? t('accessRequests.emptyOpen') : t('accessRequests.empty')}
      toolbar={
        <div className="flex flex-col">
          <label htmlFor="access-request-status" className="mb-1 text-sm font-medium text-fg">{t('accessRequests.statusFilter')}</label>
          <select
            id="access-request-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
            className="rounded-lg border border-line-strong bg-surface py-2 ps-3 pe-8 text-sm text-fg focus-visible:outline-2 focus-visible:outline-focus"
          >
            {filters.map((filter) => <option key={filter} value={filter}>{t(`accessRequests.statuses.${filter}`)}</option>)}
          </select>
        </div>
      }
      columns={columns}
    />
  );
}
