// One delivery in a dialog (#20.2): the JSON body it sends and each attempt — when, how long,
// the headers sent (the API masked the secret values before storing them), the answer's status
// and first 2 KB, or the error. The dialog's code loads on first use.
import { lazy, Suspense } from 'react';
import { Section, Skeleton } from '@portal/ui';
import type { WebhookDeliveryAttempt } from '@portal/adapters/admin';
import { useServerData } from '../../../app/server-data.ts';
import { useAdmin } from '../admin-context.tsx';
import { webhookErrorText } from '../lib/webhook-errors.ts';
import { useAdminT, useFormatDate } from '../lib/i18n.ts';

const LazyDialog = lazy(() => import('@portal/ui/dialog').then((m) => ({ default: m.Dialog })));

export function DeliveryDetailDialog({
  applicationId,
  deliveryId,
  title,
  onClose,
}: {
  readonly applicationId: string;
  /** The delivery shown; undefined: closed. */
  readonly deliveryId: string | undefined;
  readonly title: string;
  readonly onClose: () => void;
}) {
  if (deliveryId === undefined) return null;
  return (
    <Suspense fallback={null}>
      <LazyDialog open onClose={onClose} title={title} size="lg">
        <DeliveryDetail applicationId={applicationId} deliveryId={deliveryId} />
      </LazyDialog>
    </Suspense>
  );
}

function DeliveryDetail({
  applicationId,
  deliveryId,
}: {
  readonly applicationId: string;
  readonly deliveryId: string;
}) {
  const t = useAdminT();
  const { api } = useAdmin();
  const detail = useServerData(['admin', 'webhookDelivery', applicationId, deliveryId], () =>
    api.getWebhookDelivery(applicationId, deliveryId),
  );
  if (detail.status === 'failed')
    return (
      <p role="alert" className="text-sm text-danger">
        {t('webhook.detail.loadFailed')}
      </p>
    );
  if (detail.data === undefined) return <Skeleton className="h-40 w-full" />;
  const { payload, attempts } = detail.data;
  return (
    <div className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto text-sm">
      <Section title={t('webhook.detail.payload')} level={3} size="inherit" className="flex flex-col gap-2">
        <CodeBlock text={JSON.stringify(payload, null, 2)} />
      </Section>
      <Section title={t('webhook.detail.attempts')} level={3} size="inherit" className="flex flex-col gap-3">
        {attempts.length === 0 ? (
          <p className="text-fg-muted">{t('webhook.detail.noAttempts')}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {attempts.map((attempt) => (
              <Attempt key={attempt.attempt} attempt={attempt} />
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}

function Attempt({ attempt }: { readonly attempt: WebhookDeliveryAttempt }) {
  const t = useAdminT();
  const date = useFormatDate();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line p-3">
      <p className="font-medium">
        {t('webhook.detail.attemptLine', {
          n: attempt.attempt,
          date: date(attempt.startedAt, true),
          ms: attempt.durationMs,
        })}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-fg-muted">{t('webhook.delivery.responseStatus')}</dt>
        <dd>{attempt.responseStatus ?? '–'}</dd>
        <dt className="text-fg-muted">{t('webhook.delivery.error')}</dt>
        <dd>{webhookErrorText(t, attempt)}</dd>
        {attempt.error !== null && (
          <>
            <dt className="text-fg-muted">{t('webhook.detail.technical')}</dt>
            <dd className="font-mono text-xs break-all">{attempt.error}</dd>
          </>
        )}
      </dl>
      <details>
        <summary className="cursor-pointer">{t('webhook.detail.headers')}</summary>
        <CodeBlock text={attempt.requestHeaders.map((header) => `${header.name}: ${header.value}`).join('\n')} />
      </details>
      <details>
        <summary className="cursor-pointer">{t('webhook.detail.responseBody')}</summary>
        {attempt.responseBody === null ? (
          <p className="text-fg-muted">{t('webhook.detail.noBody')}</p>
        ) : (
          <CodeBlock text={attempt.responseBody} />
        )}
      </details>
    </li>
  );
}

/** Text as sent or received, in a monospace block that scrolls. */
export function CodeBlock({ text }: { readonly text: string }) {
  // Focusable so that a long line can be scrolled by keyboard.
  return (
    <pre
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="mt-1 max-h-64 overflow-auto rounded-md bg-surface-muted p-2 font-mono text-xs whitespace-pre"
    >
      {text}
    </pre>
  );
}
