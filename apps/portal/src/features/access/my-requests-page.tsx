// /requests (#19): the user's own access requests, newest first, filtered by status on the
// server and paged: what was asked for, the decider's reason for a denial, the end of the access
// granted; an open request can be withdrawn (after a confirm), a denied, cancelled or expired one
// asked for again (the catalogue's request form).
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessRequestStatuses, toPortalError, type AccessRequestStatus } from '@portal/core';
import type { MyAccessRequestItem } from '@portal/adapters';
import { Button, Select, Skeleton, UiLink, buttonClasses } from '@portal/ui';
import { useToasts } from '../../app/contexts.tsx';
import { useMyAccessApi } from '../shared/my-access.ts';
import { useLoad } from '../../app/use-load.ts';
import { links } from '../../routes.ts';
import { forgetMyApps } from '../shared/my-apps.ts';
import { useDayFormat } from '../shared/day-format.ts';
import { PagedList, usePaging } from './paged-list.tsx';

// The dialog (Headless UI) loads on first use.
const ConfirmDialog = lazy(() => import('@portal/ui/dialog').then((m) => ({ default: m.ConfirmDialog })));

type Filter = AccessRequestStatus | 'ALL';

export default function MyRequestsPage() {
  const { t } = useTranslation('flows', { keyPrefix: 'access' });
  const api = useMyAccessApi();
  const toasts = useToasts();
  const [filter, setFilter] = useState<Filter>('ALL');
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const [cancelling, setCancelling] = useState<MyAccessRequestItem>();
  const [busy, setBusy] = useState(false);
  const list = useLoad(
    () => api.listMyAccessRequests({ page, pageSize, ...(filter === 'ALL' ? {} : { status: filter }) }),
    `${filter}|${page}|${pageSize}`,
  );
  const confirmCancel = async () => {
    if (cancelling === undefined) return;
    setBusy(true);
    try {
      await api.cancelMyAccessRequest(cancelling.id);
      toasts.success(t('requests.cancelled'));
      forgetMyApps();
      setCancelling(undefined);
      list.reload();
    } catch (error) {
      toasts.error(toPortalError(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PagedList
      title={t('requests.title')}
      subTitle={t('requests.subtitle')}
      link={{ href: links.catalogue(), label: t('requests.discover') }}
      filter={
        <div className="max-w-xs">
          <Select
            label={t('requests.filter')}
            value={filter}
            options={(['ALL', ...accessRequestStatuses] as const).map((status) => ({
              value: status,
              label: t(`requests.statuses.${status}`),
            }))}
            onChange={(event) => {
              setFilter(event.target.value as Filter);
              setPage(1);
            }}
          />
        </div>
      }
      list={list}
      paging={paging}
      skeleton={
        <div aria-busy="true" className="flex flex-col gap-3">
          <Skeleton shape="block" className="h-24 w-full" />
          <Skeleton shape="block" className="h-24 w-full" />
        </div>
      }
      empty={filter === 'ALL' ? t('requests.empty') : t('requests.emptyFiltered')}
      listClassName="flex flex-col gap-3"
      entry={(request) => <RequestEntry key={request.id} request={request} onCancel={() => setCancelling(request)} />}
    >
      {cancelling !== undefined && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={t('requests.cancelConfirm', { label: cancelling.application.label })}
            message={t('requests.cancelConfirmText')}
            confirmLabel={t('requests.cancel')}
            tone="danger"
            busy={busy}
            onConfirm={() => {
              void confirmCancel();
            }}
            onCancel={() => setCancelling(undefined)}
          />
        </Suspense>
      )}
    </PagedList>
  );
}

const tone: Readonly<Record<AccessRequestStatus, string>> = {
  OPEN: 'bg-warning-soft text-on-warning-soft',
  ACCEPTED: 'bg-success-soft text-on-success-soft',
  DENIED: 'bg-danger-soft text-on-danger-soft',
  CANCELLED: 'bg-surface-muted text-fg',
  EXPIRED: 'bg-surface-muted text-fg',
};

function RequestEntry({ request, onCancel }: { readonly request: MyAccessRequestItem; readonly onCancel: () => void }) {
  const { t } = useTranslation('flows', { keyPrefix: 'access' });
  const dates = useDayFormat();
  const headingId = `request-${request.id}`;
  const label = request.application.label;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-fg">
          {label}
        </h2>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone[request.status]}`}>
          {t(`requests.statuses.${request.status}`)}
        </span>
      </div>
      <p className="text-fg-muted">
        {t('requests.requestedAt', { date: dates.dayOf(request.requestedAt) })}
        {request.decidedAt !== undefined &&
          ` · ${request.status === 'CANCELLED' ? t('requests.cancelledAt', { date: dates.dayOf(request.decidedAt) }) : t('requests.decidedAt', { date: dates.dayOf(request.decidedAt) })}`}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {request.requestedAccountAccess !== undefined && (
          <>
            <dt className="text-fg-muted">{t('requests.accountAccess')}</dt>
            <dd className="text-fg">{request.requestedAccountAccess.label}</dd>
          </>
        )}
        {request.requestedRole !== undefined && (
          <>
            <dt className="text-fg-muted">{t('requests.role')}</dt>
            <dd className="text-fg">{request.requestedRole.label}</dd>
          </>
        )}
        {request.justification !== undefined && (
          <>
            <dt className="text-fg-muted">{t('requests.justification')}</dt>
            <dd className="whitespace-pre-wrap text-fg">{request.justification}</dd>
          </>
        )}
      </dl>
      {request.status === 'OPEN' && request.requestedEndsAt !== undefined && (
        <p className="text-fg">{t('requests.requestedUntil', { date: dates.lastDay(request.requestedEndsAt) })}</p>
      )}
      {request.status === 'ACCEPTED' && request.endsAt !== undefined && (
        <p className="text-fg">{t('requests.until', { date: dates.lastDay(request.endsAt) })}</p>
      )}
      {request.status === 'EXPIRED' && request.expiredAt !== undefined && (
        <p className="text-fg">{t('requests.expiredAt', { date: dates.dayOf(request.expiredAt) })}</p>
      )}
      {request.status === 'DENIED' && request.reason !== undefined && (
        <div className="rounded-lg bg-surface-muted px-3 py-2">
          <p className="font-medium text-fg">{t('requests.reason')}</p>
          <p className="whitespace-pre-wrap text-fg">{request.reason}</p>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {request.status === 'OPEN' && (
          <Button variant="secondary" onClick={onCancel}>
            {t('requests.cancel')}
          </Button>
        )}
        {request.status !== 'OPEN' && request.canRequestAgain && (
          <UiLink
            href={links.catalogueRequest({ application: request.application.id, from: request.id })}
            className={buttonClasses('secondary')}
            aria-label={t('requests.requestAgainFor', { label })}
          >
            {t('requests.requestAgain')}
          </UiLink>
        )}
      </div>
    </li>
  );
}
