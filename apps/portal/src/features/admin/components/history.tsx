// The change history of one entity (spec §3 history entry), paged and sortable.
import type { AdminHistoryEntry, AdminPage, HistoryParams } from '@portal/adapters/admin';
import { ListView } from './list-view.tsx';
import { useAdminT, useFormatDate } from '../lib/i18n.ts';

export function HistorySection({ load, scope, reloadKey }: {
  readonly load: (params: HistoryParams) => Promise<AdminPage<AdminHistoryEntry>>;
  readonly scope: string;
  readonly reloadKey?: number;
}) {
  const t = useAdminT();
  const date = useFormatDate();
  return (
    <section aria-labelledby={`history-${scope}`} className="flex flex-col gap-3">
      <h2 id={`history-${scope}`} className="text-lg font-semibold text-fg">{t('history.title')}</h2>
      <ListView<AdminHistoryEntry>
        caption={t('history.title')}
        scope={`history-${scope}`}
        searchable={false}
        reloadKey={reloadKey ?? 0}
        defaultSort="updatedAt"
        defaultOrder="desc"
        load={(params) => load({ page: params.page, pageSize: params.pageSize, ...(params.sort === 'field' || params.sort === 'updatedAt' ? { sort: params.sort } : {}), ...(params.order === undefined ? {} : { order: params.order }) })}
        rowKey={(row) => row.id}
        emptyMessage={t('history.empty')}
        columns={[
          { key: 'updatedAt', header: t('history.updatedAt'), sortable: true, render: (row) => date(row.updatedAt), className: 'whitespace-nowrap' },
          { key: 'mode', header: t('history.mode'), render: (row) => t(`history.modes.${row.mode}`) },
          { key: 'field', header: t('history.field'), sortable: true, render: (row) => row.field ?? '–' },
          { key: 'value', header: t('history.value'), render: (row) => <span className="break-all">{row.value ?? '–'}</span> },
          { key: 'updatedBy', header: t('history.updatedBy'), render: (row) => row.updatedBy ?? t('history.system') },
        ]}
      />
    </section>
  );
}
