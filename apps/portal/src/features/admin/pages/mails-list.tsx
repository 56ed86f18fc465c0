// /admin/mails (#29): the mails the API sent or is sending, newest first, for those who may see all
// users — recipient, subject, occasion, state (with the next attempt while one is due), attempts and
// the last error — filtered by state; a mail about an access request links the request's page for
// those who decide the application's requests. Says so when the API sends no mail at all.
import { useMemo, useState } from 'react';
import type { Mail } from '@portal/adapters/admin';
import type { DataTableColumn } from '@portal/ui';
import { useNavigationBar } from '../../../app/contexts.tsx';
import { usePageTitle } from '../../../app/page-title.tsx';
import { useAdmin } from '../admin-context.tsx';
import { ListView } from '../components/list-view.tsx';
import { breakCell, RowLink } from '../components/list-page.tsx';
import { MailOffNotice, useMailSettings } from '../components/mail-settings.tsx';
import { adminLinks } from '../lib/links.ts';
import { listRoutes, loadMails, mailStatusFilters, type MailStatusFilter } from '../lib/list-routes.ts';
import { useAdminT, useFormatDate, useUiT } from '../lib/i18n.ts';

export default function MailsListPage() {
  const t = useAdminT();
  const tu = useUiT();
  const date = useFormatDate();
  const { api, administrable } = useAdmin();
  const settings = useMailSettings();
  const [status, setStatus] = useState<MailStatusFilter>('ALL');
  const title = tu('nav.mails');
  useNavigationBar({ title, subTitle: t('mails.subTitle'), backLink: adminLinks.overview() });
  usePageTitle(title);
  /** The applications whose requests the user decides: their mails link the request. */
  const deciding = useMemo(
    () => new Set(administrable.items.filter((app) => app.permissions.manageAccessRequests).map((app) => app.id)),
    [administrable.items],
  );
  const columns = useMemo<readonly DataTableColumn<Mail>[]>(
    () => [
      { key: 'createdAt', header: t('mails.fields.createdAt'), render: (row) => date(row.createdAt, true) },
      { key: 'recipient', header: t('mails.fields.recipient'), render: (row) => breakCell(row.recipient) },
      {
        key: 'subject',
        header: t('mails.fields.subject'),
        render: (row) => (
          <span className="flex flex-col">
            {row.subject}
            <span className="text-xs text-fg-muted">{t(`mails.kinds.${row.kind}`)}</span>
          </span>
        ),
      },
      {
        key: 'status',
        header: t('mails.fields.status'),
        render: (row) => (
          <span className="flex flex-col">
            {t(`mails.statuses.${row.status}`)}
            {row.status === 'PENDING' && row.attempts > 0 && row.nextAttemptAt !== null && (
              <span className="text-xs text-fg-muted">
                {t('mails.nextAttempt', { date: date(row.nextAttemptAt, true) })}
              </span>
            )}
            {row.sentAt !== null && <span className="text-xs text-fg-muted">{date(row.sentAt, true)}</span>}
          </span>
        ),
      },
      { key: 'attempts', header: t('mails.fields.attempts'), align: 'end', render: (row) => row.attempts },
      {
        key: 'lastError',
        header: t('mails.fields.lastError'),
        render: (row) => <span className="break-all">{row.lastError ?? '–'}</span>,
      },
      {
        key: 'request',
        header: t('mails.fields.request'),
        render: (row) =>
          row.requestId !== null && row.applicationId !== null && deciding.has(row.applicationId) ? (
            <RowLink href={adminLinks.accessRequest(row.applicationId, row.requestId)}>
              <span aria-label={t('mails.openRequestOf', { subject: row.subject })}>{t('mails.openRequest')}</span>
            </RowLink>
          ) : (
            '–'
          ),
      },
    ],
    [t, date, deciding],
  );
  return (
    <div className="flex flex-col gap-4">
      <MailOffNotice settings={settings} />
      <ListView<Mail>
        caption={t('mails.caption')}
        scope={status}
        searchable={false}
        load={loadMails(api, status)}
        rowKey={(row) => row.id}
        listId="mails"
        defaultSort={listRoutes.mails.defaultSort}
        defaultOrder={listRoutes.mails.defaultOrder}
        emptyMessage={t('mails.empty')}
        toolbar={
          <div className="flex flex-col">
            <label htmlFor="mail-status" className="mb-1 text-sm font-medium text-fg">
              {t('mails.statusFilter')}
            </label>
            <select
              id="mail-status"
              value={status}
              onChange={(event) => setStatus(event.target.value as MailStatusFilter)}
              className="rounded-lg border border-line-strong bg-surface py-2 ps-3 pe-8 text-sm text-fg"
            >
              {mailStatusFilters.map((filter) => (
                <option key={filter} value={filter}>
                  {t(`mails.statuses.${filter}`)}
                </option>
              ))}
            </select>
          </div>
        }
        columns={columns}
      />
    </div>
  );
}
