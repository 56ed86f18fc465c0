// The change history of one entity (spec §3 history entry), paged and sortable: the field by
// its label, old → new with linked entities by name, the author by name (#17.14); a change the
// server says may be undone has its button (#19.7).
import { useId } from 'react';
import { ArrowUturnLeftIcon } from '@heroicons/react/20/solid';
import { Button, Section } from '@portal/ui';
import type { AdminHistoryEntry, AdminPage, HistoryParams } from '@portal/adapters/admin';
import { ListView } from './list-view.tsx';
import { HistoryChangeView, HistoryField, historyAuthor } from './history-value.tsx';
import { useAdminT, useFormatDate } from '../lib/i18n.ts';

/** Undoing an entry: `run` it, unless `blocked` (unsaved input in the form above, a save under way). */
export interface HistoryRevert {
  readonly run: (entry: AdminHistoryEntry) => void;
  readonly blocked: boolean;
}

export function HistorySection({
  load,
  scope,
  reloadKey,
  revert,
}: {
  readonly load: (params: HistoryParams) => Promise<AdminPage<AdminHistoryEntry>>;
  readonly scope: string;
  readonly reloadKey?: number;
  /** Without it (no write permission) no entry has a button. */
  readonly revert?: HistoryRevert;
}) {
  const t = useAdminT();
  const date = useFormatDate();
  const hint = useId();
  return (
    <Section title={t('history.title')} className="flex flex-col gap-3">
      {revert?.blocked === true && (
        <p id={hint} className="text-sm text-fg-muted">
          {t('history.revertSaveFirst')}
        </p>
      )}
      <ListView<AdminHistoryEntry>
        caption={t('history.title')}
        scope={`history-${scope}`}
        searchable={false}
        reloadKey={reloadKey ?? 0}
        defaultSort="updatedAt"
        defaultOrder="desc"
        load={(params) =>
          load({
            page: params.page,
            pageSize: params.pageSize,
            ...(params.sort === 'field' || params.sort === 'updatedAt' ? { sort: params.sort } : {}),
            ...(params.order === undefined ? {} : { order: params.order }),
          })
        }
        rowKey={(row) => row.id}
        emptyMessage={t('history.empty')}
        columns={[
          {
            key: 'updatedAt',
            header: t('history.updatedAt'),
            sortable: true,
            render: (row) => date(row.updatedAt),
            className: 'whitespace-nowrap',
          },
          { key: 'mode', header: t('history.mode'), render: (row) => t(`history.modes.${row.mode}`) },
          { key: 'field', header: t('history.field'), sortable: true, render: (row) => <HistoryField entry={row} /> },
          { key: 'change', header: t('history.change'), render: (row) => <HistoryChangeView entry={row} /> },
          { key: 'updatedBy', header: t('history.updatedBy'), render: (row) => historyAuthor(row, t) },
          ...(revert === undefined
            ? []
            : [
                {
                  key: 'revert',
                  header: t('history.actions'),
                  align: 'end' as const,
                  render: (row: AdminHistoryEntry) =>
                    row.revertible && (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={revert.blocked}
                        aria-describedby={revert.blocked ? hint : undefined}
                        aria-label={t('history.revertEntry', { date: date(row.updatedAt) })}
                        onClick={() => revert.run(row)}
                      >
                        <ArrowUturnLeftIcon aria-hidden="true" className="size-4" />
                        {t('history.revert')}
                      </Button>
                    ),
                },
              ]),
        ]}
      />
    </Section>
  );
}
