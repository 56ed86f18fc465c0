// The application's webhook (spec §3): enabled, endpoint, basic auth (the password is
// write-only), events, custom headers, key vault reference; and its deliveries (test, replay).
import { useMemo, useState } from 'react';
import { ArrowPathIcon, DocumentMagnifyingGlassIcon, PaperAirplaneIcon, PlayIcon } from '@heroicons/react/20/solid';
import { toPortalError } from '@portal/core';
import {
  Button,
  Checkbox,
  Section as UiSection,
  Select,
  Switch,
  TagInput,
  TextField,
  type DataTableColumn,
} from '@portal/ui';
import type { WebhookDelivery } from '@portal/adapters/admin';
import { useToasts } from '../../../app/contexts.tsx';
import { useAdmin } from '../admin-context.tsx';
import { Confirm } from '../components/confirm.tsx';
import { Grid, Section, useErrorText, type FormState } from '../components/form-kit.tsx';
import { ListView } from '../components/list-view.tsx';
import {
  emptyWebhook,
  headersForNames,
  isAllowedHeaderName,
  listError,
  pauseChoices,
  withoutListErrors,
  type ApplicationValues,
  type WebhookValues,
} from '../lib/application-form.ts';
import { webhookErrorText } from '../lib/webhook-errors.ts';
import { useAdminT, useFormatDate } from '../lib/i18n.ts';
import { examplePayload, webhookEvents } from '../lib/webhook-examples.ts';
import { CodeBlock, DeliveryDetailDialog } from './webhook-delivery-detail.tsx';

type Form = FormState<ApplicationValues>;

export function WebhookSection({
  form,
  writable,
  applicationId,
}: {
  readonly form: Form;
  readonly writable: boolean;
  readonly applicationId?: string;
}) {
  const t = useAdminT();
  const errorText = useErrorText();
  const hook = form.values.webhook;
  const set = (change: Partial<WebhookValues>, field?: string) =>
    form.update((v) => ({ ...v, webhook: v.webhook === null ? null : { ...v.webhook, ...change } }), field);
  const err = (field: string) => errorText(form.errors[`webhook.${field}`]);
  return (
    <Section title={t('webhook.title')} description={t('webhook.description')}>
      <Switch
        label={t('webhook.configured')}
        checked={hook !== null}
        disabled={!writable}
        onChange={(on) => form.update((v) => ({ ...v, webhook: on ? emptyWebhook : null }))}
      />
      {hook !== null && (
        <>
          <Switch
            label={t('webhook.enabled')}
            checked={hook.enabled}
            disabled={!writable}
            onChange={(enabled) => set({ enabled })}
          />
          <TextField
            label={t('webhook.endpointUrl')}
            type="url"
            required
            value={hook.endpointUrl}
            error={err('endpointUrl')}
            help={t('webhook.endpointHelp')}
            onChange={(e) => set({ endpointUrl: e.target.value }, 'webhook.endpointUrl')}
          />
          <Grid>
            <TextField
              label={t('webhook.username')}
              value={hook.username}
              autoComplete="off"
              error={err('username')}
              onChange={(e) => set({ username: e.target.value }, 'webhook.username')}
            />
            <TextField
              label={t('webhook.password')}
              type="password"
              autoComplete="new-password"
              value={hook.password}
              error={err('password')}
              disabled={hook.removePassword}
              help={hook.passwordSet ? t('webhook.passwordSet') : t('webhook.passwordNotSet')}
              onChange={(e) => set({ password: e.target.value }, 'webhook.password')}
            />
          </Grid>
          {hook.passwordSet && (
            <Checkbox
              label={t('webhook.removePassword')}
              checked={hook.removePassword}
              onChange={(e) => set({ removePassword: e.target.checked, password: '' })}
            />
          )}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-fg">{t('webhook.events')}</legend>
            <Checkbox
              label={t('webhook.onGrant')}
              checked={hook.onGrant}
              onChange={(e) => set({ onGrant: e.target.checked })}
            />
            <Checkbox
              label={t('webhook.onRemove')}
              checked={hook.onRemove}
              onChange={(e) => set({ onRemove: e.target.checked })}
            />
            <Checkbox
              label={t('webhook.onUpdate')}
              checked={hook.onUpdate}
              onChange={(e) => set({ onUpdate: e.target.checked })}
            />
          </fieldset>
          {/* Custom headers (spec §2, §3): the names are a tag input, each name once (case-insensitive); a value per name. */}
          <TagInput
            label={t('webhook.headerNames')}
            help={t('webhook.headerNamesHelp')}
            value={hook.headers.map((header) => header.key)}
            validate={isAllowedHeaderName}
            disabled={!writable}
            error={errorText(listError(form.errors, 'webhook.headers', '.key'))}
            onChange={(names) => {
              set({ headers: headersForNames(hook.headers, names) });
              form.setErrors(withoutListErrors(form.errors, 'webhook.headers'));
            }}
          />
          {hook.headers.length > 0 && (
            <Grid>
              {hook.headers.map((header, index) => (
                <TextField
                  key={`${header.key}-${index}`}
                  label={t('webhook.headerValueOf', { name: header.key })}
                  value={header.value}
                  error={err(`headers.${index}.value`)}
                  disabled={!writable}
                  onChange={(e) =>
                    set(
                      { headers: hook.headers.map((h, i) => (i === index ? { ...h, value: e.target.value } : h)) },
                      `webhook.headers.${index}.value`,
                    )
                  }
                />
              ))}
            </Grid>
          )}
          <TextField
            label={t('webhook.keyVaultReference')}
            help={t('webhook.keyVaultHelp')}
            value={hook.keyVaultReference}
            error={err('keyVaultReference')}
            onChange={(e) => set({ keyVaultReference: e.target.value }, 'webhook.keyVaultReference')}
          />
          <Select
            label={t('webhook.pause.label')}
            help={t('webhook.pause.help')}
            value={hook.pauseAfterFailures}
            disabled={!writable}
            options={[
              { value: '', label: t('webhook.pause.never') },
              ...[
                ...new Set([
                  ...pauseChoices,
                  ...(hook.pauseAfterFailures === '' ? [] : [Number(hook.pauseAfterFailures)]),
                ]),
              ]
                .sort((a, b) => a - b)
                .map((n) => ({ value: String(n), label: t('webhook.pause.after', { n }) })),
            ]}
            onChange={(e) => set({ pauseAfterFailures: e.target.value })}
          />
          <ExamplePayloads applicationId={applicationId} />
        </>
      )}
    </Section>
  );
}

/** What the endpoint receives per event, before anything is sent (#20.2). */
function ExamplePayloads({ applicationId }: { readonly applicationId: string | undefined }) {
  const t = useAdminT();
  return (
    <details className="rounded-lg border border-line p-3 text-sm text-fg">
      <summary className="cursor-pointer font-medium">{t('webhook.examples.title')}</summary>
      <p className="mt-2 text-fg-muted">{t('webhook.examples.help')}</p>
      {webhookEvents.map((event) => (
        <div key={event} className="mt-3">
          <h3 className="font-medium">{t(`webhook.eventNames.${event}`)}</h3>
          <CodeBlock text={JSON.stringify(examplePayload(event, applicationId), null, 2)} />
        </div>
      ))}
    </details>
  );
}

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
