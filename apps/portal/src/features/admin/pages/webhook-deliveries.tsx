// The deliveries of an application's webhook (#20.2), newest first: a test delivery, a delivery sent again, its
// details (webhook-delivery-detail.tsx), and "Fortsetzen" while the webhook paused itself.
import { useMemo, useState } from 'react';
import { ArrowPathIcon, DocumentMagnifyingGlassIcon, PaperAirplaneIcon, PlayIcon } from '@heroicons/react/20/solid';
import { toPortalError } from '@portal/core';
import { Button, Section as UiSection, type DataTableColumn } from '@portal/ui';
import type { WebhookDelivery } from '@portal/adapters/admin';
import { useToasts } from '../../../app/contexts.tsx';
import { useAdmin } from '../admin-context.tsx';
import { Confirm } from '../components/confirm.tsx';
import { ListView } from '../components/list-view.tsx';
import { webhookErrorText } from '../lib/webhook-errors.ts';
import { useAdminT, useFormatDate } from '../lib/i18n.ts';
import { DeliveryDetailDialog } from './webhook-delivery-detail.tsx';

/** A delivery's id as the list shows it (the first eight characters; a replay names its original by them). */
const shortId = (id: string) => id.slice(0, 8);

/**
 * The deliveries, newest first (#20.2): "send a test delivery" while a webhook is saved, and per
 * row "send again" (asked first), which queues the payload as a new delivery naming the original.
 */
export function WebhookDeliveries({
  applicationId,
  reloadKey,
  canSend,
  pause,
  onResumed,
}: {
  readonly applicationId: string;
  readonly reloadKey: number;
  readonly canSend: boolean;
  /** The saved webhook's pause: set while it paused itself after failures in a row. */
  readonly pause?: { readonly pausedAt: string | null; readonly consecutiveFailures: number };
  readonly onResumed?: () => void;
}) {
  const t = useAdminT();
  const date = useFormatDate();
  const toasts = useToasts();
  const { api } = useAdmin();
  const [sent, setSent] = useState(0);
  const [testing, setTesting] = useState(false);
  const [replaying, setReplaying] = useState<WebhookDelivery | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<string | undefined>(undefined);
  const queued = (message: string) => {
    toasts.success(message);
    setSent((n) => n + 1);
  };
  const [resuming, setResuming] = useState(false);
  const resume = () => {
    setResuming(true);
    api.resumeWebhook(applicationId).then(
      () => {
        setResuming(false);
        onResumed?.();
        queued(t('webhook.pause.resumed'));
      },
      (error: unknown) => {
        setResuming(false);
        toasts.error(toPortalError(error));
      },
    );
  };
  const sendTest = () => {
    setTesting(true);
    api.sendTestWebhookDelivery(applicationId).then(
      () => {
        setTesting(false);
        queued(t('webhook.test.queued'));
      },
      (error: unknown) => {
        setTesting(false);
        toasts.error(toPortalError(error));
      },
    );
  };
  const replay = (delivery: WebhookDelivery) => {
    setBusy(true);
    api.replayWebhookDelivery(applicationId, delivery.id).then(
      () => {
        setBusy(false);
        setReplaying(undefined);
        queued(t('webhook.replay.queued', { id: shortId(delivery.id) }));
      },
      (error: unknown) => {
        setBusy(false);
        setReplaying(undefined);
        toasts.error(toPortalError(error));
      },
    );
  };
  const columns = useMemo(
    (): readonly DataTableColumn<WebhookDelivery>[] => [
      { key: 'createdAt', header: t('webhook.delivery.createdAt'), render: (row) => date(row.createdAt, true) },
      {
        key: 'id',
        header: t('webhook.delivery.id'),
        render: (row) => (
          <span className="font-mono" title={row.id}>
            {shortId(row.id)}
          </span>
        ),
      },
      {
        key: 'event',
        header: t('webhook.delivery.event'),
        render: (row) => (
          <span className="flex flex-col">
            {t(`webhook.eventNames.${row.event}`)}
            {row.replayOf !== null && (
              <span className="text-xs text-fg-muted">{t('webhook.replay.of', { id: shortId(row.replayOf) })}</span>
            )}
          </span>
        ),
      },
      { key: 'status', header: t('webhook.delivery.status'), render: (row) => t(`webhook.statuses.${row.status}`) },
      { key: 'attempts', header: t('webhook.delivery.attempts'), align: 'end', render: (row) => row.attempts },
      {
        key: 'responseStatus',
        header: t('webhook.delivery.responseStatus'),
        align: 'end',
        render: (row) => row.responseStatus ?? '–',
      },
      {
        key: 'error',
        header: t('webhook.delivery.error'),
        render: (row) => webhookErrorText(t, row),
      },
      {
        key: 'actions',
        header: t('webhook.delivery.actions'),
        render: (row) => (
          <span className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              icon={<DocumentMagnifyingGlassIcon />}
              onClick={() => setShown(row.id)}
              aria-label={t('webhook.detail.openOf', { id: shortId(row.id) })}
            >
              {t('webhook.detail.open')}
            </Button>
            {canSend && (
              <Button
                variant="ghost"
                size="sm"
                icon={<ArrowPathIcon />}
                onClick={() => setReplaying(row)}
                aria-label={t('webhook.replay.labelOf', { id: shortId(row.id) })}
              >
                {t('webhook.replay.label')}
              </Button>
            )}
          </span>
        ),
      },
    ],
    [t, date, canSend],
  );
  return (
    <UiSection
      title={t('webhook.deliveries')}
      className="flex flex-col gap-3"
      actions={
        canSend && (
          <Button variant="secondary" icon={<PaperAirplaneIcon />} busy={testing} onClick={sendTest}>
            {t('webhook.test.send')}
          </Button>
        )
      }
    >
      {pause !== undefined && pause.pausedAt !== null && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-warning bg-warning-soft p-4 text-sm text-on-warning-soft"
        >
          <p>{t('webhook.pause.paused', { date: date(pause.pausedAt, true), n: pause.consecutiveFailures })}</p>
          {canSend && (
            <Button variant="secondary" icon={<PlayIcon />} busy={resuming} onClick={resume}>
              {t('webhook.pause.resume')}
            </Button>
          )}
        </div>
      )}
      <ListView<WebhookDelivery>
        caption={t('webhook.deliveries')}
        scope={`deliveries-${applicationId}`}
        reloadKey={reloadKey + sent}
        searchable={false}
        load={(params) => api.listWebhookDeliveries(applicationId, params)}
        rowKey={(row) => row.id}
        emptyMessage={t('webhook.noDeliveries')}
        columns={columns}
      />
      <DeliveryDetailDialog
        applicationId={applicationId}
        deliveryId={shown}
        title={t('webhook.detail.title', { id: shortId(shown ?? '') })}
        onClose={() => setShown(undefined)}
      />
      <Confirm
        open={replaying !== undefined}
        busy={busy}
        tone="primary"
        title={t('webhook.replay.title', { id: shortId(replaying?.id ?? '') })}
        message={t('webhook.replay.message', {
          event: replaying === undefined ? '' : t(`webhook.eventNames.${replaying.event}`),
          date: date(replaying?.createdAt, true),
        })}
        confirmLabel={t('webhook.replay.label')}
        onCancel={() => setReplaying(undefined)}
        onConfirm={() => {
          if (replaying !== undefined) replay(replaying);
        }}
      />
    </UiSection>
  );
}
