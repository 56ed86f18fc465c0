import { useMemo } from 'react';
import type { AccountAccessSummary } from '@portal/adapters/admin';
import type { DataTableColumn } from '@portal/ui';
import { ListView } from '../components/list-view.tsx';
import { useBulkDelete } from '../components/bulk.tsx';
import { ListPage, RowLink } from '../components/list-page.tsx';
import { useAdmin, useLabels } from '../admin-context.tsx';
import { adminLinks } from '../lib/links.ts';
import { listRoutes } from '../lib/list-routes.ts';
import { useAdminT } from '../lib/i18n.ts';

const nameOf = (row: AccountAccessSummary) => row.label;

export default function AccountAccessesListPage() {
  const t = useAdminT();
  const { api } = useAdmin();
  const bulk = useBulkDelete('accountAccesses', nameOf, api.accountAccesses.removeMany);
  const labels = useLabels('accountAccesses');
  const columns = useMemo<readonly DataTableColumn<AccountAccessSummary>[]>(() => [
    { key: 'label', header: t('accountAccesses.fields.label'), sortable: true, render: (row) => <RowLink href={adminLinks.detail('accountAccesses', row.id)}>{row.label}</RowLink> },
    { key: 'key', header: t('accountAccesses.fields.key'), sortable: true, render: (row) => <code className="text-xs">{row.key}</code> },
    { key: 'parent', header: t('accountAccesses.fields.parent'), render: (row) => (row.parentId === null ? '–' : (labels.get(row.parentId) ?? row.parentId)) },
  ], [t, labels]);
  return (
    <ListPage kind="accountAccesses" title={t('accountAccesses.title')} subTitle={t('accountAccesses.subTitle')}>
      <ListView<AccountAccessSummary>
        caption={t('accountAccesses.title')}
        load={api.accountAccesses.list}
        rowKey={(row) => row.id}
        listId="accountAccesses"
        exportHref={api.accountAccesses.exportUrl}
        defaultSort={listRoutes.accountAccesses.defaultSort}
        columns={columns}
        {...(bulk === undefined ? {} : { bulk })}
      />
    </ListPage>
  );
}
